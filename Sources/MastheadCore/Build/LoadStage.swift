import Foundation
import MastheadContent
import MastheadRender
import MastheadSite
import MastheadSupport

/// Stage 1, load: what a build reads before it parses anything.
struct SiteInputs: Sendable {
    var config: SiteConfig
    var templates: TemplateSet
    /// Every article, page and report file with its kind, in that order; read when parsed.
    var documents: [DocumentSource]
    /// Relative paths of the files under Content/static.
    var staticPaths: [String]
    /// Whether the site has an article section (a `Content/articles/` folder, even empty).
    var hasArticleSection: Bool

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
        var documents: [DocumentSource] = []
        for (folder, kind) in [(SiteFolders.articles, Document.Kind.article), (SiteFolders.pages, .page), (SiteFolders.reports, .report)] {
            let (paths, problems) = ContentLoader.paths(in: folder, siteDirectory: siteDirectory, extensions: SiteInputs.documentExtensions)
            diagnostics += problems
            let unsaved = options.unsavedDocuments.keys.filter { $0.hasPrefix(folder + "/") && !paths.contains($0) }
            documents += (paths + unsaved.sorted()).map { path in
                DocumentSource(path: path, kind: kind, bytes: options.unsavedDocuments[path].map { .read($0) } ?? .inSiteFolder(siteDirectory))
            }
        }
        let staticPaths = ContentLoader.files(in: SiteFolders.staticFiles, siteDirectory: siteDirectory, diagnostics: &diagnostics)
        let hasArticleSection =
            documents.contains { $0.kind == .article }
            || FileManager.default.fileExists(atPath: siteDirectory.appendingPathComponent(SiteFolders.articles).path)
        return SiteInputs(
            config: config, templates: templates, documents: documents, staticPaths: staticPaths, hasArticleSection: hasArticleSection)
    }
}
