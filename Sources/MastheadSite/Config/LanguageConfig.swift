import Foundation
import MastheadSupport

/// One entry of `languages:` in site.yml: a language the site is written in, with what
/// changes in it (docs/translating.md). The default language is the one equal to `language:`.
public struct LanguageConfig: Sendable {
    /// A BCP 47 tag in `LanguageTag`'s normal form (`en`, `en-GB`, whatever case site.yml
    /// wrote); its URLs live under `/<code lower-cased>/`.
    public var code: String
    /// What the language switcher calls it, in the language itself (`English`).
    public var name: String
    public var title: String?
    public var description: String?
    public var menu: [MenuLink]?
    /// Category slug → name and description in this language.
    public var categories: [String: (name: String?, description: String?)] = [:]
    /// Home sections' titles, by position.
    public var homeSectionTitles: [String] = []
    /// Slug of an original tag → the tag in this language.
    public var tags: [String: String] = [:]
    /// Catalog name → label and description in this language.
    /// By catalog name: its label and description, and its filter's headings by field name.
    public var catalogs: [String: (label: String?, description: String?, filterLabels: [String: String])] = [:]
    /// Where the entry is written, for problems with the language as a whole.
    public var location: SourceLocation

    public init(code: String, name: String, location: SourceLocation) {
        self.code = code
        self.name = name
        self.location = location
    }

    /// `/en`: what this language's site paths start with (empty for the default language).
    public var pathPrefix: String { "/" + code.lowercased() }
}
