import Foundation

/// The preview's last successful build, kept whole, so that saving an article, a page or a
/// static file is patched in: the saved file parsed again and only the pages showing it
/// rendered, with no walk of the site, no reading of the other files and no resolving.
///
/// A patch applies only when the result is what a full build would give: the saved files
/// existed before and still do, parse without a problem, and keep what places them in the
/// site (URL, date, publication, category, tags, related list, template), and nothing
/// else changed. Otherwise `patch` returns nil and the preview builds in full.
public final class KeptBuild: @unchecked Sendable {
    struct State {
        var siteDirectory: URL
        var includeDrafts: Bool
        var includeFuture: Bool
        var baseURL: String?
        /// Past this moment a publication, an expiry or a catalog's rotation may change the site.
        var validUntil: Date
        var parser: DocumentParser
        var templates: TemplateSet
        var site: Site
        /// What `RouteFingerprints` takes besides the site (see `SiteBuilder.build`).
        var fingerprintInputs: String
        /// `RouteFingerprints.articleKeys` of `site`, kept up to date by patches.
        var articleKeys: [UInt64] = []
        /// Indexes into `site.articles` and `site.pages` by source path.
        var articleIndex: [String: Int] = [:]
        var pageIndex: [String: Int] = [:]
        /// Every article, page and report file read, with its kind.
        var sources: [String: Document.Kind]
        /// Files some diagnostic of the build names (an ignored file, say).
        var diagnosedFiles: Set<String>
        /// The build's warnings, shown again in the terminal after a patch.
        var diagnostics: [Diagnostic]
    }

    /// What a patch changed.
    public struct Patch: Sendable {
        public var site: Site
        /// The pages rendered again; their bytes may equal the old ones.
        public var pages: [OutputFile]
        /// Static files whose source was saved: to be read again.
        public var staticFiles: [OutputFile]
        public var parsedDocuments: Int
        public var diagnostics: [Diagnostic]
    }

    private let lock = NSLock()
    private var state: State?

    public init() {}

    func keep(_ state: State) {
        var state = state
        state.articleKeys = state.site.articles.indices.map { RouteFingerprints.articleKey(state.site.articles[$0]) }
        state.articleIndex = Self.indexByPath(state.site.articles.map(\.document.sourcePath))
        state.pageIndex = Self.indexByPath(state.site.pages.map(\.document.sourcePath))
        lock.withLock { self.state = state }
    }

    private static func indexByPath(_ paths: [String]) -> [String: Int] {
        Dictionary(paths.indices.map { (paths[$0], $0) }, uniquingKeysWith: { first, _ in first })
    }

    func forget() {
        lock.withLock { state = nil }
    }

    /// Applies the saved files (paths relative to the site folder) to the kept build, or
    /// returns nil when only a full build can give the right result.
    public func patch(changedPaths: Set<String>, options: BuildOptions) -> Patch? {
        lock.lock()
        defer { lock.unlock() }
        guard var state, state.siteDirectory == options.siteDirectory, state.includeDrafts == options.includeDrafts,
              state.includeFuture == options.includeFuture, state.baseURL == options.baseURL, options.now < state.validUntil
        else { return nil }
        // The site is changed in place, without copying its arrays: the kept state is taken
        // out, and put back only if the patch succeeds (when it does not, a full build follows).
        self.state = nil
        var changedArticles = Set<Int>()
        var changedPages = Set<Int>()
        var staticFiles: [OutputFile] = []
        let staticOutputs = Dictionary(state.site.staticFiles.map { ($0.sourcePath, $0.outputPath) }, uniquingKeysWith: { first, _ in first })
        var parsed: [(file: SourceFile, kind: Document.Kind, document: Document)] = []
        for path in changedPaths.sorted() {
            let absolute = state.siteDirectory.appendingPathComponent(path).path
            if let kind = state.sources[path] {
                guard Self.isRegularFile(absolute), let data = FileManager.default.contents(atPath: absolute) else { return nil }
                let file = SourceFile(path: path, data: data)
                let (document, problems) = SiteBuilder.parse(file, kind: kind, parser: state.parser, cache: nil)
                guard let document, problems.isEmpty else { return nil }
                if let index = state.articleIndex[path], kind == .article {
                    guard Self.placesAlike(state.site.articles[index].document, document),
                          Self.keepsOrder(document, at: index, in: state.site.articles) else { return nil }
                    state.site.articles[index].document = document
                    state.articleKeys[index] = RouteFingerprints.articleKey(state.site.articles[index])
                    changedArticles.insert(index)
                } else if let index = state.pageIndex[path], kind != .article {
                    guard Self.placesAlike(state.site.pages[index].document, document) else { return nil }
                    state.site.pages[index].document = document
                    changedPages.insert(index)
                } else {
                    return nil // not published: the change may publish it
                }
                parsed.append((file, kind, document))
            } else if let output = staticOutputs[path] {
                guard Self.isRegularFile(absolute) else { return nil }
                staticFiles.append(OutputFile(path: output, contents: .copy(absolute)))
            } else if !Self.isIgnorable(path, absolute: absolute, state: state) {
                return nil
            }
        }

        let site = state.site
        let fingerprints = RouteFingerprints(site: site, templates: state.templates, inputs: state.fingerprintInputs, articleKeys: state.articleKeys)
        let routes = site.routes.indices.filter { index in
            let subject = site.routes[index].subject
            if case .page(let page) = subject { return changedPages.contains(page) }
            return !changedArticles.isEmpty && fingerprints.shows(subject, anyOf: changedArticles)
        }.map { site.routes[$0] }
        let pages = SiteRenderer(site: site, templates: state.templates, siteDirectory: state.siteDirectory).renderPages(routes)
        if let memo = options.renderMemo {
            for (route, page) in zip(routes, pages) {
                guard let fingerprint = fingerprints.fingerprint(of: route), case .bytes(let data) = page.contents else { continue }
                memo.update(path: page.path, fingerprint: fingerprint, data: data)
            }
        }
        // The next full build reuses these parses rather than the old ones, and the saved
        // files' old warnings are gone (they parse without a problem now).
        for entry in parsed {
            options.documentCache?.store(entry.file, kind: entry.kind, document: entry.document, diagnostics: [])
        }
        let reparsed = Set(parsed.map(\.file.path))
        state.diagnostics.removeAll { reparsed.contains($0.file) }
        self.state = state
        return Patch(site: site, pages: pages, staticFiles: staticFiles, parsedDocuments: parsed.count, diagnostics: state.diagnostics)
    }

    /// Whether two versions of a document put the site together the same way. The title
    /// also orders articles, which `keepsOrder` checks.
    static func placesAlike(_ old: Document, _ new: Document) -> Bool {
        old.kind == new.kind && old.slug == new.slug && old.date == new.date && old.publishDate == new.publishDate
            && old.expiryDate == new.expiryDate && old.draft == new.draft && old.categorySlug == new.categorySlug
            && old.tags == new.tags && old.related == new.related && old.template == new.template
    }

    /// Whether the article still sorts between its neighbours (a new title may move it).
    static func keepsOrder(_ document: Document, at index: Int, in articles: [ResolvedArticle]) -> Bool {
        let key = SiteResolver.OrderKey(document)
        if index > 0, !SiteResolver.OrderKey(articles[index - 1].document).precedes(key) { return false }
        if index + 1 < articles.count, !key.precedes(SiteResolver.OrderKey(articles[index + 1].document)) { return false }
        return true
    }

    /// A path the kept build never read and a full build would not read either: a name the
    /// content walk skips (`.x.md.swp`, `_draft/`), or an editor's temporary file already gone.
    static func isIgnorable(_ path: String, absolute: String, state: State) -> Bool {
        let walked = ["Content/articles/", "Content/pages/", "Content/reports/", "Content/static/", "\(TemplateSet.folder)/"]
        guard let folder = walked.first(where: { path.hasPrefix($0) }) else { return false }
        let names = path.dropFirst(folder.count).split(separator: "/")
        if names.contains(where: { $0.hasPrefix(".") || $0.hasPrefix("_") }) { return true }
        var info = stat()
        let exists = lstat(absolute, &info) == 0
        let isTemplate = folder == "\(TemplateSet.folder)/" && path.hasSuffix(".mustache")
        return !exists && !isTemplate && !state.diagnosedFiles.contains(path)
    }

    /// A file, not a link: a saved link takes a full build, which checks where it leads (`SiteFiles`).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
