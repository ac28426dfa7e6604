import Foundation
import MastheadSite
import MastheadSupport

/// The index of a resolved site, from its entries: one per article, page, report and
/// catalog item named in `search.catalogs`, made on every core, their words numbered in one
/// vocabulary. `SearchEntries` is what the preview keeps to patch a save in (`replace`).
package struct SearchEntries: Sendable {
    var settings: SearchSettings
    /// Articles, then pages, then catalog items, in the site's order: a patch replaces by index.
    var entries: [SearchEntry]
    var articleCount: Int
    /// Every word met so far, with its stem (the preview keeps it between builds).
    package let vocabulary: SearchVocabulary

    /// `vocabulary`: the last build's, when its language is the site's. `spill`: where each
    /// entry's words wait for the postings once its budget is used up (a build's; the preview
    /// keeps its entries to patch them).
    package init(site: Site, vocabulary kept: SearchVocabulary? = nil, spill: TextSpill? = nil) {
        settings = SearchSettings(config: site.config)
        vocabulary = kept?.language == settings.language ? kept! : SearchVocabulary(language: settings.language)
        let maker = SearchEntryMaker(config: site.config, stopWords: settings.stopWords, vocabulary: vocabulary)
        let spilled = { @Sendable (entry: SearchEntry) in
            var entry = entry
            if let spill { entry.spill(into: spill) }
            return entry
        }
        var entries = parallelMap(site.articles) { spilled(maker.entry(article: $0)) }
        entries += parallelMap(site.pages) { spilled(maker.entry(page: $0)) }
        for search in settings.catalogs {
            guard let catalog = site.catalogs.first(where: { $0.config.name == search.name }) else { continue }
            entries += parallelMap(catalog.items) { spilled(maker.entry(item: $0, of: catalog, search: search)) }
        }
        self.entries = entries
        articleCount = site.articles.count
    }

    /// The entries of changed articles and pages, by their index in the site, made again.
    package mutating func replace(articles: [Int: ResolvedArticle], pages: [Int: ResolvedPage], config: SiteConfig) {
        let maker = SearchEntryMaker(config: config, stopWords: settings.stopWords, vocabulary: vocabulary)
        for (index, article) in articles.sorted(by: { $0.key < $1.key }) { entries[index] = maker.entry(article: article) }
        for (index, page) in pages.sorted(by: { $0.key < $1.key }) { entries[articleCount + index] = maker.entry(page: page) }
    }

    /// The index's files, each handed to `emit` as it is made (`SearchIndex.write`).
    /// Consuming: a build that keeps nothing hands its entries over, so their words are freed
    /// once the postings hold them (at 100,000 articles, over 100 MB while pages still render).
    package consuming func writeIndex(to emit: (_ path: String, _ data: Data) throws -> Void) rethrows {
        let table = vocabulary.stemmed()
        let entries = entries
        self.entries = []
        try SearchIndex.write(entries: entries, config: settings, vocabulary: table, to: emit)
    }
}
