import Foundation

/// Stage 2, parse: catalogs, then every article, page and report.
struct ParsedContent: Sendable {
    var catalogs: [Catalog]
    /// Draws report blocks, named charts and statements; kept for the later stages.
    var reports: ReportEngine
    /// Parses one document; kept so a patch parses saved files the same way.
    var parser: DocumentParser
    var documents: [Document]
}

enum ParseStage {
    static func run(_ inputs: SiteInputs, options: BuildOptions, diagnostics: inout [Diagnostic],
                    work: inout BuildResult.Work) -> ParsedContent {
        let config = inputs.config
        let siteDirectory = options.siteDirectory
        // Catalogs come before articles so `prize:KEY` links resolve while Markdown renders.
        let (catalogs, catalogDiagnostics) = CatalogLoader(config: config, siteDirectory: siteDirectory,
                                                           staticPaths: inputs.staticPaths, now: options.now).load()
        diagnostics += catalogDiagnostics
        var markdown = MarkdownRenderer(options: config.markdown, basePath: config.basePath, language: config.language)
        let catalogLinks = CatalogLinks(catalogs: catalogs, config: config)
        if !catalogLinks.isEmpty { markdown.resolveLink = { catalogLinks.resolve($0) } }
        // ```chart, ```kpi and ```table blocks, drawn from Content/stats at build time.
        let reports = ReportEngine(config: config, siteDirectory: siteDirectory, catalogs: catalogs)
        markdown.renderFencedBlock = { reports.renderFencedBlock(info: $0, body: $1, line: $2) }
        let parser = DocumentParser(config: config, markdown: markdown)
        // A report's charts on one large statistics file read it once between them.
        reports.readLargeFilesOnce { for file in inputs.reportFiles { _ = parser.parse(file, kind: .report) } }
        let memory = options.memory?.documents
        memory?.beginBuild(siteDirectory: siteDirectory, baseURL: options.baseURL)
        let documents = parse(inputs.documentFiles, parser: parser, memory: memory, diagnostics: &diagnostics, work: &work)
        memory?.endBuild()
        return ParsedContent(catalogs: catalogs, reports: reports, parser: parser, documents: documents)
    }

    /// Parses files on every core, each taken from the preview's memory when its bytes are
    /// unchanged. A full build parses every file through here, a patch only the saved ones.
    static func parse(_ files: [(file: SourceFile, kind: Document.Kind)], parser: DocumentParser, memory: DocumentMemory?,
                      diagnostics: inout [Diagnostic], work: inout BuildResult.Work) -> [Document] {
        let parsed = parallelMap(files) { file, kind -> ParsedDocument in
            if let remembered = memory?.document(for: file, kind: kind) {
                return ParsedDocument(document: remembered.document, diagnostics: remembered.diagnostics, reused: true)
            }
            var (document, problems) = parser.parse(file, kind: kind)
            document?.sourceHash = StableHash.digest(file.data)
            memory?.remember(file, kind: kind, document: document, diagnostics: problems)
            return ParsedDocument(document: document, diagnostics: problems, reused: false)
        }
        let reused = parsed.filter(\.reused).count
        work.reusedDocuments += reused
        work.parsedDocuments += parsed.count - reused
        diagnostics += parsed.flatMap(\.diagnostics)
        return parsed.compactMap(\.document)
    }
}

private struct ParsedDocument: Sendable {
    var document: Document?
    var diagnostics: [Diagnostic]
    var reused: Bool
}
