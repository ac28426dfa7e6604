import Foundation
import MastheadSupport

/// One entry of `languages:` in site.yml: a language the site is written in, with what
/// changes in it (docs/translating.md). The default language is the one equal to `language:`.
package struct LanguageConfig: Sendable {
    /// A BCP 47 tag in `LanguageTag`'s normal form (`en`, `en-GB`, whatever case site.yml
    /// wrote); its URLs live under `/<code lower-cased>/`.
    package var code: String
    /// What the language switcher calls it, in the language itself (`English`).
    package var name: String
    package var title: String?
    package var description: String?
    package var menu: [MenuLink]?
    /// Category slug → name and description in this language.
    package var categories: [String: (name: String?, description: String?)] = [:]
    /// Home sections' titles, by position.
    package var homeSectionTitles: [String] = []
    /// Slug of an original tag → the tag in this language.
    package var tags: [String: String] = [:]
    /// Catalog name → label and description in this language.
    /// By catalog name: its label and description, and its filter's headings by field name.
    package var catalogs: [String: (label: String?, description: String?, filterLabels: [String: String])] = [:]
    /// Where the entry is written, for problems with the language as a whole.
    package var location: SourceLocation

    package init(code: String, name: String, location: SourceLocation) {
        self.code = code
        self.name = name
        self.location = location
    }

    /// `/en`: what this language's site paths start with (empty for the default language).
    package var pathPrefix: String { "/" + code.lowercased() }
}
