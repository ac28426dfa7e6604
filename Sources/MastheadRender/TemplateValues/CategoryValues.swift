import MastheadSite

/// A category: in `site.categories`, on a card, in a category list and the categories index.
struct CategoryValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case name, slug, url, feedURL, count, description, colour
        static let byName = table()
    }

    let name: String
    let slug: String
    let url: String
    let feedURL: String
    let count: Int
    let description: String
    let colour: String?

    init(_ category: CategorySummary, config: SiteConfig) {
        name = category.config.name
        slug = category.config.slug
        url = config.link(forPath: category.path)
        feedURL = config.link(forPath: category.feedPath)
        count = category.articles.count
        description = category.config.description
        colour = category.config.colour
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .name: name
        case .slug: slug
        case .url: url
        case .feedURL: feedURL
        case .count: count
        case .description: description
        case .colour: colour
        }
    }
}
