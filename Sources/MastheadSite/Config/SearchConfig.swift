import MastheadSupport

/// `search:` in site.yml: whether the site gets a search index and a `/search/` page, in
/// which language its words are stemmed, how much each field weighs, and which catalogs'
/// items are found by which fields (docs/search.md).
package struct SearchConfig: Sendable {
    /// `search: false` turns it off, `true` (or a mapping) on; nil: on when the templates have `search`.
    package var enabled: Bool?
    /// The stemmer's and stop words' language; nil: the site's.
    package var language: String?
    package var languageLocation: SourceLocation?
    /// Field weights; a field left out is not indexed.
    package var weights: [Field: Double] = Self.defaultWeights
    /// Catalogs whose items are indexed, in declaration order.
    package var catalogs: [Catalog] = []

    /// The fields of articles, pages and reports (catalog items' fields weigh as `title` and `summary`).
    package enum Field: String, Sendable, CaseIterable {
        case title, subtitle, tags, category, summary, body
    }

    package static let defaultWeights: [Field: Double] = [.title: 8, .subtitle: 4, .tags: 4, .category: 3, .summary: 2, .body: 1]

    package struct Catalog: Sendable {
        /// The catalog's name under `catalogs:`.
        package var name: String
        /// The item fields indexed, in order; the catalog's title field weighs as `title`, the others as `summary`.
        package var fields: [String]
        /// The field results of this catalog are filtered by (a facet such as a prize's category or a store's city).
        package var facet: String?
    }

    package init() {}
}
