import MastheadSite
import MastheadSupport

/// What the build writes for aliases: a small page at each old URL (an immediate refresh,
/// the canonical link, a link a reader can follow, kept out of search engines), and
/// `_redirects` for hosts that answer with a real 301 (Netlify, Cloudflare Pages).
struct RedirectRenderer {
    let config: SiteConfig

    func page(to target: String, title: String) -> String {
        let url = XML.escape(config.absoluteURL(forPath: target))
        let labels = Labels(language: config.language)
        return """
            <!doctype html>
            <html lang="\(XML.escape(config.language))">
            <head>
            <meta charset="utf-8">
            <title>\(XML.escape(title))</title>
            <meta name="robots" content="noindex">
            <link rel="canonical" href="\(url)">
            <meta http-equiv="refresh" content="0; url=\(url)">
            </head>
            <body>
            <main>
            <h1>\(XML.escape(title))</h1>
            <p>\(XML.escape(labels.movedTo)) <a href="\(url)">\(url)</a></p>
            </main>
            </body>
            </html>

            """
    }

    /// One line per alias, `FROM TO 301`, with the base path of the site's URL.
    func netlifyFile(_ routes: [Route]) -> String {
        var lines = ""
        for route in routes {
            guard case .redirect(let target, _) = route.subject else { continue }
            lines += "\(config.link(forPath: route.path)) \(config.link(forPath: target)) 301\n"
        }
        return lines
    }
}
