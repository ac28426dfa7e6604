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
        // A multilingual site's pages show their translations (hreflang, the switcher, the
        // sitemap): a save rebuilds the whole site, so both languages' pages are new.
        guard kept.site.translations.isEmpty else { return nil }
        // Load: the saved sources read again, the saved static files to be read again.
        guard let saved = load(changedPaths, kept: kept) else { return nil }
        // Parse.
        var diagnostics: [Diagnostic] = []
        var work = BuildResult.Work()
        var timer = PhaseTimer()
        let documents = ParseStage.parse(
            saved.sources, parser: kept.parser, reports: kept.reports, memory: memory.documents,
            diagnostics: &diagnostics, work: &work, timer: &timer)
        guard diagnostics.isEmpty, documents.count == saved.sources.count else { return nil }
        // Resolve.
        var update = SiteUpdate(kept.documentIndex)
        for document in documents {
            guard update.replace(with: document, in: &kept.site) else { return nil }
        }
        for index in update.changedArticles { kept.articleKeys[index] = RouteFingerprints.articleKey(kept.site.articles[index]) }
        // Render: the routes showing a saved page or article, feeds included (they are
        // written only when their bytes change).
        let site = kept.site
        let fingerprints = RouteFingerprints(site: site, templates: kept.templates, inputs: kept.fingerprintInputs, articleKeys: kept.articleKeys)
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
        var newCards: [OutputFile] = []
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
            newCards = cards.files.filter { !knownCards.contains("/" + $0.path) }
            kept.images.table.cards.merge(cards.table) { _, saved in saved }
            let shownCards = Set(kept.images.table.cards.values.map(\.src))
            kept.images.files = kept.images.files.filter { !$0.path.hasPrefix("social/") || shownCards.contains("/" + $0.path) } + newCards
        }
        let renderer = SiteRenderer(
            site: site, templates: kept.templates, siteDirectory: kept.identity.siteDirectory, images: kept.images.table,
            replacedStaticFiles: kept.images.replaced)
        guard
            let pages = try? RenderStage.run(
                renderer, routes: routes, fingerprints: fingerprints, memory: memory.pages,
                complete: false, delivery: .collected, work: &work),
            // A render past its limits: the full build reports it.
            kept.templates.overrunProblems().isEmpty
        else { return nil }
        // The index: the saved documents' entries are made again once the pages are shown
        // (`SiteBuilder.finishSearchPatch`).
        guard SearchStage.patch(site, articles: update.changedArticles, pages: update.changedPages, memory: memory.search) else { return nil }
        // The saved files' old warnings are gone: they parse without a problem now.
        let reparsed = Set(documents.map(\.sourcePath))
        kept.diagnostics.removeAll { reparsed.contains($0.file) }
        memory.site.keep(kept)
        var result = BuildResult(site: site, files: pages + saved.staticFiles + newCards, diagnostics: kept.diagnostics)
        result.patched = true
        result.work = work
        result.work.reusedPages = site.routes.count - work.renderedPages
        result.work.reusedDocuments = site.articles.count + site.pages.count - work.parsedDocuments
        return result
    }

    /// Whether a build with these options may start from the kept build.
    private static func suits(_ kept: SiteMemory.State, _ options: BuildOptions) -> Bool {
        kept.identity == options.identity && options.now < kept.validUntil
    }

    /// The saved files: sources read again and static files to copy; nil when a save needs a full build.
    private static func load(_ changedPaths: Set<String>, kept: SiteMemory.State) -> (
        sources: [DocumentSource],
        staticFiles: [OutputFile]
    )? {
        let staticOutputs = Dictionary(kept.site.staticFiles.map { ($0.sourcePath, $0.outputPath) }, uniquingKeysWith: { first, _ in first })
        var sources: [DocumentSource] = []
        var staticFiles: [OutputFile] = []
        for path in changedPaths.sorted() {
            let absolute = kept.identity.siteDirectory.appendingPathComponent(path).path
            if let kind = kept.sources[path] {
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
