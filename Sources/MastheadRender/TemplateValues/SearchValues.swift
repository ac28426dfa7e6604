import MastheadSearch
import MastheadSite

/// `site.search`, present when search is on: the search page's link, its script, and the
/// site path of the index's entry (docs/search.md).
struct SearchValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case url, script, index
        static let byName = table()
    }

    let config: SiteConfig

    func value(for key: Key) -> Any? {
        switch key {
        case .url: config.link(forPath: config.languagePath(SiteResolver.searchPath))
        case .script: config.link(forPath: SearchScript.sitePath)
        case .index: config.link(forPath: config.languagePath("/" + SearchIndex.entryPath))
        }
    }
}
