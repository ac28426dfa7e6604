import Foundation
import MastheadBuild
import MastheadContent
import MastheadReports
import MastheadSupport

/// Runs builds for the preview, one at a time, and turns each result into the next
/// `PreviewState.Value` and the news for pages. The builds share one `RebuildMemory`: saved
/// articles, pages and static files are patched into the last build, anything else builds
/// again, reusing what the previous build parsed and rendered.
final class PreviewBuilder: Sendable {
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

    let siteFolder: SiteFolder
    private let memory = RebuildMemory()
    /// The database results the builds keep, polled by `DatabasePoller`.
    var databaseResults: DatabaseResults { memory.databaseResults }

    /// Everything a rebuild reads and changes; held for the whole rebuild, so two never run at once.
    private struct State: Sendable {
        /// Its base URL is set once the server listens.
        var identity: BuildIdentity
        var incremental = true
        var progress: (any BuildProgress)?
        /// Static files' bytes by source path, with the status they were read at.
        var staticFiles: [String: (status: FileStatus?, data: Data)] = [:]
        var previous = PreviewState.Value(site: .empty, problems: [])
        var failures = 0
        var lastFailure = 0
        /// Counts the values made (`PreviewState.Value.revision`) and the builds that were not patches.
        var revision = 0
        var fullBuilds = 0

        /// `value`, numbered as the latest made, kept as the last.
        mutating func made(_ value: PreviewState.Value) -> PreviewState.Value {
            revision += 1
            previous = value
            previous.revision = revision
            return previous
        }
    }

    private let state: Locked<State>

    init(identity: BuildIdentity) {
        siteFolder = identity.siteFolder
        state = Locked(State(identity: identity))
    }

    /// Set once the port is known: links in pages and feeds point at the preview.
    var baseURL: String? {
        get { state.withLock { $0.identity.baseURL } }
        set { state.withLock { $0.identity.baseURL = newValue } }
    }

    /// Told the stages of the next builds (the first build's progress line in the terminal).
    var progress: (any BuildProgress)? {
        get { state.withLock { $0.progress } }
        set { state.withLock { $0.progress = newValue } }
    }

    /// Reuse parsed documents between builds. Off only to compare with a full build.
    var incremental: Bool {
        get { state.withLock { $0.incremental } }
        set { state.withLock { $0.incremental = newValue } }
    }

    var buildOptions: BuildOptions {
        state.withLock { buildOptions($0) }
    }

    private func buildOptions(_ state: State) -> BuildOptions {
        var options = BuildOptions(identity: state.identity)
        options.memory = state.incremental ? memory : nil
        options.progress = state.progress
        return options
    }

    /// Builds the site again, or patches `changes` (the watcher's, the database poller's, the
    /// editor's) into the last build when that gives the same result; nil: the watcher cannot say
    /// what changed, so everything. Serialised: two rebuilds never run at once.
    func rebuild(now: Date = Date(), changes: Changes? = nil) -> Outcome {
        state.withLock { rebuild(now: now, changes: changes, state: &$0) }
    }

    private func rebuild(now: Date, changes: Changes?, state: inout State) -> Outcome {
        let started = DispatchTime.now()
        var options = buildOptions(state)
        options.now = now
        let request = changes.map { BuildRequest.changes(withSQLiteReaders($0)) } ?? .everything
        let result = Pipeline.run(request, options: options)
        if result.patched { return apply(result, started: started, state: &state) }
        state.fullBuilds += 1
        var diagnostics = result.diagnostics
        let value: PreviewState.Value
        if result.succeeded, let site = result.site {
            let (files, fileProblems) = memoryFiles(
                result.files, notices: PreviewSite.notices(for: site, now: now), sources: PreviewSite.sources(for: site), state: &state)
            diagnostics += fileProblems
            value = PreviewState.Value(site: PreviewSite(files: files, number: state.previous.site.number + 1), problems: [])
            state.lastFailure = 0
        } else {
            state.failures += 1
            state.lastFailure = state.failures
            value = PreviewState.Value(site: state.previous.site, problems: result.diagnostics)
        }
        // Pages taken unchanged from the last render need no comparing.
        let reused = Set(result.succeeded ? result.files.lazy.filter(\.isReused).map(\.path) : [])
        let changed = Self.changedPaths(from: state.previous.site, to: value.site, skipping: reused)
        return Outcome(
            value: state.made(value), changed: changed, failure: state.lastFailure, seconds: Self.seconds(since: started),
            reusedDocuments: result.work.reusedDocuments, parsedDocuments: result.work.parsedDocuments,
            renderedPages: result.succeeded ? result.work.renderedPages : 0, reusedPages: reused.count,
            diagnostics: diagnostics)
    }

    /// A saved SQLite database (or journal) is no file of the site a page shows: it changes the
    /// documents whose blocks read it (`RebuildMemory.sqliteChanges`).
    private func withSQLiteReaders(_ changes: Changes) -> Changes {
        let sqlite = memory.sqliteChanges(in: changes.saved.union(changes.removed), siteFolder: siteFolder)
        guard !sqlite.files.isEmpty else { return changes }
        var changes = changes
        changes.saved.subtract(sqlite.files)
        changes.removed.subtract(sqlite.files)
        changes.databaseReaders.formUnion(sqlite.readers)
        return changes
    }

    /// The last site with the patch's pages and static files put in; only what changed is
    /// compared, so the time does not grow with the size of the site.
    private func apply(_ patch: BuildResult, started: DispatchTime, state: inout State) -> Outcome {
        let (changed, problems) = put(patch.files, number: state.previous.site.number + 1, state: &state)
        return Outcome(
            value: state.previous, changed: changed, failure: 0, seconds: Self.seconds(since: started),
            reusedDocuments: patch.work.reusedDocuments, parsedDocuments: patch.work.parsedDocuments,
            renderedPages: patch.work.renderedPages, reusedPages: patch.work.reusedPages,
            diagnostics: patch.diagnostics + problems, patched: true)
    }

    /// The search index brought up to date with the last patches' saves
    /// (`BuildRequest.pendingSearchIndex`), put into the last site; nil when nothing changed. Run
    /// after the patch's pages are shown: a save reloads its page without waiting for the index,
    /// and the index is made outside the builder's lock, so the next save is patched meanwhile
    /// (the index then waits for the finish after it, `SearchMemory.replace`).
    func finishSearchPatch() -> PreviewState.Value? {
        let (options, fullBuilds) = state.withLock { (buildOptions($0), $0.fullBuilds) }
        let index = Pipeline.run(.pendingSearchIndex, options: options)
        return state.withLock { state in
            // A full build since made an index of its own.
            guard state.fullBuilds == fullBuilds else { return nil }
            // The same build number: the pages are those the browser has, and one that connects
            // again must not reload for it.
            let changed = put(index.files, removing: index.removed, number: state.previous.site.number, state: &state).changed
            return changed.isEmpty ? nil : state.previous
        }
    }

    /// Puts output files into the last site, and takes `removed` out, as build `number`; only
    /// what changed is compared, and only it is copied (`PreviewSite.put`).
    private func put(_ outputs: [OutputFile], removing removed: [String] = [], number: Int, state: inout State) -> (
        changed: [String], problems: [Diagnostic]
    ) {
        var site = state.previous.site
        site.number = number
        var changed = removed.filter { site[$0] != nil }
        for path in changed { site.put(nil, at: path) }
        var problems: [Diagnostic] = []
        for output in outputs {
            let data: Data
            switch contents(of: output, siteFolder: siteFolder, staticFiles: &state.staticFiles) {
            case .success(let read): data = read
            case .failure(let problem):
                problems.append(problem)
                if site[output.path] != nil {
                    site.put(nil, at: output.path)
                    changed.append(output.path)
                }
                continue
            }
            let old = site[output.path]
            guard old?.data != data else { continue }
            site.put(
                PreviewSite.File(data: data, contentType: ContentType.of(output.path), notice: old?.notice, source: old?.source),
                at: output.path)
            changed.append(output.path)
        }
        _ = state.made(PreviewState.Value(site: site, problems: []))
        return (changed.sorted(), problems)
    }

    /// Every output file in memory, with copied files read (`readCopied`).
    private func memoryFiles(_ outputs: [OutputFile], notices: [String: String], sources: [String: String], state: inout State) -> (
        [String: PreviewSite.File], [Diagnostic]
    ) {
        var files: [String: PreviewSite.File] = [:]
        var problems: [Diagnostic] = []
        let copied = Set(
            outputs.compactMap { output -> String? in
                if case .copy(let source) = output.contents { return source }
                return nil
            })
        // Forget files no longer in the site, so memory follows it.
        state.staticFiles = state.staticFiles.filter { copied.contains($0.key) }
        for output in outputs {
            let data: Data
            switch contents(of: output, siteFolder: siteFolder, staticFiles: &state.staticFiles) {
            case .success(let read): data = read
            case .failure(let problem):
                problems.append(problem)
                continue
            }
            files[output.path] = PreviewSite.File(
                data: data, contentType: ContentType.of(output.path), notice: notices[output.path], source: sources[output.path])
        }
        return (files, problems)
    }

    /// An output file's bytes: rendered ones as they are, copied ones read (`readCopied`).
    private func contents(of output: OutputFile, siteFolder: SiteFolder, staticFiles: inout [String: (status: FileStatus?, data: Data)]) -> Result<
        Data, Diagnostic
    > {
        switch output.contents {
        case .bytes(let bytes): .success(bytes)
        case .copy(let source): readCopied(source, siteFolder: siteFolder, staticFiles: &staticFiles)
        // Only `masthead build` keeps files from the output folder; the preview renders every page it serves.
        case .kept: .failure(Diagnostic(.error, "no page rendered for \(output.path)", file: "masthead"))
        }
    }

    /// A copied file's bytes, read once per change of its size, modification time or inode;
    /// a link leading outside the site folder is not served.
    private func readCopied(_ source: String, siteFolder: SiteFolder, staticFiles: inout [String: (status: FileStatus?, data: Data)]) -> Result<
        Data, Diagnostic
    > {
        guard let real = realPath(source), siteFolder.isInside(real) else {
            staticFiles[source] = nil
            return .failure(
                Diagnostic(.warning, "not served: a symbolic link to outside the site folder", file: siteFolder.relative(source)))
        }
        let status = FileStatus(path: real)
        if let known = staticFiles[source], known.status == status, status != nil { return .success(known.data) }
        guard let data = FileManager.default.contents(atPath: real) else {
            staticFiles[source] = nil
            return .failure(Diagnostic(.warning, "not served: cannot read this file", file: siteFolder.relative(source)))
        }
        staticFiles[source] = (status, data)
        return .success(data)
    }

    private static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    static func changedPaths(from old: PreviewSite, to new: PreviewSite, skipping unchanged: Set<String> = []) -> [String] {
        var changed: [String] = []
        for (path, file) in new.files
        where old.files[path]?.notice != file.notice
            || (!unchanged.contains(path) && old.files[path]?.data != file.data)
        {
            changed.append(path)
        }
        for path in old.files.keys where new.files[path] == nil { changed.append(path) }
        return changed.sorted()
    }

}
