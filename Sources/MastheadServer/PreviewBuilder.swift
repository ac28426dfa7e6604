import Foundation
import MastheadCore

/// Runs builds for the preview, one at a time, reusing what the previous build parsed and
/// read, and turns each result into the next `PreviewState.Value` and the news for pages.
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
    }

    let siteDirectory: URL
    let includeDrafts: Bool
    let includeFuture: Bool
    /// Set once the port is known: links in pages and feeds point at the preview.
    var baseURL: String?
    /// Reuse parsed documents between builds. Off only to compare with a full build.
    var incremental = true

    private let documents = DocumentCache()
    private let pages = RenderMemo()
    private let resolved = ResolveMemo()
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
        return options
    }

    /// Builds the site again. Serialised: two rebuilds never run at once.
    func rebuild(now: Date = Date()) -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        let started = DispatchTime.now()
        var options = buildOptions
        options.now = now
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
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return Outcome(value: value, changed: changed, failure: lastFailure, seconds: seconds,
                       reusedDocuments: incremental ? reuse.reused : 0,
                       parsedDocuments: incremental ? reuse.parsed : result.site.map { $0.articles.count + $0.pages.count } ?? 0,
                       renderedPages: result.succeeded ? result.files.filter(\.isRendered).count : 0, reusedPages: reused.count,
                       diagnostics: diagnostics)
    }

    /// Every output file in memory. Copied files are read here, once per change of their
    /// size or modification time; a link leading outside the site folder is not served.
    private func memoryFiles(_ outputs: [OutputFile], notices: [String: String]) -> ([String: PreviewSite.File], [Diagnostic]) {
        var files: [String: PreviewSite.File] = [:]
        var problems: [Diagnostic] = []
        var seenStatics: [String: (stamp: FileStamp?, data: Data)] = [:]
        let root = Self.realPath(siteDirectory.path) ?? siteDirectory.path
        for output in outputs {
            let data: Data
            switch output.contents {
            case .bytes(let bytes):
                data = bytes
            case .copy(let source):
                guard let real = Self.realPath(source), real.hasPrefix(root + "/") else {
                    problems.append(Diagnostic(.warning, "not served: a symbolic link to outside the site folder", file: Self.relative(source, to: siteDirectory.path)))
                    continue
                }
                let stamp = FileStamp(path: real)
                if let known = staticFiles[source], known.stamp == stamp, stamp != nil {
                    data = known.data
                } else if let read = FileManager.default.contents(atPath: real) {
                    data = read
                } else {
                    problems.append(Diagnostic(.warning, "not served: cannot read this file", file: Self.relative(source, to: siteDirectory.path)))
                    continue
                }
                seenStatics[source] = (stamp, data)
            }
            files[output.path] = PreviewSite.File(data: data, contentType: ContentType.of(output.path), notice: notices[output.path])
        }
        staticFiles = seenStatics
        return (files, problems)
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
