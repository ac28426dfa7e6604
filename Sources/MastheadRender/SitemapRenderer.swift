import MastheadSite
import MastheadSupport

/// `sitemap.xml` (sitemaps.org 0.9) and `robots.txt`. A multilingual site has one of each, at
/// the root: the sitemap lists every language's pages, each with its translations (`xhtml:link`).
struct SitemapRenderer {
    let site: Site
    let format: SiteFormatter

    func sitemap() -> String {
        let multilingual = !site.translations.isEmpty
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"\(multilingual ? " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"" : "")>

            """
        for language in [site] + site.translations {
            for route in language.routes where route.template != nil && route.kind != .notFound && route.kind != .search {
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
