import Foundation

/// Renders every route of a `Site` into output files: pages through their templates,
/// feeds, sitemap and robots.txt by code, static files by reference.
public struct SiteRenderer: Sendable {
    public let site: Site
    public let templates: TemplateSet
    public let siteDirectory: URL

    public init(site: Site, templates: TemplateSet, siteDirectory: URL) {
        self.site = site
        self.templates = templates
        self.siteDirectory = siteDirectory
    }

    /// Every template a route needs must exist: one error per missing template.
    public func missingTemplates() -> [Diagnostic] {
        var counts: [String: (count: Int, kind: Route.Kind, source: String)] = [:]
        for route in site.routes {
            guard let name = route.template, !templates.names.contains(name) else { continue }
            counts[name, default: (0, route.kind, route.source)].count += 1
        }
        return counts.keys.sorted().map { name in
            let (count, kind, source) = counts[name]!
            let known = templates.names.sorted()
            let file = kind == .article || kind == .page ? source : "\(TemplateSet.folder)/\(name).mustache"
            return Diagnostic(.error, "missing template '\(name)', needed for \(count) \(kind.rawValue) page\(count == 1 ? "" : "s")\(Suggestion.didYouMean(name, in: known))", file: file)
        }
    }

    /// Pages rendered between two hand-overs to `deliver`.
    static let batchSize = 2048

    /// Every page and file. With a memo (the preview), a page whose inputs are unchanged since
    /// the memo's render (`RouteFingerprints`; `inputs` as described there) keeps its bytes.
    /// With `deliver` (a build written to disk, no memo), pages are handed over in batches as
    /// they are rendered, not returned, so a large site is never held in memory whole.
    public func render(memo: RenderMemo? = nil, inputs: String = "", deliver: (([OutputFile]) throws -> Void)? = nil) throws -> [OutputFile] {
        let statics = site.staticFiles.map {
            OutputFile(path: $0.outputPath, contents: .copy(siteDirectory.appendingPathComponent($0.sourcePath).path))
        }
        if let deliver {
            let context = PageContext(site: site)
            for start in stride(from: 0, to: site.routes.count, by: Self.batchSize) {
                let batch = Array(site.routes[start..<min(start + Self.batchSize, site.routes.count)])
                try deliver(renderPages(batch, context: context))
            }
            return statics
        }
        let context = PageContext(site: site)
        let fingerprints = memo.map { _ in RouteFingerprints(site: site, templates: templates, inputs: inputs) }
        let pages = parallelMap(site.routes) { route -> RenderedPage in
            let fingerprint = fingerprints?.fingerprint(of: route)
            if let fingerprint, let data = memo?.page(at: route.outputPath, fingerprint: fingerprint) {
                var file = OutputFile(path: route.outputPath, contents: .bytes(data))
                file.isReused = true
                return RenderedPage(file: file, fingerprint: fingerprint, data: data)
            }
            let data = Data(renderRoute(route, context: context).utf8)
            return RenderedPage(file: OutputFile(path: route.outputPath, contents: .bytes(data)), fingerprint: fingerprint, data: data)
        }
        memo?.replace(with: pages.map { ($0.file.path, $0.fingerprint, $0.data, $0.file.isReused) })
        return pages.map(\.file) + statics
    }

    /// Just these routes' pages: the preview's patch of a kept site (`KeptBuild`).
    func renderPages(_ routes: [Route], context: PageContext? = nil) -> [OutputFile] {
        let context = context ?? PageContext(site: site)
        return parallelMap(routes) { route in
            OutputFile(path: route.outputPath, contents: .bytes(Data(renderRoute(route, context: context).utf8)))
        }
    }

    private func renderRoute(_ route: Route, context: PageContext) -> String {
        let format = context.format
        switch route.subject {
        case .siteFeed:
            return FeedWriter(site: site, format: format).feed(title: site.config.title, subtitle: site.config.description,
                                                               path: route.path, articles: Array(site.articles.indices))
        case .categoryFeed(let index):
            let category = site.categories[index]
            return FeedWriter(site: site, format: format).feed(title: "\(category.config.name) · \(site.config.title)",
                                                               subtitle: category.config.description, path: route.path, articles: category.articles)
        case .sitemap:
            return SitemapWriter(site: site, format: format).sitemap()
        case .robots:
            return SitemapWriter(site: site, format: format).robots()
        default:
            guard let template = route.template else { return "" }
            return templates.render(context.values(for: route), template: template) ?? ""
        }
    }
}

private struct RenderedPage: Sendable {
    var file: OutputFile
    var fingerprint: UInt64?
    var data: Data
}
