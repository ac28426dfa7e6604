import MastheadSite
import MastheadSupport

/// `sitemap.xml` (sitemaps.org 0.9) and `robots.txt`. A multilingual site has one of each, at
/// the root: the sitemap lists every language's pages, each with its translations (`xhtml:link`).
/// A site with more URLs than a file holds has them in parts, and `sitemap.xml` is their index
/// (`SitemapParts`).
struct SitemapRenderer {
    let site: Site
    let format: SiteFormatter

    /// Every listed URL, or the index of the parts when the resolver cut it in parts.
    func sitemap() -> String {
        let parts = site.routes.filter { if case .sitemapPart = $0.subject { true } else { false } }
        guard parts.isEmpty else { return index(of: parts) }
        return urlset(0..<Int.max)
    }

    /// The listed URLs whose positions (counted over every language, as `SitemapParts` counts
    /// them) fall in `urls`.
    func urlset(_ urls: Range<Int>) -> String {
        let multilingual = !site.translations.isEmpty
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"\(multilingual ? " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"" : "")>

            """
        var position = 0
        for language in [site] + site.translations where position < urls.upperBound {
            let listed = language.routes.count(where: SitemapParts.isListed)
            // A language wholly before the part is skipped without visiting its routes.
            guard position + listed > urls.lowerBound else {
                position += listed
                continue
            }
            for route in language.routes where SitemapParts.isListed(route) {
                guard position < urls.upperBound else { break }
                position += 1
                guard urls.contains(position - 1) else { continue }
                xml += "  <url><loc>\(XML.escape(site.config.absoluteURL(forPath: route.path)))</loc>"
                switch route.subject {
                case .article(let index): xml += "<lastmod>\(format.rfc3339(language.articles[index].document.date))</lastmod>"
                case .page(let index): xml += "<lastmod>\(format.rfc3339(language.pages[index].document.date))</lastmod>"
                default: break
                }
                if multilingual { xml += alternates(of: route.path) }
                xml += "</url>\n"
            }
        }
        return xml + "</urlset>\n"
    }

    /// `sitemap.xml` of a site in parts: where each part is.
    private func index(of parts: [Route]) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for part in parts {
            xml += "  <sitemap><loc>\(XML.escape(site.config.absoluteURL(forPath: part.path)))</loc></sitemap>\n"
        }
        return xml + "</sitemapindex>\n"
    }

    /// The page's translations, itself included, then `x-default` (the default language's version).
    private func alternates(of path: String) -> String {
        let versions = site.languageLinks.alternates(of: path)
        guard let first = versions.first(where: { $0.code == site.config.languages.first?.code }) ?? versions.first else { return "" }
        return (versions.map { ($0.code, $0.path) } + [("x-default", first.path)]).map { code, path in
            "<xhtml:link rel=\"alternate\" hreflang=\"\(XML.escape(code))\" href=\"\(XML.escape(site.config.absoluteURL(forPath: path)))\"/>"
        }.joined()
    }

    func robots() -> String {
        "User-agent: *\nAllow: /\n\nSitemap: \(site.config.absoluteURL(forPath: "/sitemap.xml"))\n"
    }
}
