import Foundation
import MastheadCharts
import MastheadContent
import MastheadImages
import MastheadSite
import MastheadSupport

/// Renders a `Site`'s routes into bytes: pages through their templates, feeds, sitemap and
/// robots.txt by code; static files by reference. Which routes, and where the bytes go, is
/// the render stage's business (`RenderStage`).
package struct SiteRenderer: Sendable {
    package let site: Site
    package let templates: TemplateSet
    package let siteFolder: SiteFolder
    /// What the image stage made: pages show these, and the originals they replace are not copied.
    package let images: SiteImages
    let replacedStaticFiles: Set<String>

    package init(site: Site, templates: TemplateSet, siteFolder: SiteFolder, images: SiteImages = SiteImages(), replacedStaticFiles: Set<String> = [])
    {
        self.site = site
        self.templates = templates
        self.siteFolder = siteFolder
        self.images = images
        self.replacedStaticFiles = replacedStaticFiles
    }

    /// Every template a route needs must exist: one error per missing template.
    package func missingTemplates() -> [Diagnostic] {
        var counts: [String: (count: Int, kind: Route.Kind, source: String)] = [:]
        for route in site.routes {
            guard let name = route.template, !templates.names.contains(name) else { continue }
            counts[name, default: (0, route.kind, route.source)].count += 1
        }
        let cards = site.catalogs.compactMap { catalog -> Diagnostic? in
            guard let filter = catalog.config.filter, !templates.names.contains(filter.card) else { return nil }
            return .error(
                "filter.card: no template '\(filter.card)' to draw each result with"
                    + Suggestion.didYouMean(filter.card, in: templates.names.sorted()),
                at: filter.cardLocation)
        }
        return cards
            + counts.keys.sorted().map { name in
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
    package func staticFiles() -> [OutputFile] {
        site.staticFiles.filter { !replacedStaticFiles.contains($0.sourcePath) }.map {
            OutputFile(path: $0.outputPath, contents: .copy(siteFolder.path($0.sourcePath)))
        }
    }

    /// What Masthead writes beside the pages: the chart, print and search stylesheets, and a
    /// catalog filter's script, stylesheet and data (`CatalogFilterAssets`). A site's own file at
    /// one of these paths replaces Masthead's, with a warning saying how to do without it.
    package func generatedFiles() -> (files: [OutputFile], diagnostics: [Diagnostic]) {
        let colours = site.config.reports.chartColours
        var assets: [(path: String, data: Data, advice: String)] = [
            (
                ChartStylesheet.path, Data(ChartStylesheet.css(colours).utf8),
                "set colours with charts.palette or colours.brand in site.yml, or --chart-* variables in your stylesheet"
            ),
            (
                PrintStylesheet.path, Data(PrintStylesheet.css(colours).utf8),
                "put print rules of your own in an @media print block of your stylesheet"
            )
        ]
        if site.config.search.enabled == true {
            assets.append(
                (SearchStylesheet.path, Data(SearchStylesheet.css.utf8), "restyle search in your own stylesheet: its rules win over Masthead's"))
        }
        if site.catalogs.contains(where: { $0.config.filter != nil }) { assets += CatalogFilterAssets.assets }
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        for asset in assets {
            if let own = site.staticFiles.first(where: { $0.outputPath == asset.path }) {
                let kind = asset.path.hasSuffix(".js") ? "script" : "stylesheet"
                let message = "this file replaces the \(kind) Masthead writes (\(asset.path)): delete it, and \(asset.advice)"
                diagnostics.append(Diagnostic(.warning, message, file: own.sourcePath))
            } else {
                files.append(OutputFile(path: asset.path, contents: .bytes(asset.data)))
            }
        }
        let filterData = catalogFilterData()
        let email = EmailEdition(
            site: site, templates: templates, images: images, siteFolder: siteFolder,
            format: SiteFormatter(language: site.config.language, timeZone: site.config.timeZone)
        ).files()
        return (files + filterData.files + email.files, diagnostics + filterData.diagnostics + email.diagnostics)
    }

    /// The data file of every catalog with a `filter:`, in this site's language.
    package func catalogFilterData() -> (files: [OutputFile], diagnostics: [Diagnostic]) {
        let filtered = site.catalogs.indices.filter { site.catalogs[$0].config.filter != nil }
        var files: [OutputFile] = []
        var diagnostics: [Diagnostic] = []
        let store = CatalogTemplateValues(
            site: site, format: SiteFormatter(language: site.config.language, timeZone: site.config.timeZone), images: images)
        for catalog in filtered {
            let data = CatalogFilterData.file(catalog, site: site, templates: templates, store: store)
            files += [data.file].compactMap { $0 }
            diagnostics += [data.problem].compactMap { $0 }
        }
        return (files, diagnostics)
    }

    /// One route's page or file: through its template, or by code for feeds, sitemap and robots.txt.
    package func render(_ route: Route, context: PageContext) -> Data {
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
        case .sitemapPart(let urls):
            return SitemapRenderer(site: site, format: format).urlset(urls)
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
