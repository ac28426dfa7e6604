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
    static func run(
        _ inputs: SiteInputs, options: BuildOptions, diagnostics: inout [Diagnostic],
        work: inout BuildResult.Work, timer: inout PhaseTimer
    ) -> ParsedContent {
        let config = inputs.config
        let siteDirectory = options.siteDirectory
        // Catalogs come before articles so `prize:KEY` links resolve while Markdown renders.
        let (catalogs, catalogDiagnostics) = CatalogLoader(
            config: config, siteDirectory: siteDirectory,
            staticPaths: inputs.staticPaths, now: options.now
        ).load()
        diagnostics += catalogDiagnostics
        timer.lap("catalogs read")
        var markdown = MarkdownRenderer(options: config.markdown, basePath: config.basePath, language: config.language)
        let catalogLinks = CatalogLinks(catalogs: catalogs, config: config)
        if !catalogLinks.isEmpty { markdown.resolveLink = { catalogLinks.resolve($0) } }
        // ```chart, ```kpi and ```table blocks, drawn from Content/stats at build time.
        let reports = ReportEngine(
            config: config, siteDirectory: siteDirectory, catalogs: catalogs, environment: options.environment,
            databaseResults: options.memory?.databaseResults ?? DatabaseResults())
        // Blocks are parsed with their documents and drawn once all are (`ReportEngine.drawBlocks`).
        markdown.renderFencedBlock = { reports.deferFencedBlock(info: $0, body: $1, line: $2, file: $3) }
        let parser = DocumentParser(config: config, markdown: markdown)
        let memory = options.memory?.documents
        // Database results older than their `refresh:` are forgotten: documents showing them are parsed again.
        if let results = options.memory?.databaseResults { _ = results.expire(now: Date()) }
        memory?.beginBuild(
            siteDirectory: siteDirectory, baseURL: options.baseURL, databaseGeneration: options.memory?.databaseResults.generation ?? 0)
        let documents = parse(
            inputs.documentFiles, parser: parser, reports: reports, memory: memory, progress: options.progress,
            diagnostics: &diagnostics, work: &work, timer: &timer)
        memory?.endBuild()
        return ParsedContent(catalogs: catalogs, reports: reports, parser: parser, documents: documents)
    }

    /// Parses files on every core, each taken from the preview's memory when its bytes are
    /// unchanged, then draws the report blocks of those parsed anew. A full build parses
    /// every file through here, a patch only the saved ones.
    static func parse(
        _ files: [(file: SourceFile, kind: Document.Kind)], parser: DocumentParser, reports: ReportEngine,
        memory: DocumentMemory?, progress: (any BuildProgress)? = nil, diagnostics: inout [Diagnostic],
        work: inout BuildResult.Work, timer: inout PhaseTimer
    ) -> [Document] {
        var parsed = parallelMap(files) { file, kind -> ParsedDocument in
            defer { progress?.advance(by: 1) }
            if let remembered = memory?.document(for: file, kind: kind) {
                return ParsedDocument(document: remembered.document, diagnostics: remembered.diagnostics, reused: true)
            }
            var (document, problems) = parser.parse(file, kind: kind)
            document?.sourceHash = StableHash.digest(file.data)
            return ParsedDocument(document: document, diagnostics: problems, reused: false)
        }
        timer.lap("documents parsed")
        let fresh = parsed.indices.filter { !parsed[$0].reused }
        var drawn = fresh.map { parsed[$0].document }
        let blockProblems = reports.drawBlocks(of: fresh.map { files[$0].file.path }, into: &drawn)
        timer.lap("report blocks drawn")
        for (position, index) in fresh.enumerated() {
            parsed[index].document = drawn[position]
            parsed[index].diagnostics += blockProblems[position]
        }
        if let memory {
            for (index, entry) in zip(files.indices, parsed) where !entry.reused {
                memory.remember(files[index].file, kind: files[index].kind, document: entry.document, diagnostics: entry.diagnostics)
            }
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
