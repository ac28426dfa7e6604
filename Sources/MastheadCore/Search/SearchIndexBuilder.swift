import Foundation

/// The index of a resolved site, from its entries: one per article, page, report and
/// catalog item named in `search.catalogs`, made on every core; then each new word's stem.
/// `SearchEntries` is what the preview keeps to patch a save in (`replacing`).
struct SearchEntries: Sendable {
    var settings: SearchSettings
    /// Articles, then pages, then catalog items, in the site's order: a patch replaces by index.
    var entries: [SearchEntry]
    var articleCount: Int
    /// Every word met so far → its stem (the preview keeps it between builds).
    var stems: [String: String]

    init(site: Site, stems: [String: String] = [:]) {
        settings = SearchSettings(config: site.config)
        let maker = SearchEntryMaker(config: site.config, stopWords: settings.stopWords)
        var entries = parallelMap(site.articles) { maker.entry(article: $0) }
        entries += parallelMap(site.pages) { maker.entry(page: $0) }
        for search in settings.catalogs {
            guard let catalog = site.catalogs.first(where: { $0.config.name == search.name }) else { continue }
            entries += parallelMap(catalog.items) { maker.entry(item: $0, of: catalog, search: search) }
        }
        self.entries = entries
        articleCount = site.articles.count
        self.stems = stems
        stemNewWords()
    }

    /// The entries of changed articles and pages made again from the patched site.
    mutating func replace(articles: Set<Int>, pages: Set<Int>, in site: Site) {
        let maker = SearchEntryMaker(config: site.config, stopWords: settings.stopWords)
        for index in articles.sorted() { entries[index] = maker.entry(article: site.articles[index]) }
        for index in pages.sorted() { entries[articleCount + index] = maker.entry(page: site.pages[index]) }
        stemNewWords()
    }

    var index: SearchIndex { SearchIndex(entries: entries, config: settings, stems: stems) }

    private mutating func stemNewWords() {
        var new = Set<String>()
        for entry in entries { for term in entry.terms where stems[term.word] == nil { new.insert(term.word) } }
        guard !new.isEmpty else { return }
        // Without a stemmer for the language, each word is its own stem.
        let stemmer = Stemmer(language: settings.language)
        for word in new { stems[word] = stemmer?.stem(word) ?? word }
    }
}
