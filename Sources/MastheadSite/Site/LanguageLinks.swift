import Foundation
import MastheadSupport

/// Every page of a multilingual site in each language: its translation when there is one,
/// otherwise the closest page that exists in that language (the article's category, a
/// catalog's index, then the home page). What `hreflang` links, the language switcher and
/// the sitemap's alternates show. Empty for a site in one language.
package struct LanguageLinks: Sendable {
    package struct Version: Sendable, Equatable {
        /// As `languages:` writes it (`en-GB`), for `hreflang` and `lang`.
        package var code: String
        package var name: String
        package var path: String
        /// False when the page has no version in this language and `path` is the closest page.
        package var isTranslation: Bool
    }

    /// By route path: the page in every language, its own included, in the order of `languages:`.
    package var byPath: [String: [Version]] = [:]

    package init() {}

    package var isEmpty: Bool { byPath.isEmpty }

    /// The page's versions in every language; empty on a site in one language.
    package func versions(of path: String) -> [Version] { byPath[path] ?? [] }

    /// Every page's versions in one number, for the preview's page fingerprints: a page shows
    /// where its versions are (hreflang, the language switcher).
    package var fingerprint: UInt64 {
        var fingerprint = Fingerprint()
        for path in byPath.keys.sorted() {
            fingerprint.add(path)
            for version in byPath[path] ?? [] {
                fingerprint.add(version.code)
                fingerprint.add(version.path)
                fingerprint.add(version.isTranslation ? 1 : 0)
            }
        }
        return fingerprint.value
    }

    /// The versions that are the same page (hreflang alternates); empty unless there are at least two.
    package func alternates(of path: String) -> [Version] {
        let found = versions(of: path).filter(\.isTranslation)
        return found.count > 1 ? found : []
    }

    /// `sites`: the default language's first, then `languages` after the default one.
    package static func make(_ sites: [Site], languages: [LanguageConfig]) -> LanguageLinks {
        guard sites.count > 1, languages.count == sites.count else { return LanguageLinks() }
        var groups: [String: [Int: String]] = [:]
        var identities: [[String?]] = []
        for (index, site) in sites.enumerated() {
            let identity = RouteIdentity(site: site, language: languages[index], isDefault: index == 0)
            let ids = site.routes.map { identity.of($0) }
            for (route, id) in zip(site.routes, ids) {
                guard let id else { continue }
                if groups[id]?[index] == nil { groups[id, default: [:]][index] = route.path }
            }
            identities.append(ids)
        }
        var links = LanguageLinks()
        let allPaths = sites.map { Set($0.routes.map(\.path)) }
        for (index, site) in sites.enumerated() {
            for (route, id) in zip(site.routes, identities[index]) {
                guard let id else { continue }
                links.byPath[route.path] = sites.indices.map { other in
                    let language = languages[other]
                    if let path = groups[id]?[other] {
                        return Version(code: language.code, name: language.name, path: path, isTranslation: true)
                    }
                    let path = closest(to: route, in: site, from: sites[other], paths: allPaths[other])
                    return Version(code: language.code, name: language.name, path: path, isTranslation: false)
                }
            }
        }
        return links
    }

    /// Where a reader goes in `other` when `route` of `site` has no version there.
    private static func closest(to route: Route, in site: Site, from other: Site, paths: Set<String>) -> String {
        let home = other.config.languagePath("/")
        switch route.subject {
        case .article(let index):
            guard let slug = site.articles[index].category?.slug,
                let category = other.categories.first(where: { $0.config.slug == slug }), paths.contains(category.path)
            else { return home }
            return category.path
        case .catalogItem(let catalog, _), .catalogFacet(let catalog, _, _, _), .catalogOrder(let catalog, _, _):
            let name = site.catalogs[catalog].config.name
            guard let index = other.catalogs.first(where: { $0.config.name == name })?.config.indexPath, paths.contains(index) else {
                return home
            }
            return index
        default:
            return home
        }
    }
}

/// What one page is whatever its language: a document's translation group, a tag's original
/// slug, a catalog item's key, otherwise its path without the language prefix. Nil for pages
/// with no versions (redirects, feeds and other files made by code).
private struct RouteIdentity {
    let site: Site
    let prefix: String
    /// A translated tag's slug → the original tag's slug.
    let originalTags: [String: String]

    init(site: Site, language: LanguageConfig, isDefault: Bool) {
        self.site = site
        prefix = site.config.languagePrefix
        var tags: [String: String] = [:]
        if !isDefault {
            for (original, translated) in language.tags.sorted(by: { $0.key < $1.key }) {
                tags[Slug.make(translated)] = tags[Slug.make(translated)] ?? original
            }
        }
        originalTags = tags
    }

    func of(_ route: Route) -> String? {
        guard route.template != nil, route.kind != .redirect else { return nil }
        switch route.subject {
        case .article(let index):
            return "article/" + site.articles[index].document.translationKey
        case .page(let index):
            let document = site.pages[index].document
            return document.kind.rawValue + "/" + document.translationKey
        case .tag(let index, let page):
            let slug = site.tags[index].slug
            return "tag/\(originalTags[slug] ?? slug)/\(page.number)"
        case .catalogItem(let catalog, let item):
            return "item/\(site.catalogs[catalog].config.name)/\(site.catalogs[catalog].items[item].key)"
        default:
            return "path" + route.path.dropFirst(prefix.count)
        }
    }
}
