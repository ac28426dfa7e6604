import Foundation
import MastheadSupport

/// Whether a BCP 47 tag names a language (and region) that exists, and the likely tag meant
/// when it does not (`en-UK` → `en-GB`).
package enum LanguageCodes {
    /// Regions written the way people say them rather than as ISO 3166 has them.
    private static let regionMistakes = ["UK": "GB", "EN": "GB", "EL": "GR", "JA": "JP", "ZH": "CN", "KO": "KR", "DA": "DK", "SV": "SE"]
    /// Languages written as a country's code.
    private static let languageMistakes = ["jp": "ja", "cz": "cs", "dk": "da", "se": "sv", "gr": "el", "cn": "zh", "ua": "uk", "kr": "ko"]

    private static let languages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
    private static let regions = Set(Locale.Region.isoRegions.map(\.identifier))

    /// Nil when `tag` is a known language, with a known region if it has one; otherwise
    /// what is wrong, with the tag probably meant.
    package static func problem(with tag: String) -> String? {
        let parts = tag.split(separator: "-").map(String.init)
        guard let first = parts.first, LanguageTag(tag) != nil else {
            return "expected a BCP 47 tag like it, en or en-GB, got \"\(tag)\""
        }
        var language = first.lowercased()
        var known = true
        if !languages.contains(language) {
            known = false
            language = languageMistakes[language] ?? Suggestion.closest(to: language, in: languages.sorted()) ?? language
        }
        var rest = Array(parts.dropFirst())
        if let region = rest.first, region.count == 2 || region.allSatisfy(\.isNumber) {
            let upper = region.uppercased()
            if !regions.contains(upper) {
                known = false
                rest[0] = regionMistakes[upper] ?? upper
            }
        }
        guard !known else { return nil }
        let meant = ([language] + rest).joined(separator: "-")
        let hint = meant != tag && problem(with: meant) == nil ? "; did you mean '\(meant)'?" : ""
        return "unknown language code \"\(tag)\"\(hint)"
    }
}
