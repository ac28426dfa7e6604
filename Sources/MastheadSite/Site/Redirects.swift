import Foundation
import MastheadContent
import MastheadSupport

/// The redirect pages of a site's aliases (`aliases:` in front matter, or a catalog's
/// `aliases` field) and the `_redirects` file listing them. An alias that is another page's
/// URL, or that two pages claim, is an error at the alias and gets no page.
package enum Redirects {
    /// One alias with the page it leads to.
    struct Claim {
        var alias: PageAlias
        var target: String
        var title: String
        var source: String
    }

    /// The field of a catalog row holding its aliases, separated by spaces or `;`.
    package static let catalogField = "aliases"

    static func claims(in site: Site) -> [Claim] {
        var claims: [Claim] = []
        // By index: copying every article to find the few with aliases was most of this.
        for index in site.articles.indices where !site.articles[index].document.aliases.isEmpty {
            let article = site.articles[index]
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

    /// Routes for the aliases of `site` (whose other routes are made), and the problems. Every
    /// path the build writes is one namespace: an alias may not take a page's URL, a static
    /// file's path, a file Masthead writes beside the pages (`GeneratedOutputs`), nor a place
    /// one of those needs as a folder. Each such alias is an error at the alias, naming what
    /// it would replace, and gets no page. Letter case is ignored, as a Mac's disk ignores it.
    static func routes(for site: Site, describe: (Route) -> String) -> ([Route], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let all = claims(in: site)
        guard !all.isEmpty else { return ([], []) }
        let taken = TakenPaths(site: site)
        var claimed: [String: Claim] = [:]
        var routes: [Route] = []
        for var claim in all {
            // Catalog cells are checked here; front matter was checked when parsed.
            switch PageAlias.normalize(claim.alias.path) {
            case .success(let path): claim.alias.path = path
            case .failure(let problem):
                diagnostics.append(.error("\(catalogField): \(problem.message)", at: claim.alias.location))
                continue
            }
            let route = Route(
                kind: .redirect, subject: .redirect(to: claim.target, title: claim.title), path: claim.alias.path, source: claim.source)
            if let problem = taken.problem(route.outputPath, target: claim.target, describe: describe) {
                diagnostics.append(.error("aliases: \(claim.alias.path) \(problem)", at: claim.alias.location))
                continue
            }
            let key = route.outputPath.lowercased()
            if let first = claimed[key] {
                if first.target != claim.target {
                    diagnostics.append(
                        .error(
                            "aliases: \(claim.alias.path) is claimed twice: by \(first.source) (for \(first.target)) and here (for \(claim.target))",
                            at: claim.alias.location))
                }
                continue
            }
            claimed[key] = claim
            routes.append(route)
        }
        routes.sort { $0.path < $1.path }
        // Another language's aliases go in the default language's file (`SiteRenderer`).
        if !routes.isEmpty && site.config.languagePrefix.isEmpty {
            routes.append(Route(kind: .redirects, subject: .redirectsFile, path: "/_redirects", source: SiteFolders.siteConfig))
        }
        return (routes, diagnostics)
    }

    /// What the site writes besides its aliases, by output path in lower case, to find what an
    /// alias would replace. Made only for a site with aliases.
    private struct TakenPaths {
        var routes: [String: Route] = [:]
        var staticFiles: [String: StaticFile] = [:]
        /// Every folder a route or static file needs, with one of them.
        var folders: [String: String] = [:]
        let generated: GeneratedOutputs

        init(site: Site) {
            generated = GeneratedOutputs(site: site)
            for route in site.routes { routes[route.outputPath.lowercased()] = route }
            // Written with the aliases themselves, after this check.
            routes["_redirects"] = Route(kind: .redirects, subject: .redirectsFile, path: "/_redirects", source: SiteFolders.siteConfig)
            for file in site.staticFiles { staticFiles[file.outputPath.lowercased()] = file }
            for path in routes.keys.sorted() + staticFiles.keys.sorted() {
                var folder = Substring(path)
                while let slash = folder.lastIndex(of: "/") {
                    folder = folder[..<slash]
                    guard folders[String(folder)] == nil else { break }
                    folders[String(folder)] = path
                }
            }
        }

        /// Why the alias at `output` cannot be written, as the rest of a message after the
        /// alias; nil when nothing else is there.
        func problem(_ output: String, target: String, describe: (Route) -> String) -> String? {
            let lowered = output.lowercased()
            if let route = routes[lowered] {
                let owner = route.path == target ? "this page's own URL" : "the URL of \(describe(route))"
                if route.outputPath == output { return "is \(owner); an alias names an old URL no page has now" }
                return "differs only in letter case from \(route.path), \(owner): on a disk that ignores case (macOS, Windows)"
                    + " its redirect would replace that page"
            }
            if let file = staticFiles[lowered] {
                let same = file.outputPath == output ? "is" : "differs only in letter case from"
                return "\(same) the static file \(file.sourcePath); an alias names an old URL no file has now"
            }
            if let clash = generated.clash(at: output) { return clash }
            var folder = Substring(lowered)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if let route = routes[String(folder)] {
                    return "needs \(route.outputPath) to be a folder, but \(describe(route)) is written there"
                }
                if let file = staticFiles[String(folder)] {
                    return "needs \(file.outputPath) to be a folder, but the static file \(file.sourcePath) is copied there"
                }
            }
            if let beneath = folders[lowered] {
                return "would be written as the file \(output), but \(beneath) needs \(output)/ to be a folder"
            }
            return nil
        }
    }
}
