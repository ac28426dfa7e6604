import Foundation

/// What a build is asked to do.
public struct BuildOptions: Sendable {
    public var siteDirectory: URL
    public var includeDrafts = false
    public var includeFuture = false
    /// Replaces `baseURL` from site.yml (for a preview host).
    public var baseURL: String?
    /// The moment drafts, future and expired articles are judged against.
    public var now = Date()
    /// Parsed documents kept from the previous build (`masthead serve`); nil parses everything.
    public var documentCache: DocumentCache?
    /// Pages kept from the previous render (`masthead serve`); nil renders every page.
    public var renderMemo: RenderMemo?
    /// Related-article lists kept from the previous build (`masthead serve`).
    public var resolveMemo: ResolveMemo?
    /// Receives the whole of a successful build, for patching (`masthead serve`).
    public var keptBuild: KeptBuild?
    /// Receives rendered pages in batches as they are made (`masthead build`, writing them):
    /// they are then not in `BuildResult.files`, so a large site is never in memory whole.
    /// An error it throws stops the build with that error.
    public var pageSink: (@Sendable ([OutputFile]) throws -> Void)?
    /// Told each stage as it starts and each item done (the terminal's progress line); nil: nobody.
    public var progress: (any BuildProgress)?

    public init(siteDirectory: URL) {
        self.siteDirectory = siteDirectory
    }
}

/// What a build produced: the files in memory, or the diagnostics that stopped it.
public struct BuildResult: Sendable {
    public var site: Site?
    /// Empty when there are errors.
    public var files: [OutputFile]
    public var diagnostics: [Diagnostic]
    /// When a document (published or not) next appears or expires: the build cache's expiry.
    public var nextPublicationChange: Date?

    public var succeeded: Bool { !diagnostics.hasErrors && site != nil }

    /// Pages by kind (`article: 24`), in a fixed order, for the summary line.
    public var pageCounts: [(kind: String, count: Int)] {
        guard let site else { return [] }
        return Route.Kind.allCases.compactMap { kind in
            let count = site.routes.filter { $0.kind == kind }.count
            return count > 0 ? (kind.rawValue, count) : nil
        }
    }
}

/// The pipeline: load, parse, resolve, render. Writing is the caller's choice
/// (`OutputWriter` for `build`, memory for `serve` and `check`).
public enum SiteBuilder {
    public static func build(_ options: BuildOptions) -> BuildResult {
        let siteDirectory = options.siteDirectory
        var diagnostics: [Diagnostic] = []
        var timer = PhaseTimer()
        options.progress?.begin(.reading, total: nil)
        // A failed build leaves nothing to patch: the next change needs a full build.
        options.keptBuild?.forget()
        guard FileManager.default.fileExists(atPath: siteDirectory.appendingPathComponent("Content").path) else {
            return BuildResult(site: nil, files: [], diagnostics: [
                Diagnostic(.error, "missing Content/ folder: \(siteDirectory.path) is not a Masthead site (it needs Content/ and Templates/)", file: "Content"),
            ])
        }
        let (loadedConfig, configDiagnostics) = SiteConfigLoader.load(siteDirectory: siteDirectory)
        diagnostics += configDiagnostics
        let (templates, templateDiagnostics) = TemplateSet.load(siteDirectory: siteDirectory)
        diagnostics += templateDiagnostics
        guard var config = loadedConfig else {
            return BuildResult(site: nil, files: [], diagnostics: diagnostics.sortedByPosition())
        }
        if let override = options.baseURL {
            if let normalised = SiteConfigLoader.normaliseBaseURL(override) {
                config.baseURL = normalised
            } else {
                diagnostics.append(Diagnostic(.error, "--base-url: expected an absolute URL like https://example.com/, got \"\(override)\"", file: "masthead"))
            }
        }

        let contentExtensions: Set<String> = ["md", "markdown", "html", "htm"]
        let (articleFiles, articleLoadDiagnostics) = ContentLoader.sources(in: "Content/articles", siteDirectory: siteDirectory, extensions: contentExtensions)
        let (pageFiles, pageLoadDiagnostics) = ContentLoader.sources(in: "Content/pages", siteDirectory: siteDirectory, extensions: contentExtensions)
        let (reportFiles, reportLoadDiagnostics) = ContentLoader.sources(in: "Content/reports", siteDirectory: siteDirectory, extensions: contentExtensions)
        diagnostics += articleLoadDiagnostics + pageLoadDiagnostics + reportLoadDiagnostics
        var staticDiagnostics: [Diagnostic] = []
        let staticPaths = ContentLoader.files(in: "Content/static", siteDirectory: siteDirectory, diagnostics: &staticDiagnostics)
        diagnostics += staticDiagnostics
        timer.lap("config, templates and content read")
        options.progress?.begin(.parsing, total: articleFiles.count + pageFiles.count + reportFiles.count)

        // Catalogs come before articles so `prize:KEY` links resolve while Markdown renders.
        let (catalogs, catalogDiagnostics) = CatalogLoader(config: config, siteDirectory: siteDirectory, staticPaths: staticPaths, now: options.now).load()
        diagnostics += catalogDiagnostics
        timer.lap("catalogs loaded")
        var markdown = MarkdownRenderer(options: config.markdown, basePath: config.basePath, language: config.language)
        let catalogLinks = CatalogLinks(catalogs: catalogs, config: config)
        if !catalogLinks.isEmpty { markdown.resolveLink = { catalogLinks.resolve($0) } }
        // ```chart, ```kpi and ```table blocks, drawn from Content/stats at build time.
        let reports = ReportEngine(config: config, siteDirectory: siteDirectory, catalogs: catalogs)
        markdown.renderFencedBlock = { reports.renderFencedBlock(info: $0, body: $1, line: $2) }
        let parser = DocumentParser(config: config, markdown: markdown)
        // A report's charts on one large statistics file read it once between them.
        reports.readLargeFilesOnce { for file in reportFiles { _ = parser.parse(file, kind: .report) } }
        timer.lap("large statistics files read")
        let cache = options.documentCache
        let contextKey = cache?.beginBuild(siteDirectory: siteDirectory, baseURL: options.baseURL)
        let parsed = parallelMap(articleFiles.map { ($0, Document.Kind.article) } + pageFiles.map { ($0, Document.Kind.page) }
                                 + reportFiles.map { ($0, Document.Kind.report) }) { file, kind in
            let (document, problems) = parse(file, kind: kind, parser: parser, cache: cache)
            options.progress?.advance(by: 1)
            return ParsedDocument(document: document, diagnostics: problems)
        }
        cache?.endBuild()
        diagnostics += parsed.flatMap(\.diagnostics)
        let documents = parsed.compactMap(\.document)
        timer.lap("documents parsed")

        options.progress?.begin(.resolving, total: nil)
        var resolver = SiteResolver(config: config, now: options.now)
        resolver.includeDrafts = options.includeDrafts
        resolver.includeFuture = options.includeFuture
        resolver.memo = options.resolveMemo
        resolver.hasArticleSection = !articleFiles.isEmpty
            || FileManager.default.fileExists(atPath: siteDirectory.appendingPathComponent("Content/articles").path)
        // Catalog `blocks:`: each item's charts and key figures, drawn before pages render.
        resolver.catalogs = reports.withItemBlocks(catalogs, diagnostics: &diagnostics)
        var (site, resolveDiagnostics) = resolver.resolve(articles: documents.filter { $0.kind == .article },
                                                          pages: documents.filter { $0.kind == .page || $0.kind == .report },
                                                          staticPaths: staticPaths)
        diagnostics += resolveDiagnostics
        timer.lap("site resolved")
        let (namedCharts, chartDiagnostics) = reports.renderNamedCharts()
        site.charts = namedCharts
        diagnostics += chartDiagnostics
        var renderer = SiteRenderer(site: site, templates: templates, siteDirectory: siteDirectory)
        renderer.progress = options.progress
        diagnostics += renderer.missingTemplates()
        // Private member pages (off by default): files only, never routes, so never linked or listed.
        let (statementFiles, statementDiagnostics) = reports.statementFiles(site: site, templates: templates)
        diagnostics += statementDiagnostics
        timer.lap("named charts and statements")
        // One bad cell read by several blocks is one problem, reported once.
        diagnostics = diagnostics.sortedByPosition().removingRepeats()
        guard !diagnostics.hasErrors else {
            return BuildResult(site: site, files: [], diagnostics: diagnostics)
        }
        let inputs = options.renderMemo == nil ? ""
            : "\(options.includeDrafts) \(options.includeFuture)\n"
                + (contextKey ?? DocumentCache.contextKey(siteDirectory: siteDirectory, baseURL: options.baseURL))
        let rendered: [OutputFile]
        options.progress?.begin(.rendering, total: site.routes.count)
        do {
            rendered = try renderer.render(memo: options.renderMemo, inputs: inputs, deliver: options.pageSink)
        } catch {
            return BuildResult(site: site, files: [], diagnostics: diagnostics + [Diagnostic(.error, "cannot write the site: \(error)", file: "masthead")])
        }
        var result = BuildResult(site: site, files: rendered + statementFiles, diagnostics: diagnostics)
        result.nextPublicationChange = BuildCache.nextPublicationChange(documents: documents, now: options.now)
        timer.lap("pages rendered")
        options.keptBuild?.keep(KeptBuild.State(
            siteDirectory: siteDirectory, includeDrafts: options.includeDrafts, includeFuture: options.includeFuture, baseURL: options.baseURL,
            validUntil: BuildCache.validUntil(nextPublicationChange: result.nextPublicationChange, now: options.now, timeZone: config.timeZone),
            parser: parser, templates: templates, site: site, fingerprintInputs: inputs,
            sources: Dictionary((articleFiles.map { ($0.path, Document.Kind.article) } + pageFiles.map { ($0.path, .page) }
                                 + reportFiles.map { ($0.path, .report) }), uniquingKeysWith: { first, _ in first }),
            diagnosedFiles: Set(diagnostics.map(\.file)), diagnostics: diagnostics))
        return result
    }

    /// One source parsed, or taken from the cache, with the fingerprint of its bytes.
    static func parse(_ file: SourceFile, kind: Document.Kind, parser: DocumentParser, cache: DocumentCache?) -> (Document?, [Diagnostic]) {
        if let reused = cache?.cached(file, kind: kind) { return reused }
        var (document, problems) = parser.parse(file, kind: kind)
        document?.sourceHash = ContentHash.of(file.data)
        cache?.store(file, kind: kind, document: document, diagnostics: problems)
        return (document, problems)
    }
}

private struct ParsedDocument: Sendable {
    var document: Document?
    var diagnostics: [Diagnostic]
}
