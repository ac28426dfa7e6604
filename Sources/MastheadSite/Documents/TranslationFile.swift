import MastheadSupport

/// A content file's name read for its language: `moka.en` is `moka` in English.
package enum TranslationFile {
    /// The name without the language, and the language (lower-cased) when the name ends in one
    /// of `codes`; a site without `languages:` has none, so its files keep their names.
    package static func split(stem: String, codes: Set<String>) -> (baseName: String, language: String?) {
        guard !codes.isEmpty, let dot = stem.lastIndex(of: ".") else { return (stem, nil) }
        // A tag in any case (`moka.EN.md`, `moka.pt-br.md`), compared as `translationCodes` are.
        guard let suffix = LanguageTag(stem[stem.index(after: dot)...])?.lowercased, codes.contains(suffix) else { return (stem, nil) }
        return (String(stem[..<dot]), suffix)
    }
}
