import MastheadSite
import MastheadSupport

/// What building the index needs from `search:` and the site: the language, its stop words,
/// the weights in field order, and which kinds come first.
package struct SearchSettings: Sendable {
    /// The template of the search page; a site with it has search on unless `search: false`.
    package static let template = "search"

    var language: String
    var stopWords: Set<String>
    /// By `SearchConfig.Field` order.
    var weights: [Double]
    /// Catalogs indexed, with their declaration.
    var catalogs: [SearchConfig.Catalog]

    init(config: SiteConfig) {
        language = LanguageTag.normalised(config.search.language ?? config.language)
        stopWords = StopWords.words(language: language)
        weights = SearchConfig.Field.allCases.map { config.search.weights[$0] ?? 0 }
        catalogs = config.search.catalogs
    }

    /// Articles, pages, reports, then catalog items in the order `search.catalogs` names them.
    func kindRank(_ kind: String) -> Int {
        switch kind {
        case "article": 0
        case "page": 1
        case "report": 2
        default: 3 + (catalogs.firstIndex { $0.name == kind } ?? catalogs.count)
        }
    }
}
