import Foundation
import MastheadSite
import MastheadSupport

/// One thing a reader can find (an article, a page, a report or a catalog item): what its
/// result shows, and the words of each of its fields, normalised and without stop words.
/// Made from one document or item alone, so the preview makes again only the saved ones.
struct SearchEntry: Sendable, Equatable {
    /// `article`, `page`, `report`, or the catalog's name.
    var kind: String
    /// The category's slug, or the slug of a catalog item's facet value; empty for none.
    var group: String
    var groupLabel: String
    /// The link, with the site's base path.
    var url: String
    /// What the result shows, one JSON object as the index's fragment files hold it: title,
    /// link, kind, category, summary, image, date and the start of the text for highlighted
    /// excerpts. In a file past a build's budget (`spill`): a million articles' are 1 GB.
    var fragment: SpillableText
    /// Each word of each field with its count, by field, a field's words in the order first
    /// met: `(caffe, title, 1)`, the word by its number in the site's `SearchVocabulary`.
    var terms: [Term] {
        get { storedTerms.elements }
        set { storedTerms = SpillableArray(newValue) }
    }
    /// In a file past a build's budget (`spillTerms`): a million articles' words are 2.4 GB.
    private var storedTerms = SpillableArray<Term>([])
    /// The number of words of each field, in `SearchConfig.Field` order.
    var lengths: [Int]

    struct Term: Sendable, Equatable {
        var word: Int32
        var field: UInt8
        var count: UInt16
    }

    /// `texts`: each field's texts, in `SearchConfig.Field` order, whose words (`SearchText`)
    /// are counted and numbered in `vocabulary`; those in `stopWords` are neither kept nor
    /// counted in the field's length. Stop words are dropped after counting, so each distinct
    /// word is looked up once, not once per occurrence.
    init(
        kind: String, group: String, groupLabel: String, url: String, title: String, summary: String, image: String?, date: String?,
        excerptText: String, texts: [[String]], stopWords: Set<String> = [], vocabulary: SearchVocabulary
    ) {
        (self.kind, self.group, self.groupLabel, self.url) = (kind, group, groupLabel, url)
        fragment = SpillableText(
            JSONText.object([
                ("title", JSONText.string(title)), ("url", JSONText.string(url)), ("kind", JSONText.string(kind)),
                ("category", groupLabel.isEmpty ? nil : JSONText.string(groupLabel)),
                ("summary", summary.isEmpty ? nil : JSONText.string(summary)), ("image", image.map(JSONText.string)),
                ("date", date.map(JSONText.string)), ("text", JSONText.string(excerptText))
            ]))
        var lengths: [Int] = []
        var counted: [(word: String, field: UInt8, count: UInt16)] = []
        var counts = SearchWordCounts()
        for (field, fieldTexts) in texts.enumerated() {
            counts.removeAll()
            for text in fieldTexts { SearchText.forEachWord(in: text) { counts.add($0) } }
            var length = 0
            for (word, count) in counts.counted where !stopWords.contains(word) {
                length += count
                counted.append((word, UInt8(field), UInt16(min(count, Int(UInt16.max)))))
            }
            lengths.append(length)
        }
        self.lengths = lengths
        // Numbered all at once: one turn of the vocabulary's lock per entry.
        terms = zip(counted, vocabulary.numbers(of: counted.lazy.map(\.word))).map { Term(word: $1, field: $0.field, count: $0.count) }
    }

    /// Sets the words and the fragment aside in `spill`'s file once its budget is used up,
    /// until the postings count the words and the fragment is written.
    mutating func spill(into spill: TextSpill) {
        storedTerms.spill(into: spill)
        fragment.spill(into: spill)
    }

    /// How many characters of a text results take their excerpts from.
    static let excerptLength = 480
}

/// Makes `SearchEntry`s out of the resolved site.
struct SearchEntryMaker: Sendable {
    let config: SiteConfig
    let stopWords: Set<String>
    let vocabulary: SearchVocabulary
    let formatter: SiteFormatter

    init(config: SiteConfig, stopWords: Set<String>, vocabulary: SearchVocabulary) {
        self.config = config
        self.stopWords = stopWords
        self.vocabulary = vocabulary
        formatter = SiteFormatter(language: config.language, timeZone: config.timeZone)
    }

    func entry(article: ResolvedArticle) -> SearchEntry {
        entry(document: article.document, path: article.path, kind: "article", category: article.category)
    }

    func entry(page: ResolvedPage) -> SearchEntry {
        entry(document: page.document, path: page.path, kind: page.document.kind == .report ? "report" : "page", category: nil)
    }

    func entry(item: CatalogItem, of catalog: Catalog, search: SearchConfig.Catalog) -> SearchEntry {
        var fieldTexts = Array(repeating: [String](), count: SearchConfig.Field.allCases.count)
        var texts: [String] = []
        for name in search.fields {
            guard let index = catalog.fieldIndex(name), index < item.values.count else { continue }
            let text = item.values[index].rawText(config.timeZone)
            let field: SearchConfig.Field = name == catalog.config.titleField ? .title : .summary
            fieldTexts[field.index].append(text)
            if field != .title, !text.isEmpty { texts.append(text) }
        }
        if fieldTexts[SearchConfig.Field.title.index].flatMap(SearchText.words).allSatisfy(stopWords.contains) {
            fieldTexts[SearchConfig.Field.title.index] = [item.title]
        }
        var group = ""
        var groupLabel = ""
        if let facet = search.facet, let index = catalog.fieldIndex(facet), index < item.values.count {
            groupLabel = item.values[index].rawText(config.timeZone)
            group = Slug.make(groupLabel)
        }
        let image = catalog.fields.firstIndex { $0.type == .image }.flatMap { index -> String? in
            guard index < item.values.count else { return nil }
            let src = item.values[index].rawText(config.timeZone)
            return src.isEmpty ? nil : link(src)
        }
        let text = texts.joined(separator: " · ")
        return SearchEntry(
            kind: catalog.config.name, group: group, groupLabel: groupLabel, url: config.link(forPath: item.path), title: item.title,
            summary: String(text.prefix(240)), image: image, date: nil, excerptText: String(text.prefix(SearchEntry.excerptLength)),
            texts: fieldTexts, stopWords: stopWords, vocabulary: vocabulary)
    }

    private func entry(document: Document, path: String, kind: String, category: CategoryConfig?) -> SearchEntry {
        let body = SearchHTMLText.plainText(document.contentHTML)
        var fieldTexts = Array(repeating: [String](), count: SearchConfig.Field.allCases.count)
        fieldTexts[SearchConfig.Field.title.index] = [document.title]
        fieldTexts[SearchConfig.Field.subtitle.index] = [document.subtitle ?? ""]
        fieldTexts[SearchConfig.Field.tags.index] = document.tags
        // A summary taken from the body would count the first paragraph twice.
        fieldTexts[SearchConfig.Field.summary.index] = document.summaryIsWritten ? [document.summary] : []
        fieldTexts[SearchConfig.Field.body.index] = [body]
        fieldTexts[SearchConfig.Field.category.index] = [category?.name ?? ""]
        return SearchEntry(
            kind: kind, group: category?.slug ?? "", groupLabel: category?.name ?? "", url: config.link(forPath: path), title: document.title,
            summary: document.summary,
            image: document.cover.map { link($0.src) }, date: kind == "article" ? formatter.longDate(document.date) : nil,
            excerptText: String(body.prefix(SearchEntry.excerptLength)), texts: fieldTexts, stopWords: stopWords, vocabulary: vocabulary)
    }

    /// Site paths get the base path; full URLs and relative paths stay as written.
    private func link(_ src: String) -> String {
        src.hasPrefix("/") && !src.hasPrefix("//") ? config.link(forPath: src) : src
    }
}

extension SearchConfig.Field {
    /// The field's place in `SearchEntry.words`.
    var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
