/// `site`: the site's words and links, the same on every page.
struct SiteValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case title, description, language, author, timezone, baseURL, home, root, feedURL, categories, menu, year, search
        static let byName = table()
    }

    let source: TemplateSource

    func value(for key: Key) -> Any? {
        let config = source.config
        return switch key {
        case .title: config.title
        case .description: config.description
        case .language: config.language
        case .author: config.author
        case .timezone: config.timeZone.identifier
        case .baseURL: config.baseURL
        case .home: source.home
        case .root: config.basePath
        case .feedURL: source.siteFeedURL
        case .categories: source.categories
        case .menu: source.menu
        case .year: source.year
        case .search: config.search.enabled == true ? SearchValues(config: config) : nil
        }
    }
}
