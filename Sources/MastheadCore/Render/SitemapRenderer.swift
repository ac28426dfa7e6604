/// `sitemap.xml` (sitemaps.org 0.9) and `robots.txt`.
struct SitemapRenderer {
    let site: Site
    let format: SiteFormatter

    func sitemap() -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for route in site.routes where route.template != nil && route.kind != .notFound && route.kind != .search {
            xml += "  <url><loc>\(XML.escape(site.config.absoluteURL(forPath: route.path)))</loc>"
            switch route.subject {
            case .article(let index): xml += "<lastmod>\(format.rfc3339(site.articles[index].document.date))</lastmod>"
            case .page(let index): xml += "<lastmod>\(format.rfc3339(site.pages[index].document.date))</lastmod>"
            default: break
            }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }

    func robots() -> String {
        "User-agent: *\nAllow: /\n\nSitemap: \(site.config.absoluteURL(forPath: "/sitemap.xml"))\n"
    }
}
