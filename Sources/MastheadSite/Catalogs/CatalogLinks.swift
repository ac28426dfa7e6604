import Foundation
import MastheadMarkdown
import MastheadSupport

/// Resolves `prize:moka-pot` in articles to the item's URL (with the base path).
/// An unknown key is an error the Markdown renderer reports at the link's line. A key whose
/// row was left out for an error of its own, or any key of a catalog that could not be read,
/// is no second error: the link points at the catalog's index while the row is fixed.
package struct CatalogLinks: Sendable {
    /// Scheme → (key → site path), plus the catalog's keys for suggestions.
    private let paths: [String: [String: String]]
    /// Scheme → the keys of rows that failed; nil keys: the whole catalog failed.
    private let failed: [String: (index: String, keys: Set<String>?)]
    private let basePath: String

    package init(catalogs: [Catalog], config: SiteConfig) {
        var paths: [String: [String: String]] = [:]
        var failed: [String: (index: String, keys: Set<String>?)] = [:]
        for catalog in catalogs {
            paths[catalog.config.linkScheme] = Dictionary(catalog.items.map { ($0.key, $0.path) }, uniquingKeysWith: { first, _ in first })
            if !catalog.failedKeys.isEmpty { failed[catalog.config.linkScheme] = (catalog.config.indexPath, catalog.failedKeys) }
        }
        for catalog in config.catalogs where paths[catalog.linkScheme] == nil {
            paths[catalog.linkScheme] = [:]
            failed[catalog.linkScheme] = (catalog.indexPath, nil)
        }
        self.paths = paths
        self.failed = failed
        basePath = config.basePath
    }

    package var isEmpty: Bool { paths.isEmpty }

    /// Nil for destinations that are not a catalog link (the renderer leaves them alone).
    package func resolve(_ destination: String) -> LinkResolution? {
        guard let colon = destination.firstIndex(of: ":") else { return nil }
        let scheme = String(destination[..<colon])
        guard let keys = paths[scheme] else { return nil }
        let rest = destination[destination.index(after: colon)...]
        let key = String(rest.prefix { $0 != "#" })
        let fragment = rest.dropFirst(key.count)
        let decoded = key.removingPercentEncoding ?? key
        guard let path = keys[decoded] else {
            if let failed = failed[scheme], failed.keys?.contains(decoded) ?? true { return .url(basePath + failed.index.dropFirst()) }
            return .error("unknown \(scheme) '\(decoded)'\(Suggestion.didYouMean(decoded, in: keys.keys.sorted()))")
        }
        return .url(basePath + path.dropFirst() + fragment)
    }
}
