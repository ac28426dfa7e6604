import Foundation

/// Stage 1, load: what a build reads before it parses anything.
struct SiteInputs: Sendable {
    var config: SiteConfig
    var templates: TemplateSet
    var articleFiles: [SourceFile]
    var pageFiles: [SourceFile]
    var reportFiles: [SourceFile]
    /// Relative paths of the files under Content/static.
    var staticPaths: [String]
    /// Whether the site has an article section (a `Content/articles/` folder, even empty).
    var hasArticleSection: Bool

    /// Every article, page and report file with its kind, in that order.
    var documentFiles: [(file: SourceFile, kind: Document.Kind)] {
        articleFiles.map { ($0, .article) } + pageFiles.map { ($0, .page) } + reportFiles.map { ($0, .report) }
    }

    static let documentExtensions: Set<String> = ["md", "markdown", "html", "htm"]
}

enum LoadStage {
    /// site.yml, the templates, the article, page and report files and the list of static
    /// files. Nil when there is no site to build (no Content/, or a site.yml that cannot be read).
    static func run(_ options: BuildOptions, diagnostics: inout [Diagnostic]) -> SiteInputs? {
        let siteDirectory = options.siteDirectory
        guard FileManager.default.fileExists(atPath: siteDirectory.appendingPathComponent(SiteFolders.content).path) else {
            diagnostics.append(
                Diagnostic(
                    .error, "missing Content/ folder: \(siteDirectory.path) is not a Masthead site (it needs Content/ and Templates/)",
                    file: SiteFolders.content))
            return nil
        }
        let (loadedConfig, configDiagnostics) = SiteConfigLoader.load(siteDirectory: siteDirectory)
        diagnostics += configDiagnostics
        let (templates, templateDiagnostics) = TemplateSet.load(siteDirectory: siteDirectory, partialsRenderedOnce: options.partialsRenderedOnce)
        diagnostics += templateDiagnostics
        guard var config = loadedConfig else { return nil }
        if let override = options.baseURL {
            if let normalised = SiteConfigLoader.normaliseBaseURL(override) {
                config.baseURL = normalised
            } else {
                diagnostics.append(
                    Diagnostic(.error, "--base-url: expected an absolute URL like https://example.com/, got \"\(override)\"", file: "masthead"))
            }
        }
        let extensions = SiteInputs.documentExtensions
        let (articleFiles, articleProblems) = ContentLoader.sources(in: SiteFolders.articles, siteDirectory: siteDirectory, extensions: extensions)
        let (pageFiles, pageProblems) = ContentLoader.sources(in: SiteFolders.pages, siteDirectory: siteDirectory, extensions: extensions)
        let (reportFiles, reportProblems) = ContentLoader.sources(in: SiteFolders.reports, siteDirectory: siteDirectory, extensions: extensions)
        diagnostics += articleProblems + pageProblems + reportProblems
        let staticPaths = ContentLoader.files(in: SiteFolders.staticFiles, siteDirectory: siteDirectory, diagnostics: &diagnostics)
        let hasArticleSection =
            !articleFiles.isEmpty
            || FileManager.default.fileExists(atPath: siteDirectory.appendingPathComponent(SiteFolders.articles).path)
        return SiteInputs(
            config: config, templates: templates, articleFiles: articleFiles, pageFiles: pageFiles,
            reportFiles: reportFiles, staticPaths: staticPaths, hasArticleSection: hasArticleSection)
    }
}
