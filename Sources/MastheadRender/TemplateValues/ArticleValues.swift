import MastheadMustache
import MastheadSite

/// `article` on an article's page: everything of its card, and what only its own page shows.
struct ArticleValues: TemplateValue {
    enum Key: String, TemplateKey {
        case content, tags, wordCount, related, previous, next, share, video, gallery, galleryCount, draft, archiveURL, toc
        static let byName = table()
    }

    /// For the cards of related and neighbouring articles.
    let context: PageContext
    /// Kept, not looked up in the context's cache of cards: a page asks for most of its
    /// names through it, and that cache takes a lock for each.
    let card: CardValues

    init(card: CardValues, context: PageContext) {
        self.context = context
        self.card = card
    }

    private var index: Int { card.index }
    private var formatted: FormattedDocument { card.document.formatted }
    private var article: ResolvedArticle { context.site.articles[index] }
    private var document: Document { formatted.document }

    func child(_ name: TemplateSymbol) -> Any? {
        // On its own page the cover is the first, largest image; on a card it is one of many.
        if name.name == "cover", document.video == nil { return formatted.cover?.prominent }
        return Key.byName[name].flatMap(value(for:)) ?? card.child(name)
    }

    func value(for key: Key) -> Any? {
        let article = article
        let document = article.document
        let source = context.source
        switch key {
        case .content: return source.bodyHTML(document)
        case .tags: return article.tagSlugs.compactMap { source.tagsBySlug[$0].map { source.tags[$0] } }
        case .wordCount: return document.wordCount
        case .related: return article.related.map(context.card)
        case .previous: return article.previous.map(context.card)
        case .next: return article.next.map(context.card)
        case .share: return ShareValues(title: document.title, url: source.config.absoluteURL(forPath: article.path))
        case .video:
            // The cover, when there is one, keeps the page free of YouTube requests until the click.
            return document.video.map { VideoValues($0, thumbnail: formatted.cover?.src ?? $0.thumbnailURL) }
        case .gallery:
            let count = document.gallery.count
            return count == 0
                ? nil
                : document.gallery.indices.map {
                    GalleryImageValues(
                        document.gallery[$0], offset: $0, count: count,
                        image: ImageValues(src: document.gallery[$0].src, alt: document.gallery[$0].alt, source: source))
                }
        case .galleryCount: return document.gallery.isEmpty ? nil : document.gallery.count
        case .draft: return document.draft ? true : nil
        case .archiveURL: return source.archiveLink(for: document.date)
        case .toc: return document.tableOfContents.map { TableOfContentsValues(contents: $0, label: source.labels.tableOfContents) }
        }
    }

    static var keys: [String] { Key.allCases.map(\.rawValue) + CardValues.keys }
}
