import Foundation
import MastheadSite

/// `x: { field: film, catalog: films }`: the titles and page links of a catalog's items,
/// by key, so charts and tables show "Breaking Bad" rather than "breaking-bad".
struct CatalogTitles: Sendable {
    struct Entry: Sendable {
        var title: String
        /// The item page's link, with the site's base path.
        var url: String
    }

    let entries: [String: Entry]

    init(catalog: Catalog, config: SiteConfig) {
        var entries: [String: Entry] = [:]
        for item in catalog.items where entries[item.key] == nil {
            entries[item.key] = Entry(title: item.title, url: config.link(forPath: item.path))
        }
        self.entries = entries
    }

    /// The item an x value names; nil when the value is not one of the catalog's keys.
    func entry(for key: GroupKey) -> Entry? {
        switch key {
        case .text(let text): return entries[text] ?? entries[text.trimmingCharacters(in: .whitespaces)]
        case .number(let number):
            // Numeric keys (`1042`) are typed as numbers in a statistics file; whole ones are written without a point.
            if abs(number) < 1e15, let whole = Int(exactly: number), let entry = entries[String(whole)] { return entry }
            return entries[String(number)]
        default: return nil
        }
    }
}
