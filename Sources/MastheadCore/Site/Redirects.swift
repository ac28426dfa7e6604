import Foundation

/// The redirect pages of a site's aliases (`aliases:` in front matter, or a catalog's
/// `aliases` field) and the `_redirects` file listing them. An alias that is another page's
/// URL, or that two pages claim, is an error at the alias and gets no page.
enum Redirects {
    /// One alias with the page it leads to.
    struct Claim {
        var alias: PageAlias
        var target: String
        var title: String
        var source: String
    }

    /// The field of a catalog row holding its aliases, separated by spaces or `;`.
    static let catalogField = "aliases"

    static func claims(in site: Site) -> [Claim] {
        var claims: [Claim] = []
        for article in site.articles {
            claims += article.document.aliases.map {
                Claim(alias: $0, target: article.path, title: article.document.title, source: article.document.sourcePath)
            }
        }
        for page in site.pages {
            claims += page.document.aliases.map {
                Claim(alias: $0, target: page.path, title: page.document.title, source: page.document.sourcePath)
            }
        }
        for catalog in site.catalogs {
            guard let field = catalog.fieldIndex(catalogField) else { continue }
            for item in catalog.items {
                let text = item.values[field].rawText(site.config.timeZone)
                for word in text.split(whereSeparator: { $0 == ";" || $0.isWhitespace }) {
                    claims.append(
                        Claim(
                            alias: PageAlias(path: String(word), location: item.source), target: item.path, title: item.title,
                            source: item.source.file))
                }
            }
        }
        // By file, then position: of two claims, the later one is reported, whatever the dates.
        return claims.sorted {
            ($0.alias.location.file, $0.alias.location.line ?? 0, $0.alias.location.column ?? 0)
                < ($1.alias.location.file, $1.alias.location.line ?? 0, $1.alias.location.column ?? 0)
        }
    }

    /// Routes for the aliases of `site` (whose other routes are made), and the problems.
    static func routes(for site: Site, describe: (Route) -> String) -> ([Route], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var pages: [String: Route] = [:]
        for route in site.routes { pages[route.outputPath] = route }
        var claimed: [String: Claim] = [:]
        var routes: [Route] = []
        for var claim in claims(in: site) {
            // Catalog cells are checked here; front matter was checked when parsed.
            switch PageAlias.normalize(claim.alias.path) {
            case .success(let path): claim.alias.path = path
            case .failure(let problem):
                diagnostics.append(.error("\(catalogField): \(problem.message)", at: claim.alias.location))
                continue
            }
            let route = Route(
                kind: .redirect, subject: .redirect(to: claim.target, title: claim.title), path: claim.alias.path, source: claim.source)
            if let page = pages[route.outputPath] {
                let owner = page.path == claim.target ? "this page's own URL" : "the URL of \(describe(page))"
                diagnostics.append(
                    .error("aliases: \(claim.alias.path) is \(owner); an alias names an old URL no page has now", at: claim.alias.location))
                continue
            }
            if let first = claimed[route.outputPath] {
                if first.target != claim.target {
                    diagnostics.append(
                        .error(
                            "aliases: \(claim.alias.path) is claimed twice: by \(first.source) (for \(first.target)) and here (for \(claim.target))",
                            at: claim.alias.location))
                }
                continue
            }
            claimed[route.outputPath] = claim
            routes.append(route)
        }
        routes.sort { $0.path < $1.path }
        // Another language's aliases go in the default language's file (`SiteRenderer`).
        if !routes.isEmpty && site.config.languagePrefix.isEmpty {
            routes.append(Route(kind: .redirects, subject: .redirectsFile, path: "/_redirects", source: SiteFolders.siteConfig))
        }
        return (routes, diagnostics)
    }
}
