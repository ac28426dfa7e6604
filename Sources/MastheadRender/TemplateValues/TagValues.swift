import MastheadSite

/// A tag: on an article, in a tag list and the tags index.
struct TagValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case name, slug, url, count
        static let byName = table()
    }

    let name: String
    let slug: String
    let url: String
    let count: Int

    init(_ tag: TagSummary, config: SiteConfig) {
        name = tag.name
        slug = tag.slug
        url = config.link(forPath: tag.path)
        count = tag.articles.count
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .name: name
        case .slug: slug
        case .url: url
        case .count: count
        }
    }
}
