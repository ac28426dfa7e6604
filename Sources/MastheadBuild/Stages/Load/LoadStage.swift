import Foundation
import MastheadContent
import MastheadImages
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
        let siteFolder = options.siteFolder
        guard FileManager.default.fileExists(atPath: siteFolder.path(SiteFolders.content)) else {
            diagnostics.append(
                Diagnostic(
                    .error, "missing Content/ folder: \(siteFolder.path) is not a Masthead site (it needs Content/ and Templates/)",
                    file: SiteFolders.content))
            return nil
        }
        let (loadedConfig, configDiagnostics) = SiteConfigLoader.load(siteFolder: siteFolder)
        diagnostics += configDiagnostics
        let (templates, templateDiagnostics) = TemplateSet.load(siteFolder: siteFolder, partialsRenderedOnce: options.partialsRenderedOnce)
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
            let (paths, problems) = ContentLoader.paths(in: folder, siteFolder: siteFolder, extensions: SiteInputs.documentExtensions)
            diagnostics += problems
            let unsaved = options.unsavedDocuments.keys.filter { $0.hasPrefix(folder + "/") && !paths.contains($0) }
            documents += (paths + unsaved.sorted()).map { path in
                DocumentSource(path: path, kind: kind, bytes: options.unsavedDocuments[path].map { .read($0) } ?? .inSiteFolder(siteFolder))
            }
        }
        let staticPaths = ContentLoader.files(in: SiteFolders.staticFiles, siteFolder: siteFolder, diagnostics: &diagnostics)
        let hasArticleSection =
            documents.contains { $0.kind == .article }
            || FileManager.default.fileExists(atPath: siteFolder.path(SiteFolders.articles))
        return SiteInputs(
            config: config, templates: templates, documents: documents, staticPaths: staticPaths, hasArticleSection: hasArticleSection)
    }
}

extension LoadStage {
    /// A patch's load: the changed articles, pages and reports read again (or taken from the editor's unsaved text),
    /// and the changed static files to copy. Nil when a change needs a full build: a file added or gone, a link, an
    /// image (its resized copies, size and social cards change), a template, site.yml, a catalog.
    static func patch(_ changes: Changes, unsaved: [String: Data], kept: SiteMemory.State) -> (
        sources: [DocumentSource], staticFiles: [OutputFile]
    )? {
        let staticOutputs = Dictionary(kept.site.staticFiles.map { ($0.sourcePath, $0.outputPath) }, uniquingKeysWith: { first, _ in first })
        var sources: [DocumentSource] = []
        var staticFiles: [OutputFile] = []
        for path in changes.paths.sorted() {
            let absolute = kept.identity.siteFolder.path(path)
            if let kind = kept.sources[path], let data = unsaved[path] {
                sources.append(DocumentSource(path: path, kind: kind, bytes: .read(data)))
            } else if let kind = kept.sources[path] {
                guard isRegularFile(absolute), let data = FileManager.default.contents(atPath: absolute) else { return nil }
                sources.append(DocumentSource(path: path, kind: kind, bytes: .read(data)))
            } else if let output = staticOutputs[path] {
                guard isRegularFile(absolute), !RasterImage.isRaster(path), path.lowercasedPathExtension != "svg" else { return nil }
                staticFiles.append(OutputFile(path: output, contents: .copy(absolute)))
            } else if !isIgnorable(path, absolute: absolute, kept: kept) {
                return nil
            }
        }
        return (sources, staticFiles)
    }

    /// A path the kept build never read and a full build would not read either: a name the
    /// content walk skips (`.x.md.swp`, `_draft/`), or an editor's temporary file already gone.
    private static func isIgnorable(_ path: String, absolute: String, kept: SiteMemory.State) -> Bool {
        let walked = [SiteFolders.articles, SiteFolders.pages, SiteFolders.reports, SiteFolders.staticFiles, SiteFolders.templates]
        guard let folder = walked.first(where: { path.hasPrefix($0 + "/") }) else { return false }
        let names = path.dropFirst(folder.count + 1).split(separator: "/")
        if names.contains(where: SiteTree.isIgnored) { return true }
        let exists = FileStatus(path: absolute, followingLinks: false) != nil
        let isTemplate = folder == SiteFolders.templates && path.hasSuffix(".mustache")
        return !exists && !isTemplate && !kept.diagnosedFiles.contains(path)
    }

    /// A file, not a link: a saved link takes a full build, which checks where it leads (`SiteFolder`).
    private static func isRegularFile(_ path: String) -> Bool {
        FileStatus(path: path, followingLinks: false)?.isRegular ?? false
    }
}
