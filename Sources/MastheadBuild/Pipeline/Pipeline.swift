import Foundation
import MastheadContent
import MastheadImages
import MastheadRender
import MastheadReports
import MastheadSite
import MastheadSupport

/// The pipeline: load → parse → resolve → statements → images → render, with the search index made beside the
/// render. Each stage is a function of `Stages/` returning its product, all adding to one list of
/// diagnostics so a run reports every problem; each stage offers its full run and its patch side
/// by side, and this is the one place that calls them. Writing is the caller's (`CachedBuild` for
/// `build`, memory for `serve` and `check`).
package enum Pipeline {
    /// Runs what `request` asks (`BuildRequest`). `masthead build`, `check`, the preview and its
    /// editor all come through here.
    package static func run(_ request: BuildRequest = .everything, options: BuildOptions) -> BuildResult {
        switch request {
        case .everything:
            return build(options)
        case .changes(let changes):
            guard let memory = options.memory else { return build(options) }
            // Documents whose rows changed are parsed again, though their bytes are as they were.
            for language in memory.allLanguages { language.documents.forget(changes.databaseReaders) }
            if !changes.isEmpty, let patched = patch(changes, options: options, memory: memory) { return patched }
            return build(options)
        case .pendingSearchIndex:
            var result = BuildResult(site: nil, diagnostics: [])
            for language in options.memory?.allLanguages ?? [] {
                let index = SearchStage.finishPatch(memory: language.search)
                result.files += index.files
                result.removed += index.removed
            }
            return result
        }
    }

    /// Every stage on the whole site. Pages whose fingerprint is unchanged are not rendered: the
    /// preview takes them from its memory, `masthead build` keeps the last build's files (`LastPages`).
    private static func build(_ options: BuildOptions) -> BuildResult {
        // A failed build leaves nothing to patch: the next change needs a full build.
        options.memory?.site.forget()
        var diagnostics: [Diagnostic] = []
        var work = BuildResult.Work()
        var timer = PhaseTimer()
        let progress = options.progress
        progress?.begin(.reading, total: nil)
        guard let inputs = LoadStage.run(options, diagnostics: &diagnostics) else {
            return BuildResult(site: nil, diagnostics: diagnostics.sortedByPosition())
        }
        timer.lap("config, templates and content read")
        progress?.begin(.parsing, total: inputs.documents.count)
        var parsed = ParseStage.run(inputs, options: options, diagnostics: &diagnostics, work: &work, timer: &timer)
        progress?.begin(.resolving, total: nil)
        let site = ResolveStage.run(inputs, parsed, options: options, diagnostics: &diagnostics)
        let statements = StatementStage.run(parsed, site: site, templates: inputs.templates, diagnostics: &diagnostics)
        let scheduledChanges = Array(
            ScheduledChanges.upcoming(
                documents: parsed.languages.flatMap(\.documents), catalogs: parsed.languages.flatMap(\.catalogs),
                timeZone: inputs.config.timeZone, now: options.now
            ).prefix(ScheduledChanges.kept))
        // The site holds its own copy of each document it shows; only the preview keeps the parsed
        // ones after this (`keptState`). About 650 bytes a document: 650 MB at a million articles.
        if options.memory == nil { parsed.forgetDocuments() }
        timer.lap("site resolved")
        // One bad cell read by several blocks is one problem, reported once.
        diagnostics = diagnostics.sortedByPosition().removingRepeats()
        guard !diagnostics.hasErrors else {
            return BuildResult(site: site, diagnostics: diagnostics)
        }

        // Every language is a site of its own, the primary first: each gets the same stages,
        // and the preview keeps each one's documents, pages and index apart.
        let sites = [site] + site.translations
        let memories = sites.map { options.memory?.language($0.config.language) }
        // The search index is made from the resolved site while the images are processed and
        // the pages render: the images stage is mostly on one core, and most of a large index's
        // time is on one core too (its postings). It reports no progress of its own, so the
        // progress line follows the images and pages. Its files are streamed as soon as they
        // are made, so the index is not held in memory while the pages go on rendering.
        let delivery = options.pageDelivery
        let spill = options.makeSpill()
        let search = BackgroundWork { () -> Result<[OutputFile], any Error> in
            Result {
                try sites.indices.flatMap { try SearchStage.run(sites[$0], memory: memories[$0]?.search, spill: spill, delivery: delivery) }
            }
        }
        var images = ImageStage.run(
            site: site, staticPaths: inputs.staticPaths, templates: inputs.templates, options: options, diagnostics: &diagnostics)
        for view in site.translations {
            diagnostics += ImageStage.referenceProblems(of: view, images: images, staticPaths: inputs.staticPaths)
        }
        for view in sites {
            ImageStage.addCards(of: view, to: &images, templates: inputs.templates, staticPaths: inputs.staticPaths, options: options)
        }
        timer.lap("images processed")
        diagnostics = diagnostics.sortedByPosition().removingRepeats()
        guard !diagnostics.hasErrors else {
            // Its streamed files go with the failed build's staging folder; its state must not outlive it.
            _ = search.value()
            for memory in memories { memory?.search.forget() }
            return BuildResult(site: site, diagnostics: diagnostics)
        }
        let renderers = sites.map { view in
            SiteRenderer(
                site: view, templates: inputs.templates, siteFolder: options.siteFolder, images: images.table,
                replacedStaticFiles: images.replaced)
        }
        let renderer = renderers[0]
        let fingerprintInputs = Self.fingerprintInputs(options, inputs, site: site) + "\nimages " + images.fingerprint
        var pages: [OutputFile] = []
        let routeCount = sites.map(\.routes.count).reduce(0, +)
        progress?.begin(.rendering, total: routeCount)
        do {
            for index in sites.indices {
                pages += try RenderStage.run(
                    renderers[index], routes: sites[index].routes,
                    fingerprints: options.fingerprintsPages
                        ? RouteFingerprints(site: sites[index], templates: inputs.templates, inputs: fingerprintInputs) : nil,
                    memory: memories[index]?.pages, lastPages: options.lastPages?.fingerprints, complete: true,
                    delivery: options.pageDelivery, cardSpill: options.makeSpill(), progress: progress, work: &work)
                // The primary language's catalog filter data is among its generated files, below.
                if index > 0 {
                    let filterData = renderers[index].catalogFilterData()
                    pages += filterData.files
                    diagnostics += filterData.diagnostics
                }
            }
        } catch {
            _ = search.value()
            return BuildResult(site: site, diagnostics: diagnostics + [Self.cannotWrite(error)])
        }
        timer.lap("pages rendered")
        let searchFiles: [OutputFile]
        do {
            searchFiles = try search.value().get()
        } catch {
            return BuildResult(site: site, diagnostics: diagnostics + [Self.cannotWrite(error)])
        }
        if site.config.search.enabled == true { timer.lap("search index built (beside the pages)") }
        let generated = renderer.generatedFiles()
        // Every render of the build is done: pages, cards, statements, catalog filter data.
        let overruns = inputs.templates.overrunProblems()
        guard overruns.isEmpty else { return BuildResult(site: site, diagnostics: diagnostics + overruns) }
        var result = BuildResult(
            site: site,
            files: pages + renderer.staticFiles() + images.files + generated.files + statements + searchFiles,
            diagnostics: diagnostics + generated.diagnostics)
        if case .streamed = options.pageDelivery { result.streamedPages = routeCount }
        result.work = work
        result.scheduledChanges = scheduledChanges
        if var kept = options.memory.map({ _ in
            keptState(options, inputs, parsed, result: result, site: site, fingerprintInputs: fingerprintInputs)
        }) {
            kept.images = images
            kept.staticPaths = inputs.staticPaths
            if parsed.languages.count > 1 {
                kept.originals = Dictionary(
                    parsed.primary.documents.map { (TranslationGroups.groupKey($0), $0) }, uniquingKeysWith: { first, _ in first })
                kept.translatedGroups = Set(parsed.languages.dropFirst().flatMap { $0.documents.map(TranslationGroups.groupKey) })
            }
            options.memory?.site.keep(kept)
        }
        return result
    }

    /// A page or search file the output refused (a full disk, a path outside the output folder).
    private static func cannotWrite(_ error: any Error) -> Diagnostic {
        Diagnostic(.error, "cannot write the site: \(error)", file: "masthead")
    }

    /// What a page's fingerprint takes besides its own site: the options, what parsing read
    /// besides the documents (the preview's `DocumentMemory.contextKey`; for `masthead build`,
    /// every input file but the documents, `LastPages.context`); on a multilingual site where
    /// each page's versions in other languages are (hreflang, the switcher); the database rows
    /// drawn without a document of their own (catalogs' `blocks:`; named charts are in
    /// `Site.charts`). Empty when pages get no fingerprint.
    private static func fingerprintInputs(_ options: BuildOptions, _ inputs: SiteInputs, site: Site) -> String {
        let documents = Set(inputs.documents.map(\.path))
        let context: String
        let results: DatabaseResults?
        if let memory = options.memory {
            context = memory.language(site.config.language).documents.currentContextKey ?? DocumentMemory.contextKey(options.identity)
            results = memory.databaseResults
        } else if let lastPages = options.lastPages {
            let databases = Set(options.databaseResults.map { Array($0.sqliteFiles.keys) } ?? [])
            context = options.identity.lines.joined(separator: "\n") + "\n" + lastPages.context(documents: documents, databases: databases)
            results = options.databaseResults
        } else {
            return ""
        }
        let rows = "\nrows " + (results?.digest(readByOtherThan: documents.union([SiteConfigLoader.path])) ?? "")
        return context + rows + (site.languageLinks.isEmpty ? "" : "\nlanguages \(site.languageLinks.fingerprint)")
    }

    /// The whole of a successful build, kept for the preview's patches (`patch`).
    private static func keptState(
        _ options: BuildOptions, _ inputs: SiteInputs, _ parsed: ParsedContent, result: BuildResult, site: Site,
        fingerprintInputs: String
    ) -> SiteMemory.State {
        SiteMemory.State(
            identity: options.identity,
            validUntil: BuildCache.validUntil(result.scheduledChanges),
            templates: inputs.templates, site: site,
            languages: zip(parsed.languages, [site] + site.translations).map { language, site in
                SiteMemory.Language(parser: language.parser, reports: language.reports, documentIndex: SiteDocumentIndex(site))
            },
            fingerprintInputs: fingerprintInputs,
            sources: Dictionary(inputs.documents.map { ($0.path, $0.kind) }, uniquingKeysWith: { first, _ in first }),
            diagnosedFiles: Set(result.diagnostics.map(\.file)), diagnostics: result.diagnostics)
    }
}

extension Pipeline {
    /// The changes applied to the preview's last build by the same stages on fewer inputs: load
    /// reads only the changed files, parse parses them as a build does, resolve puts them in place
    /// in the kept site, images draws their cards, render renders the routes showing them, and the
    /// search index takes their entries once their pages are shown (`.pendingSearchIndex`).
    ///
    /// A patch applies only when the result is what a full build would give: the changed files
    /// existed before and still do, parse without a problem, and keep what places them in the
    /// site (URL, date, publication, category, tags, related list, template), and nothing else
    /// changed. Otherwise it returns nil and the caller builds in full.
    private static func patch(_ changes: Changes, options: BuildOptions, memory: RebuildMemory) -> BuildResult? {
        guard var kept = memory.site.take(), kept.identity == options.identity, options.now < kept.validUntil,
            let loaded = LoadStage.patch(changes, unsaved: options.unsavedDocuments, kept: kept)
        else { return nil }
        var work = BuildResult.Work()
        var timer = PhaseTimer()
        var pages: [OutputFile] = []
        var cards: [OutputFile] = []
        var reparsed: Set<String> = []
        // Each language's changed files, through the stages of its own site.
        for (language, sources) in ParseStage.byLanguage(loaded.sources, config: kept.site.config).enumerated() where !sources.isEmpty {
            let languageMemory = memory.language(kept.site(of: language).config.language)
            guard
                let documents = ParseStage.patch(
                    sources, language: language, kept: &kept, memory: languageMemory.documents, work: &work, timer: &timer),
                let update = ResolveStage.patch(documents, language: language, kept: &kept)
            else { return nil }
            let site = kept.site(of: language)
            let fingerprints = RouteFingerprints(
                site: site, templates: kept.templates, inputs: kept.fingerprintInputs, articleKeys: kept.languages[language].articleKeys)
            let routes = RenderStage.routes(showing: update, in: site, fingerprints: fingerprints)
            guard let drawn = ImageStage.patch(documents, update: update, site: site, kept: &kept, options: options) else { return nil }
            cards += drawn
            let renderer = SiteRenderer(
                site: site, templates: kept.templates, siteFolder: kept.identity.siteFolder, images: kept.images.table,
                replacedStaticFiles: kept.images.replaced)
            guard
                let rendered = try? RenderStage.run(
                    renderer, routes: routes, fingerprints: fingerprints, memory: languageMemory.pages,
                    complete: false, delivery: .collected, work: &work),
                // A render past its limits: the full build reports it.
                kept.templates.overrunProblems().isEmpty,
                SearchStage.patch(site, articles: update.changedArticles, pages: update.changedPages, memory: languageMemory.search)
            else { return nil }
            pages += rendered
            reparsed.formUnion(documents.map(\.sourcePath))
        }
        // The changed files' old warnings are gone: they parse without a problem now.
        kept.diagnostics.removeAll { reparsed.contains($0.file) }
        memory.site.keep(kept)
        var result = BuildResult(site: kept.site, files: pages + loaded.staticFiles + cards, diagnostics: kept.diagnostics)
        result.patched = true
        result.work = work
        let sites = kept.sites
        result.work.reusedPages = sites.map(\.routes.count).reduce(0, +) - work.renderedPages
        result.work.reusedDocuments = sites.map { $0.articles.count + $0.pages.count }.reduce(0, +) - work.parsedDocuments
        return result
    }
}
