import Foundation
import MastheadRender
import MastheadSite
import MastheadSupport

/// The pipeline: load → parse → resolve → render, each stage a function returning its
/// product, all adding to one list of diagnostics so a run reports every problem. Writing
/// is the caller's (`CachedBuild` for `build`, memory for `serve` and `check`).
public enum SiteBuilder {
    /// Builds the site. With `changedPaths` (the preview's saves, relative to the site folder)
    /// and the preview's memory, the saves are patched into the last build when that gives
    /// the same result (`SitePatch`); otherwise, and without them, the whole site is built.
    /// A patch leaves the search index to `finishSearchPatch`. The files whose database rows a
    /// poll found changed count as saved (`RebuildMemory.takeStaleDocuments`); an empty
    /// `changedPaths` with none of them builds in full.
    public static func build(_ options: BuildOptions, changedPaths: Set<String>? = nil) -> BuildResult {
        var changedPaths = changedPaths
        if let memory = options.memory {
            // A saved SQLite database: the documents reading it count as saved instead.
            let databases = Set(changedPaths?.filter { memory.isSQLiteDatabase($0, siteDirectory: options.siteDirectory) } ?? [])
            changedPaths = changedPaths?.subtracting(databases).union(memory.forgetReaders(ofSQLiteFiles: databases))
        }
        let stale = options.memory?.takeStaleDocuments() ?? []
        if let changedPaths = changedPaths?.union(stale), !changedPaths.isEmpty, let memory = options.memory,
            let patched = SitePatch.run(options, changedPaths: changedPaths, memory: memory)
        {
            return patched
        }
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
        let parsed = ParseStage.run(inputs, options: options, diagnostics: &diagnostics, work: &work, timer: &timer)
        progress?.begin(.resolving, total: nil)
        let resolved = ResolveStage.run(inputs, parsed, options: options, diagnostics: &diagnostics)
        timer.lap("site resolved")
        // One bad cell read by several blocks is one problem, reported once.
        diagnostics = diagnostics.sortedByPosition().removingRepeats()
        guard !diagnostics.hasErrors else {
            return BuildResult(site: resolved.site, diagnostics: diagnostics)
        }

        let site = resolved.site
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
        let search = BackgroundWork { () -> Result<[OutputFile], any Error> in
            Result { try sites.indices.flatMap { try SearchStage.run(sites[$0], memory: memories[$0]?.search, delivery: delivery) } }
        }
        var images = ImageStage.run(
            site: site, staticPaths: inputs.staticPaths, templates: inputs.templates, options: options, diagnostics: &diagnostics)
        for view in site.translations {
            ImageStage.addCards(
                of: view, to: &images, staticPaths: inputs.staticPaths, templates: inputs.templates, options: options, diagnostics: &diagnostics)
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
                site: view, templates: inputs.templates, siteDirectory: options.siteDirectory, images: images.table,
                replacedStaticFiles: images.replaced)
        }
        let renderer = renderers[0]
        let fingerprintInputs = Self.fingerprintInputs(options, inputs, site: site) + "\nimages " + images.fingerprint
        var pages: [OutputFile] = []
        let routeCount = sites.map(\.routes.count).reduce(0, +)
        progress?.begin(.rendering, total: routeCount)
        let documents = Set(inputs.documents.map(\.path))
        do {
            for index in sites.indices {
                // After a change of database rows alone, the pages not reading them are the last build's.
                var routes = sites[index].routes
                if let readers = options.redrawOnly,
                    let split = RedrawnRoutes.split(sites[index], templates: inputs.templates, readers: readers, documents: documents)
                {
                    routes = split.render
                    let kept = split.keep.map { OutputFile(path: $0.outputPath, contents: .kept) }
                    work.keptPages += kept.count
                    progress?.advance(by: kept.count)
                    switch options.pageDelivery {
                    case .collected: pages += kept
                    case .streamed(let sink): try sink(kept)
                    }
                }
                pages += try RenderStage.run(
                    renderers[index], routes: routes,
                    fingerprints: options.memory.map { _ in
                        RouteFingerprints(site: sites[index], templates: inputs.templates, inputs: fingerprintInputs)
                    },
                    memory: memories[index]?.pages, complete: true, delivery: options.pageDelivery, progress: progress, work: &work)
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
            files: pages + renderer.staticFiles() + images.files + generated.files + resolved.statementFiles + searchFiles,
            diagnostics: diagnostics + generated.diagnostics)
        if case .streamed = options.pageDelivery { result.streamedPages = routeCount }
        result.work = work
        result.scheduledChanges = Array(
            ScheduledChanges.upcoming(
                documents: parsed.languages.flatMap(\.documents), catalogs: parsed.languages.flatMap(\.catalogs),
                timeZone: inputs.config.timeZone, now: options.now
            ).prefix(ScheduledChanges.kept))
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

    /// The search index files a patch left to make, and the last index's files gone
    /// (`SearchStage.finishPatch`): the preview asks for them once the saved pages are shown.
    /// Empty when none are pending.
    public static func finishSearchPatch(memory: RebuildMemory) -> (files: [OutputFile], removed: [String]) {
        memory.allLanguages.map { SearchStage.finishPatch(memory: $0.search) }.reduce(into: (files: [], removed: [])) { all, language in
            all.files += language.files
            all.removed += language.removed
        }
    }

    /// What a page's fingerprint takes besides its own site, for the preview: the options, what
    /// parsing read besides the documents (`DocumentMemory.contextKey`); on a multilingual
    /// site where each page's versions in other languages are (hreflang, the switcher); the
    /// database rows drawn without a document of their own (catalogs' `blocks:`; named charts
    /// are in `Site.charts`). Empty without memory.
    private static func fingerprintInputs(_ options: BuildOptions, _ inputs: SiteInputs, site: Site) -> String {
        guard let memory = options.memory else { return "" }
        let context = memory.language(site.config.language).documents.currentContextKey ?? DocumentMemory.contextKey(options.identity)
        let documents = Set(inputs.documents.map(\.path)).union([SiteConfigLoader.path])
        let rows = "\nrows " + memory.databaseResults.digest(readByOtherThan: documents)
        return context + rows + (site.languageLinks.isEmpty ? "" : "\nlanguages \(site.languageLinks.fingerprint)")
    }

    /// The whole of a successful build, kept for the preview's patches (`SitePatch`).
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
