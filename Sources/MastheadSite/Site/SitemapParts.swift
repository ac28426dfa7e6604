/// Which routes the sitemap lists, and how they are cut into files: every language's pages
/// (not the 404, the search page or the files written by code), in route order. Up to
/// `urlsPerFile` URLs, `/sitemap.xml` lists them itself; past that each run of `urlsPerFile`
/// goes into `/sitemap1.xml`, `/sitemap2.xml`... and `/sitemap.xml` is their index, as the
/// sitemaps.org protocol asks of a site over its 50,000 URLs (and 50 MB) a file.
package enum SitemapParts {
    /// Half the protocol's 50,000, so that a page's translations (an `xhtml:link` each) keep a
    /// file of long URLs under the protocol's 50 MB as well.
    package static let urlsPerFile = 25_000

    package static func isListed(_ route: Route) -> Bool {
        route.template != nil && route.kind != .notFound && route.kind != .search
    }

    /// The routes of the sitemap's parts, numbered from 1, each with its run of listed URLs
    /// (counted over the default language's routes, then each translation's); none when one
    /// file holds them all, or the site has no sitemap.
    package static func routes(for site: Site, urlsPerFile: Int = urlsPerFile) -> [Route] {
        guard let sitemap = site.routes.first(where: { $0.kind == .sitemap }) else { return [] }
        let count = ([site] + site.translations).reduce(0) { $0 + $1.routes.count(where: isListed) }
        guard count > urlsPerFile else { return [] }
        return stride(from: 0, to: count, by: urlsPerFile).enumerated().map { number, first in
            Route(
                kind: .sitemap, subject: .sitemapPart(first..<min(first + urlsPerFile, count)),
                path: "/sitemap\(number + 1).xml", source: sitemap.source)
        }
    }
}
