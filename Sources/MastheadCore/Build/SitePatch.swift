import Foundation
import MastheadContent
import MastheadImages
import MastheadRender
import MastheadSite
import MastheadSupport

/// A save in the preview, applied to its last build by the same stages on fewer inputs:
/// load reads only the saved files, parse parses them as a build does, resolve updates the
/// kept site in place (`SiteUpdate`), render renders the routes showing them.
///
/// A patch applies only when the result is what a full build would give: the saved files
/// existed before and still do, parse without a problem, and keep what places them in the
/// site (URL, date, publication, category, tags, related list, template), and nothing else
/// changed. Otherwise it returns nil and the caller builds in full.
enum SitePatch {
    static func run(_ options: BuildOptions, changedPaths: Set<String>, memory: RebuildMemory) -> BuildResult? {
        guard var kept = memory.site.take(), suits(kept, options) else { return nil }
        // Load: the saved sources read again, the saved static files to be read again.
        guard let saved = load(changedPaths, unsaved: options.unsavedDocuments, kept: kept) else { return nil }
        var diagnostics: [Diagnostic] = []
        var work = BuildResult.Work()
        var timer = PhaseTimer()
        var pages: [OutputFile] = []
        var newCards: [OutputFile] = []
        var reparsed: Set<String> = []
        // Each language's saved files, through the stages of its own site.
        for (language, sources) in ParseStage.byLanguage(saved.sources, config: kept.site.config).enumerated() where !sources.isEmpty {
            let languageMemory = memory.language(kept.site(of: language).config.language)
            // Parse.
            var documents = ParseStage.parse(
                sources, parser: kept.languages[language].parser, reports: kept.languages[language].reports, memory: languageMemory.documents,
                diagnostics: &diagnostics, work: &work, timer: &timer)
            guard diagnostics.isEmpty, documents.count == sources.count else { return nil }
            if !kept.site.translations.isEmpty {
                guard joinTranslations(&documents, language: language, kept: &kept) else { return nil }
            }
            // Resolve.
            var update = SiteUpdate(kept.languages[language].documentIndex)
            let placed = kept.withSite(language) { site in documents.allSatisfy { update.replace(with: $0, in: &site) } }
            guard placed else { return nil }
            let site = kept.site(of: language)
            for index in update.changedArticles { kept.languages[language].articleKeys[index] = RouteFingerprints.articleKey(site.articles[index]) }
            // Render: the routes showing a saved page or article, feeds included (they are
            // written only when their bytes change).
            let fingerprints = RouteFingerprints(
                site: site, templates: kept.templates, inputs: kept.fingerprintInputs, articleKeys: kept.languages[language].articleKeys)
            // By index, not by element: a closure taking each route would copy every one of them.
            let routes = site.routes.indices.filter { index in
                let subject = site.routes[index].subject
                if case .page(let page) = subject { return update.changedPages.contains(page) }
                return !update.changedArticles.isEmpty && fingerprints.shows(subject, anyOf: update.changedArticles)
            }.map { site.routes[$0] }
            // Images: the saved documents' references checked, their social cards drawn (a new title,
            // a new card). Only theirs: every other page's card is as the kept build made it.
            let references = ImageStage.references(of: documents)
            guard ImageStage.referenceProblems(references, table: kept.images.table, reported: []).isEmpty else { return nil }
            if kept.templates.showsPageImage {
                let savedRoutes = site.routes.filter { route in
                    switch route.subject {
                    case .article(let index): update.changedArticles.contains(index)
                    case .page(let index): update.changedPages.contains(index)
                    default: false
                    }
                }
                let cards = SocialCards.make(
                    site: site, routes: savedRoutes, table: kept.images.table, staticPaths: kept.staticPaths, options: options,
                    cache: ImageCache(siteDirectory: kept.identity.siteDirectory))
                let knownCards = Set(kept.images.table.cards.values.map(\.src))
                let drawn = cards.files.filter { !knownCards.contains("/" + $0.path) }
                newCards += drawn
                kept.images.table.cards.merge(cards.table) { _, saved in saved }
                let shownCards = Set(kept.images.table.cards.values.map(\.src))
                kept.images.files = kept.images.files.filter { !$0.path.hasPrefix("social/") || shownCards.contains("/" + $0.path) } + drawn
            }
            let renderer = SiteRenderer(
                site: site, templates: kept.templates, siteDirectory: kept.identity.siteDirectory, images: kept.images.table,
                replacedStaticFiles: kept.images.replaced)
            guard
                let rendered = try? RenderStage.run(
                    renderer, routes: routes, fingerprints: fingerprints, memory: languageMemory.pages,
                    complete: false, delivery: .collected, work: &work),
                // A render past its limits: the full build reports it.
                kept.templates.overrunProblems().isEmpty
            else { return nil }
            pages += rendered
            // The index: the saved documents' entries are made again once the pages are shown
            // (`SiteBuilder.finishSearchPatch`).
            guard SearchStage.patch(site, articles: update.changedArticles, pages: update.changedPages, memory: languageMemory.search) else {
                return nil
            }
            reparsed.formUnion(documents.map(\.sourcePath))
        }
        // The saved files' old warnings are gone: they parse without a problem now.
        kept.diagnostics.removeAll { reparsed.contains($0.file) }
        memory.site.keep(kept)
        var result = BuildResult(site: kept.site, files: pages + saved.staticFiles + newCards, diagnostics: kept.diagnostics)
        result.patched = true
        result.work = work
        let sites = kept.sites
        result.work.reusedPages = sites.map(\.routes.count).reduce(0, +) - work.renderedPages
        result.work.reusedDocuments = sites.map { $0.articles.count + $0.pages.count }.reduce(0, +) - work.parsedDocuments
        return result
    }

    /// On a multilingual site, the saved documents joined as a full build joins them
    /// (`TranslationGroups`): a translation takes from its kept original what it does not
    /// write; a saved original must give its translations what it gave, and a saved
    /// document must keep its translation group (the language links stay as they are).
    /// False when that does not hold, or joining finds a problem: then a full build.
    private static func joinTranslations(_ documents: inout [Document], language: Int, kept: inout SiteMemory.State) -> Bool {
        let site = kept.site(of: language)
        let index = kept.languages[language].documentIndex
        for position in documents.indices {
            let saved = documents[position]
            guard let published = index.document(at: saved.sourcePath, in: site), published.translationKey == saved.translationKey else {
                return false
            }
            let group = TranslationGroups.groupKey(saved)
            if language == 0 {
                if kept.translatedGroups.contains(group) {
                    guard let old = kept.originals[group], TranslationGroups.givesAlike(old, saved) else { return false }
                }
                kept.originals[group] = saved
            } else {
                let problems = TranslationGroups.join(
                    &documents[position], to: kept.originals[group], language: kept.site.config.translationLanguages[language - 1],
                    author: kept.site.config.author, keys: { [] })
                guard problems.isEmpty else { return false }
            }
        }
        return true
    }

    /// Whether a build with these options may start from the kept build.
    private static func suits(_ kept: SiteMemory.State, _ options: BuildOptions) -> Bool {
        kept.identity == options.identity && options.now < kept.validUntil
    }

    /// The saved files: sources read again and static files to copy; nil when a save needs a full build.
    private static func load(_ changedPaths: Set<String>, unsaved: [String: Data], kept: SiteMemory.State) -> (
        sources: [DocumentSource],
        staticFiles: [OutputFile]
    )? {
        let staticOutputs = Dictionary(kept.site.staticFiles.map { ($0.sourcePath, $0.outputPath) }, uniquingKeysWith: { first, _ in first })
        var sources: [DocumentSource] = []
        var staticFiles: [OutputFile] = []
        for path in changedPaths.sorted() {
            let absolute = kept.identity.siteDirectory.appendingPathComponent(path).path
            if let kind = kept.sources[path], let data = unsaved[path] {
                sources.append(DocumentSource(path: path, kind: kind, bytes: .read(data)))
            } else if let kind = kept.sources[path] {
                guard isRegularFile(absolute), let data = FileManager.default.contents(atPath: absolute) else { return nil }
                sources.append(DocumentSource(path: path, kind: kind, bytes: .read(data)))
            } else if let output = staticOutputs[path] {
                // A saved image may change its resized copies, its size, a social card: a full build (from the image cache).
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

    /// A file, not a link: a saved link takes a full build, which checks where it leads (`SiteFiles`).
    private static func isRegularFile(_ path: String) -> Bool {
        FileStatus(path: path, followingLinks: false)?.isRegular ?? false
    }
}
