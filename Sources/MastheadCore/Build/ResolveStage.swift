import Foundation
import MastheadContent
import MastheadRender
import MastheadSearch
import MastheadSite
import MastheadSupport

/// Stage 3, resolve: the parsed documents and catalogs joined into one `Site`, with what
/// every page can show (named charts) and the files that are not routes (statements).
struct ResolvedSite: Sendable {
    var site: Site
    /// Private member statement pages: files only, never routes, so never linked or listed.
    var statementFiles: [OutputFile]
}

enum ResolveStage {
    static func run(_ inputs: SiteInputs, _ parsed: ParsedContent, options: BuildOptions, diagnostics: inout [Diagnostic]) -> ResolvedSite {
        var config = inputs.config
        config.search.enabled = config.search.enabled ?? inputs.templates.names.contains(SearchSettings.template)
        var resolver = SiteResolver(config: config, now: options.now)
        resolver.hasSearchPage = config.search.enabled == true
        resolver.includeDrafts = options.includeDrafts
        resolver.includeFuture = options.includeFuture
        resolver.relatedLists = options.memory?.relatedLists
        resolver.hasArticleSection = inputs.hasArticleSection
        resolver.failedArticleSlugs = Set(parsed.failed.filter { $0.kind == .article }.map(\.slug))
        // Catalog `blocks:`: each item's charts and key figures, drawn before pages render.
        resolver.catalogs = parsed.reports.withItemBlocks(parsed.catalogs, diagnostics: &diagnostics)
        let documents = parsed.documents
        var (site, resolveDiagnostics) = resolver.resolve(
            articles: documents.filter { $0.kind == .article },
            pages: documents.filter { $0.kind == .page || $0.kind == .report },
            staticPaths: inputs.staticPaths)
        diagnostics += resolveDiagnostics
        diagnostics += SearchStage.problems(config)
        let (namedCharts, chartDiagnostics) = parsed.reports.renderNamedCharts()
        site.charts = namedCharts
        diagnostics += chartDiagnostics
        if !config.translationLanguages.isEmpty {
            site.translations = parsed.translations.map { translation in
                var view = resolveView(translation, config: config, inputs: inputs, options: options, diagnostics: &diagnostics)
                // Named charts in the language's words and number formats (their problems are the default language's).
                view.charts = config.reports.charts.isEmpty ? [:] : translation.reports.renderNamedCharts().0
                return view
            }
            // Every language's aliases go in the one `_redirects`, even when the default language has none.
            let hasRedirectsFile = site.routes.contains { $0.kind == .redirects }
            if !hasRedirectsFile && site.translations.contains(where: { $0.routes.contains { $0.kind == .redirect } }) {
                site.routes.append(Route(kind: .redirects, subject: .redirectsFile, path: "/_redirects", source: SiteFolders.siteConfig))
            }
            let links = LanguageLinks.make([site] + site.translations, languages: config.languages)
            site.languageLinks = links
            for index in site.translations.indices { site.translations[index].languageLinks = links }
        }
        diagnostics += SiteRenderer(site: site, templates: inputs.templates, siteDirectory: options.siteDirectory).missingTemplates()
        let (statementFiles, statementDiagnostics) = parsed.reports.statementFiles(site: site, templates: inputs.templates)
        diagnostics += statementDiagnostics
        return ResolvedSite(site: site, statementFiles: statementFiles)
    }

    /// Another language's site: the same resolver on its documents and catalogs, with its view
    /// of the configuration (every URL under `/en/`). Static files are the default site's.
    private static func resolveView(
        _ translation: ParsedTranslation, config: SiteConfig, inputs: SiteInputs, options: BuildOptions, diagnostics: inout [Diagnostic]
    ) -> Site {
        var resolver = SiteResolver(config: config.view(for: translation.language), now: options.now)
        resolver.hasSearchPage = config.search.enabled == true
        resolver.includeDrafts = options.includeDrafts
        resolver.includeFuture = options.includeFuture
        resolver.hasArticleSection = inputs.hasArticleSection
        resolver.failedArticleSlugs = Set(translation.failed.filter { $0.kind == .article }.map(\.slug))
        resolver.catalogs = translation.reports.withItemBlocks(translation.catalogs, diagnostics: &diagnostics)
        let documents = translation.documents
        let (site, problems) = resolver.resolve(
            articles: documents.filter { $0.kind == .article },
            pages: documents.filter { $0.kind == .page || $0.kind == .report }, staticPaths: [])
        diagnostics += problems
        return site
    }
}
