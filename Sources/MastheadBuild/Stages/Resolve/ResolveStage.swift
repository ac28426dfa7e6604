import Foundation
import MastheadContent
import MastheadRender
import MastheadSearch
import MastheadSite
import MastheadSupport

/// Stage 3, resolve: the parsed documents and catalogs joined into one `Site`, with what
/// every page can show (named charts).
enum ResolveStage {
    static func run(_ inputs: SiteInputs, _ parsed: ParsedContent, options: BuildOptions, diagnostics: inout [Diagnostic]) -> Site {
        var config = inputs.config
        config.search.enabled = config.search.enabled ?? inputs.templates.names.contains(SearchSettings.template)
        // Every language resolved alike, each with its view of the configuration (every URL
        // under `/en/`); static files are the primary's, and so are the named charts' problems.
        var sites: [Site] = []
        for language in parsed.languages {
            var chartProblems: [Diagnostic] = []
            sites.append(
                resolve(language, config: config, inputs: inputs, options: options, diagnostics: &diagnostics, chartProblems: &chartProblems))
            if sites.count == 1 {
                diagnostics += SearchStage.problems(config)
                diagnostics += chartProblems
            }
        }
        var site = sites[0]
        if sites.count > 1 {
            site.translations = Array(sites.dropFirst())
            // Every language's aliases go in the one `_redirects`, even when the default language has none.
            let hasRedirectsFile = site.routes.contains { $0.kind == .redirects }
            if !hasRedirectsFile && site.translations.contains(where: { $0.routes.contains { $0.kind == .redirect } }) {
                site.routes.append(Route(kind: .redirects, subject: .redirectsFile, path: "/_redirects", source: SiteFolders.siteConfig))
            }
            let links = LanguageLinks.make(sites, languages: config.languages)
            site.languageLinks = links
            for index in site.translations.indices { site.translations[index].languageLinks = links }
        }
        // A sitemap past one file's URLs is cut in parts, counted over every language.
        site.routes += SitemapParts.routes(for: site, urlsPerFile: options.sitemapURLsPerFile)
        diagnostics += SiteRenderer(site: site, templates: inputs.templates, siteFolder: options.siteFolder).missingTemplates()
        return site
    }

    /// One language's site: its documents and catalogs resolved with its view of `config`,
    /// and its named charts in its words and number formats.
    private static func resolve(
        _ language: ParsedLanguage, config: SiteConfig, inputs: SiteInputs, options: BuildOptions, diagnostics: inout [Diagnostic],
        chartProblems: inout [Diagnostic]
    ) -> Site {
        let view = language.language.map(config.view(for:)) ?? config
        var resolver = SiteResolver(config: view, now: options.now)
        resolver.hasSearchPage = config.search.enabled == true
        resolver.includeDrafts = options.includeDrafts
        resolver.includeFuture = options.includeFuture
        resolver.relatedLists = options.memory?.language(view.language).relatedLists
        resolver.relatedListExtra = options.relatedListExtra
        resolver.hasArticleSection = inputs.hasArticleSection
        resolver.failedArticleSlugs = Set(language.failed.filter { $0.kind == .article }.map(\.slug))
        // Catalog `blocks:`: each item's charts and key figures, drawn before pages render.
        resolver.catalogs = language.reports.withItemBlocks(language.catalogs, diagnostics: &diagnostics)
        var (site, problems) = resolver.resolve(language.documents, staticPaths: language.language == nil ? inputs.staticPaths : [])
        diagnostics += problems
        (site.charts, chartProblems) = language.reports.renderNamedCharts()
        return site
    }
}

extension ResolveStage {
    /// A patch's resolve: one language's parsed documents put in place in its kept site (`SiteUpdate`), and the keys of
    /// the articles they changed brought up to date. Nil when one would move in the site (its URL, date, publication,
    /// category, tags, related list or template changed): then a full build.
    static func patch(_ documents: [Document], language: Int, kept: inout SiteMemory.State) -> SiteUpdate? {
        var update = SiteUpdate(kept.languages[language].documentIndex)
        let placed = kept.withSite(language) { site in documents.allSatisfy { update.replace(with: $0, in: &site) } }
        guard placed else { return nil }
        let site = kept.site(of: language)
        for index in update.changedArticles { kept.languages[language].articleKeys[index] = RouteFingerprints.articleKey(site.articles[index]) }
        return update
    }
}
