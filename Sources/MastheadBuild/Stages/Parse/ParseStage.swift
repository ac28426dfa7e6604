import Foundation
import MastheadContent
import MastheadMarkdown
import MastheadReports
import MastheadSite
import MastheadSupport

/// Stage 2, parse: each language's catalogs, then its articles, pages and reports.
struct ParsedContent: Sendable {
    /// The primary language's first, then the others in the order of `languages:`.
    var languages: [ParsedLanguage]

    var primary: ParsedLanguage { languages[0] }

    /// Lets go of every language's documents, once the site is resolved from them.
    mutating func forgetDocuments() {
        for index in languages.indices { languages[index].documents = [] }
    }
}

/// One language's catalogs, report engine, parser and documents, parsed with its own view of
/// the site (`SiteConfig.view`): its words, number formats, catalogs (`title_en`) and URLs.
struct ParsedLanguage: Sendable {
    /// nil for the primary language.
    var language: LanguageConfig?
    var catalogs: [Catalog]
    /// Draws report blocks, named charts and statements; kept for the later stages.
    var reports: ReportEngine
    /// Parses one document; kept so a patch parses saved files the same way.
    var parser: DocumentParser
    var documents: [Document]
    /// Its files that did not parse (their translations and `related:` skip them), and in
    /// another language the translations of originals that did not.
    var failed: [FailedDocument] = []
}

enum ParseStage {
    static func run(
        _ inputs: SiteInputs, options: BuildOptions, diagnostics: inout [Diagnostic],
        work: inout BuildResult.Work, timer: inout PhaseTimer
    ) -> ParsedContent {
        let config = inputs.config
        let files = inputs.documents
        let languages: [LanguageConfig?] = [nil] + config.translationLanguages
        var parsed = ParsedContent(languages: [])
        // A build's bodies past the budget wait for their pages in a file (`TextSpill`); the
        // preview keeps its documents between builds, so keeps their bodies in memory.
        let spill = options.makeSpill()
        for (language, own) in zip(languages, byLanguage(files, config: config)) {
            var parsedLanguage = parse(
                own, config: language.map(config.view(for:)) ?? config, inputs: inputs, options: options, spill: spill,
                diagnostics: &diagnostics,
                work: &work, timer: &timer)
            parsedLanguage.language = language
            parsed.languages.append(parsedLanguage)
        }
        if !config.translationLanguages.isEmpty {
            diagnostics += TranslationGroups.undeclaredLanguages(files.map(\.path), config: config)
            diagnostics += TranslationGroups.link(&parsed.languages, author: config.author)
        }
        return parsed
    }

    /// The files of each language, in their order: the primary's first, then those of `languages:`
    /// in its order. A file's language is in its name (`moka.en.md`); a build and a patch split alike.
    static func byLanguage(_ files: [DocumentSource], config: SiteConfig) -> [[DocumentSource]] {
        let codes = config.translationCodes
        let positions = Dictionary(
            config.translationLanguages.enumerated().map { ($1.code.lowercased(), $0 + 1) }, uniquingKeysWith: { first, _ in first })
        var groups = Array(repeating: [DocumentSource](), count: config.translationLanguages.count + 1)
        for file in files {
            let position = TranslationFile.split(stem: file.stem, codes: codes).language.flatMap { positions[$0] } ?? 0
            groups[position].append(file)
        }
        return groups
    }

    /// One language's catalogs and documents, parsed with `config` (the site's, or a language's view).
    private static func parse(
        _ files: [DocumentSource], config: SiteConfig, inputs: SiteInputs, options: BuildOptions, spill: TextSpill?,
        diagnostics: inout [Diagnostic], work: inout BuildResult.Work, timer: inout PhaseTimer
    ) -> ParsedLanguage {
        let siteFolder = options.siteFolder
        // Catalogs come before articles so `prize:KEY` links resolve while Markdown renders.
        let (catalogs, catalogDiagnostics) = CatalogLoader(
            config: config, siteFolder: siteFolder,
            staticPaths: inputs.staticPaths, now: options.now
        ).load()
        diagnostics += catalogDiagnostics
        timer.lap("catalogs read")
        var markdown = MarkdownRenderer(options: config.markdown, basePath: config.basePath, language: config.language)
        let catalogLinks = CatalogLinks(catalogs: catalogs, config: config)
        if !catalogLinks.isEmpty { markdown.resolveLink = { catalogLinks.resolve($0) } }
        // ```chart, ```kpi and ```table blocks, drawn from Content/stats at build time.
        let reports = ReportEngine(
            config: config, siteFolder: siteFolder, catalogs: catalogs, environment: options.environment,
            databaseResults: options.memory?.databaseResults ?? options.databaseResults ?? DatabaseResults())
        // Blocks are parsed with their documents and drawn once all are (`ReportEngine.drawBlocks`).
        markdown.renderFencedBlock = { reports.deferFencedBlock(info: $0, body: $1, line: $2, file: $3) }
        let parser = DocumentParser(config: config, markdown: markdown)
        let memory = options.memory?.language(config.language).documents
        memory?.beginBuild(options.identity)
        let (documents, failed) = parseKeepingFailures(
            files, parser: parser, reports: reports, memory: memory, hashesSources: options.fingerprintsPages, spill: spill,
            progress: options.progress, diagnostics: &diagnostics, work: &work, timer: &timer)
        memory?.endBuild()
        return ParsedLanguage(catalogs: catalogs, reports: reports, parser: parser, documents: documents, failed: failed)
    }

    /// Reads and parses files on every core, each taken from the preview's memory when its
    /// bytes are unchanged, then draws the report blocks of those parsed anew. A full build
    /// parses every file through here, a patch only the saved ones.
    static func parse(
        _ files: [DocumentSource], parser: DocumentParser, reports: ReportEngine,
        memory: DocumentMemory?, progress: (any BuildProgress)? = nil, diagnostics: inout [Diagnostic],
        work: inout BuildResult.Work, timer: inout PhaseTimer
    ) -> [Document] {
        parseKeepingFailures(
            files, parser: parser, reports: reports, memory: memory, hashesSources: memory != nil, progress: progress,
            diagnostics: &diagnostics, work: &work, timer: &timer
        ).documents
    }

    /// `parse`, with what is known of the files that failed (`FailedDocument`), bodies set
    /// aside in `spill` past its budget. `hashesSources` gives each document its source's hash
    /// (`Document.sourceHash`), which pages' fingerprints take (`RouteFingerprints`).
    static func parseKeepingFailures(
        _ files: [DocumentSource], parser: DocumentParser, reports: ReportEngine,
        memory: DocumentMemory?, hashesSources: Bool, spill: TextSpill? = nil, progress: (any BuildProgress)? = nil, diagnostics: inout [Diagnostic],
        work: inout BuildResult.Work, timer: inout PhaseTimer
    ) -> (documents: [Document], failed: [FailedDocument]) {
        let codes = parser.config.translationCodes
        // Reports first: the statistics their blocks name are then read (`StatsStore.readAhead`)
        // while the articles parse, not once they all are.
        let order = files.indices.filter { files[$0].kind == .report } + files.indices.filter { files[$0].kind != .report }
        let inOrder = parallelMap(order) { index -> ParsedDocument in
            defer { progress?.advance(by: 1) }
            let source = files[index]
            let file: SourceFile
            switch source.read() {
            case .success(let read): file = read
            case .failure(let problem): return ParsedDocument(document: nil, diagnostics: [problem], reused: false)
            }
            if let remembered = memory?.document(for: file, kind: source.kind) {
                var entry = ParsedDocument(document: remembered.document, diagnostics: remembered.diagnostics, reused: true)
                if remembered.document == nil { entry.failed = FailedDocument(path: source.path, kind: source.kind, codes: codes, data: file.data) }
                return entry
            }
            var (document, problems) = parser.parse(file, kind: source.kind)
            if let spill { document?.body.spill(into: spill) }
            // Read now, while the bytes are at hand: the front matter may still name a slug.
            let failed = document == nil ? FailedDocument(path: source.path, kind: source.kind, codes: codes, data: file.data) : nil
            if hashesSources { document?.sourceHash = StableDigest(of: file.data) }
            // Only the preview keeps the bytes, to tell a saved file that did not change.
            guard memory != nil else { return ParsedDocument(document: document, diagnostics: problems, reused: false, failed: failed) }
            return ParsedDocument(document: document, diagnostics: problems, reused: false, file: file, failed: failed)
        }
        var parsed = inOrder
        for (position, index) in order.enumerated() { parsed[index] = inOrder[position] }
        timer.lap("documents parsed")
        let fresh = parsed.indices.filter { !parsed[$0].reused }
        var drawn = fresh.map { parsed[$0].document }
        let blockProblems = reports.drawBlocks(of: fresh.map { files[$0].path }, into: &drawn)
        timer.lap("report blocks drawn")
        for (position, index) in fresh.enumerated() {
            parsed[index].document = drawn[position]
            parsed[index].diagnostics += blockProblems[position]
            // The rows its blocks were drawn from are part of what the page is made of.
            if hashesSources, let rows = reports.databaseResults.digest(readBy: files[index].path), let source = parsed[index].document?.sourceHash {
                parsed[index].document?.sourceHash = StableDigest(of: source.hex + " rows " + rows)
            }
        }
        if let memory {
            for (source, entry) in zip(files, parsed) where !entry.reused {
                guard let file = entry.file else { continue }
                memory.remember(file, kind: source.kind, document: entry.document, diagnostics: entry.diagnostics)
            }
        }
        let reused = parsed.filter(\.reused).count
        work.reusedDocuments += reused
        work.parsedDocuments += parsed.count - reused
        diagnostics += parsed.flatMap(\.diagnostics)
        // A file unread, or whose report blocks failed, is known by its name alone.
        let failed = zip(files, parsed).compactMap { source, entry -> FailedDocument? in
            guard entry.document == nil else { return nil }
            return entry.failed ?? FailedDocument(path: source.path, kind: source.kind, codes: codes, data: nil)
        }
        return (parsed.compactMap(\.document), failed)
    }
}

private struct ParsedDocument: Sendable {
    var document: Document?
    var diagnostics: [Diagnostic]
    var reused: Bool
    /// The bytes parsed, for the preview's memory; a build lets them go once parsed.
    var file: SourceFile?
    /// What is known of the file when it did not parse.
    var failed: FailedDocument?
}

extension ParseStage {
    /// A patch's parse: one language's changed files parsed as a build parses them, with the kept parser and report
    /// engine, and on a multilingual site joined to their translations as a build joins them. Nil when one does not
    /// parse without a problem or would change what it gives its translations: then a full build.
    static func patch(
        _ sources: [DocumentSource], language: Int, kept: inout SiteMemory.State, memory: DocumentMemory,
        work: inout BuildResult.Work, timer: inout PhaseTimer
    ) -> [Document]? {
        var diagnostics: [Diagnostic] = []
        var documents = parse(
            sources, parser: kept.languages[language].parser, reports: kept.languages[language].reports, memory: memory,
            diagnostics: &diagnostics, work: &work, timer: &timer)
        guard diagnostics.isEmpty, documents.count == sources.count else { return nil }
        if !kept.site.translations.isEmpty {
            guard TranslationGroups.joinSaved(&documents, language: language, kept: &kept) else { return nil }
        }
        return documents
    }
}
