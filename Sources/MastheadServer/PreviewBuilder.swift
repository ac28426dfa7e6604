import Foundation
import MastheadCore

/// Runs builds for the preview, one at a time, and turns each result into the next
/// `PreviewState.Value` and the news for pages. Saved articles, pages and static files are
/// patched into the last build (`KeptBuild`); anything else builds again, reusing what the
/// previous build parsed and rendered.
final class PreviewBuilder: @unchecked Sendable {
    /// What one rebuild did.
    struct Outcome: Sendable {
        var value: PreviewState.Value
        /// Output paths whose bytes changed, were added or were removed, sorted.
        var changed: [String]
        /// Counts failed builds; 0 while the last build succeeded.
        var failure: Int
        var seconds: Double
        var reusedDocuments: Int
        var parsedDocuments: Int
        var renderedPages: Int
        var reusedPages: Int
        /// Problems to print in the terminal (the overlay shows errors of failed builds).
        var diagnostics: [Diagnostic]
        /// The saved files were patched into the last build rather than the site built again.
        var patched = false
    }

    let siteDirectory: URL
    let includeDrafts: Bool
    let includeFuture: Bool
    /// Set once the port is known: links in pages and feeds point at the preview.
    var baseURL: String?
    /// Told the stages of the next builds (the first build's progress line in the terminal).
    var progress: (any BuildProgress)?
    /// Reuse parsed documents between builds. Off only to compare with a full build.
    var incremental = true

    private let documents = DocumentCache()
    private let pages = RenderMemo()
    private let resolved = ResolveMemo()
    private let kept = KeptBuild()
    private var staticFiles: [String: (stamp: FileStamp?, data: Data)] = [:]
    private var previous = PreviewState.Value(site: .empty, problems: [])
    private var failures = 0
    private var lastFailure = 0
    private let lock = NSLock()

    init(siteDirectory: URL, includeDrafts: Bool, includeFuture: Bool, baseURL: String? = nil) {
        self.siteDirectory = siteDirectory.standardizedFileURL
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.baseURL = baseURL
    }

    var buildOptions: BuildOptions {
        var options = BuildOptions(siteDirectory: siteDirectory)
        options.includeDrafts = includeDrafts
        options.includeFuture = includeFuture
        options.baseURL = baseURL
        options.documentCache = incremental ? documents : nil
        options.renderMemo = incremental ? pages : nil
        options.resolveMemo = incremental ? resolved : nil
        options.keptBuild = incremental ? kept : nil
        options.progress = progress
        return options
    }

    /// Builds the site again, or patches the files in `changes` (paths relative to the site
    /// folder) into the last build when that gives the same result. Serialised: two rebuilds
    /// never run at once.
    func rebuild(now: Date = Date(), changes: Set<String>? = nil) -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        let started = DispatchTime.now()
        var options = buildOptions
        options.now = now
        if incremental, let changes, let patch = kept.patch(changedPaths: changes, options: options) {
            return apply(patch, started: started)
        }
        let result = SiteBuilder.build(options)
        var diagnostics = result.diagnostics
        let value: PreviewState.Value
        if result.succeeded, let site = result.site {
            let (files, fileProblems) = memoryFiles(result.files, notices: PreviewSite.notices(for: site, now: now))
            diagnostics += fileProblems
            value = PreviewState.Value(site: PreviewSite(files: files, number: previous.site.number + 1), problems: [])
            lastFailure = 0
        } else {
            failures += 1
            lastFailure = failures
            value = PreviewState.Value(site: previous.site, problems: result.diagnostics)
        }
        // Pages taken unchanged from the last render need no comparing.
        let reused = Set(result.succeeded ? result.files.lazy.filter(\.isReused).map(\.path) : [])
        let changed = Self.changedPaths(from: previous.site, to: value.site, skipping: reused)
        previous = value
        let reuse = documents.lastBuild
        return Outcome(value: value, changed: changed, failure: lastFailure, seconds: Self.seconds(since: started),
                       reusedDocuments: incremental ? reuse.reused : 0,
                       parsedDocuments: incremental ? reuse.parsed : result.site.map { $0.articles.count + $0.pages.count } ?? 0,
                       renderedPages: result.succeeded ? result.files.filter(\.isRendered).count : 0, reusedPages: reused.count,
                       diagnostics: diagnostics)
    }

    /// The last site with the patch's pages and static files put in; only what changed is
    /// compared, so the time does not grow with the size of the site.
    private func apply(_ patch: KeptBuild.Patch, started: DispatchTime) -> Outcome {
        var files = previous.site.files
        var changed: [String] = []
        var problems: [Diagnostic] = []
        let root = Self.realPath(siteDirectory.path) ?? siteDirectory.path
        for output in patch.pages + patch.staticFiles {
            let data: Data
            switch contents(of: output, root: root) {
            case .success(let read): data = read
            case .failure(let problem):
                problems.append(problem)
                if files.removeValue(forKey: output.path) != nil { changed.append(output.path) }
                continue
            }
            guard files[output.path]?.data != data else { continue }
            files[output.path] = PreviewSite.File(data: data, contentType: ContentType.of(output.path), notice: files[output.path]?.notice)
            changed.append(output.path)
        }
        previous = PreviewState.Value(site: PreviewSite(files: files, number: previous.site.number + 1), problems: [])
        let documents = patch.site.articles.count + patch.site.pages.count
        return Outcome(value: previous, changed: changed.sorted(), failure: 0, seconds: Self.seconds(since: started),
                       reusedDocuments: documents - patch.parsedDocuments, parsedDocuments: patch.parsedDocuments,
                       renderedPages: patch.pages.count, reusedPages: patch.site.routes.count - patch.pages.count,
                       diagnostics: patch.diagnostics + problems, patched: true)
    }

    /// Every output file in memory, with copied files read (`readCopied`).
    private func memoryFiles(_ outputs: [OutputFile], notices: [String: String]) -> ([String: PreviewSite.File], [Diagnostic]) {
        var files: [String: PreviewSite.File] = [:]
        var problems: [Diagnostic] = []
        let root = Self.realPath(siteDirectory.path) ?? siteDirectory.path
        let copied = Set(outputs.compactMap { output -> String? in
            if case .copy(let source) = output.contents { return source }
            return nil
        })
        // Forget files no longer in the site, so memory follows it.
        staticFiles = staticFiles.filter { copied.contains($0.key) }
        for output in outputs {
            let data: Data
            switch contents(of: output, root: root) {
            case .success(let read): data = read
            case .failure(let problem):
                problems.append(problem)
                continue
            }
            files[output.path] = PreviewSite.File(data: data, contentType: ContentType.of(output.path), notice: notices[output.path])
        }
        return (files, problems)
    }

    /// An output file's bytes: rendered ones as they are, copied ones read (`readCopied`).
    private func contents(of output: OutputFile, root: String) -> Result<Data, Diagnostic> {
        switch output.contents {
        case .bytes(let bytes): .success(bytes)
        case .copy(let source): readCopied(source, root: root)
        }
    }

    /// A copied file's bytes, read once per change of its size, modification time or inode;
    /// a link leading outside the site folder is not served.
    private func readCopied(_ source: String, root: String) -> Result<Data, Diagnostic> {
        guard let real = Self.realPath(source), real.hasPrefix(root + "/") else {
            staticFiles[source] = nil
            return .failure(Diagnostic(.warning, "not served: a symbolic link to outside the site folder", file: Self.relative(source, to: siteDirectory.path)))
        }
        let stamp = FileStamp(path: real)
        if let known = staticFiles[source], known.stamp == stamp, stamp != nil { return .success(known.data) }
        guard let data = FileManager.default.contents(atPath: real) else {
            staticFiles[source] = nil
            return .failure(Diagnostic(.warning, "not served: cannot read this file", file: Self.relative(source, to: siteDirectory.path)))
        }
        staticFiles[source] = (stamp, data)
        return .success(data)
    }

    private static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    static func changedPaths(from old: PreviewSite, to new: PreviewSite, skipping unchanged: Set<String> = []) -> [String] {
        var changed: [String] = []
        for (path, file) in new.files where old.files[path]?.notice != file.notice
            || (!unchanged.contains(path) && old.files[path]?.data != file.data) {
            changed.append(path)
        }
        for path in old.files.keys where new.files[path] == nil { changed.append(path) }
        return changed.sorted()
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func relative(_ path: String, to root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}

/// Size, modification time and inode of a file: enough to notice any save, atomic or not.
struct FileStamp: Hashable, Sendable {
    var size: Int64
    var modified: Int64
    var inode: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        #if os(Linux)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #else
        modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #endif
        inode = UInt64(info.st_ino)
    }
}

private extension OutputFile {
    /// Produced by this build (a template or code), rather than copied or kept from the last one.
    var isRendered: Bool {
        if case .bytes = contents { return !isReused }
        return false
    }
}
