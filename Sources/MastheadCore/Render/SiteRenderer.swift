import Foundation

/// Renders a `Site`'s routes into bytes: pages through their templates, feeds, sitemap and
/// robots.txt by code; static files by reference. Which routes, and where the bytes go, is
/// the render stage's business (`RenderStage`).
public struct SiteRenderer: Sendable {
    public let site: Site
    public let templates: TemplateSet
    public let siteDirectory: URL
    /// What the image stage made: pages show these, and the originals they replace are not copied.
    public let images: SiteImages
    let replacedStaticFiles: Set<String>

    public init(site: Site, templates: TemplateSet, siteDirectory: URL, images: SiteImages = SiteImages(), replacedStaticFiles: Set<String> = []) {
        self.site = site
        self.templates = templates
        self.siteDirectory = siteDirectory
        self.images = images
        self.replacedStaticFiles = replacedStaticFiles
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
            return Diagnostic(
                .error,
                "missing template '\(name)', needed for \(count) \(kind.rawValue) page\(count == 1 ? "" : "s")"
                    + Suggestion.didYouMean(name, in: known),
                file: file)
        }
    }

    /// Static files, by reference: they are copied, never read here.
    public func staticFiles() -> [OutputFile] {
        site.staticFiles.filter { !replacedStaticFiles.contains($0.sourcePath) }.map {
            OutputFile(path: $0.outputPath, contents: .copy(siteDirectory.appendingPathComponent($0.sourcePath).path))
        }
    }

    /// The chart stylesheet Masthead writes (`ChartStylesheet`), with the palette of site.yml;
    /// a site's own `Content/static/css/charts.css` takes its place, with a warning.
    public func chartStylesheet() -> (file: OutputFile?, warning: Diagnostic?) {
        if let own = site.staticFiles.first(where: { $0.outputPath == ChartStylesheet.path }) {
            let message =
                "this file replaces the chart stylesheet Masthead writes: delete it, and set colours with charts.palette in site.yml "
                + "or --chart-* variables in your own stylesheet"
            return (nil, Diagnostic(.warning, message, file: own.sourcePath))
        }
        let css = ChartStylesheet.css(site.config.reports.chartColours)
        return (OutputFile(path: ChartStylesheet.path, contents: .bytes(Data(css.utf8))), nil)
    }

    /// One route's page or file: through its template, or by code for feeds, sitemap and robots.txt.
    func render(_ route: Route, context: PageContext) -> Data {
        Data(renderRoute(route, context: context).utf8)
    }

    private func renderRoute(_ route: Route, context: PageContext) -> String {
        let format = context.format
        switch route.subject {
        case .siteFeed:
            return FeedRenderer(site: site, format: format, images: images).feed(
                title: site.config.title, subtitle: site.config.description,
                path: route.path, articles: Array(site.articles.indices))
        case .categoryFeed(let index):
            let category = site.categories[index]
            return FeedRenderer(site: site, format: format, images: images).feed(
                title: "\(category.config.name) · \(site.config.title)",
                subtitle: category.config.description, path: route.path, articles: category.articles)
        case .sitemap:
            return SitemapRenderer(site: site, format: format).sitemap()
        case .robots:
            return SitemapRenderer(site: site, format: format).robots()
        case .redirect(let target, let title):
            return RedirectRenderer(config: site.config).page(to: target, title: title)
        case .redirectsFile:
            return RedirectRenderer(config: site.config).netlifyFile(site.routes + site.translations.flatMap(\.routes))
        default:
            guard let template = route.template else { return "" }
            return templates.render(context.values(for: route), template: template) ?? ""
        }
    }
}
