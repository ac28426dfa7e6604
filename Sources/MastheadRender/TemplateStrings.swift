import Foundation
import MastheadContent
import MastheadMustache
import MastheadSupport

/// The theme's words in each language: `Templates/i18n/<code>.yml`, a flat mapping from a
/// key to its text, read by templates as `{{i18n.KEY}}` (docs/templates.md). A key missing
/// from a language's table is taken from the default language's.
package struct TemplateStrings: Sendable {
    static let folder = "i18n"
    /// By lower-cased language code (`it`, `en-gb`).
    var tables: [String: [String: String]] = [:]

    package init() {}

    /// The words for `language`: its own table (or its primary language's, `en` for `en-GB`),
    /// over the default language's. Nil when the theme has no table for either.
    func table(for language: String, defaultLanguage: String) -> [String: String]? {
        func lookup(_ code: String) -> [String: String]? {
            let lowered = code.lowercased()
            return tables[lowered] ?? lowered.split(separator: "-").first.flatMap { tables[String($0)] }
        }
        let own = lookup(language)
        let fallback = lookup(defaultLanguage)
        guard own != nil || fallback != nil else { return nil }
        return (fallback ?? [:]).merging(own ?? [:]) { _, own in own }
    }

    /// Reads `Templates/i18n/*.yml` from the template files `paths` (site-relative).
    static func load(paths: [String], siteFolder: SiteFolder, diagnostics: inout [Diagnostic]) -> TemplateStrings {
        var strings = TemplateStrings()
        let prefix = TemplateSet.folder + "/" + folder + "/"
        for path in paths.sorted() where path.hasPrefix(prefix) && (path.hasSuffix(".yml") || path.hasSuffix(".yaml")) {
            let code = ((path as NSString).lastPathComponent as NSString).deletingPathExtension.lowercased()
            let text: String
            switch siteFolder.read(path).flatMap({ SourceFile(path: path, data: $0).text() }) {
            case .success(let read): text = read
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                continue
            }
            switch YAMLNode.parse(text, file: path) {
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            case .success(let node):
                var table: [String: String] = [:]
                for entry in node.entries ?? [] {
                    guard let value = entry.value.string else {
                        diagnostics.append(.error("\(entry.key): expected text, got \(entry.value.kindName)", at: entry.value.location))
                        continue
                    }
                    table[entry.key] = value
                }
                if node.entries == nil && !node.isNull {
                    diagnostics.append(.error("expected a mapping from a key to its text, like readMore: Read more", at: node.location))
                }
                strings.tables[code] = table
            }
        }
        return strings
    }
}

/// `i18n.KEY`: one of the theme's words in the page's language.
struct TemplateStringValues: TemplateMap, Sendable {
    let table: [String: String]

    func child(_ name: TemplateSymbol) -> Any? { table[name.name] }
}
