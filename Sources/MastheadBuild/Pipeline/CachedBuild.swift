import Foundation
import MastheadDatabases
import MastheadReports
import MastheadSite
import MastheadSupport

/// `masthead build` with its cache: skips the whole pipeline when nothing changed, and
/// otherwise builds and writes only the files whose bytes changed (see `BuildCache`).
package enum CachedBuild {
    package enum Outcome: Sendable {
        /// Every input is as the last build left it, and so is the output folder.
        case upToDate(BuildManifest)
        case built(BuildResult, OutputWriter.Report)
        /// Errors: nothing was written, the previous output and cache stay as they were.
        case failed(BuildResult)
    }

    /// `useCache: false` (`--no-cache`) builds and writes every file whatever the manifest
    /// says, then records a fresh manifest for the next build. `force` (`--force`) replaces an
    /// output folder Masthead did not make. One build of a site runs at a time: this waits up
    /// to `lockWait` seconds for another to finish, then throws `BuildLock.Busy`.
    package static func run(
        _ options: BuildOptions, output: URL, useCache: Bool = true, force: Bool = false,
        lockWait: TimeInterval = BuildLock.defaultWait
    ) throws -> Outcome {
        let lock = try BuildLock.acquire(siteFolder: options.siteFolder, wait: lockWait)
        defer { lock?.release() }
        // A commit a stopped build left half-done is finished before the folder is looked at.
        try OutputCommit.finishInterrupted(target: output.standardizedFileURL.path)
        var timer = PhaseTimer()
        options.progress?.begin(.reading, total: nil)
        let cache = BuildCache(siteFolder: options.siteFolder, output: output)
        let key = cache.key(options.identity)
        // The last build's pages (their URLs and fingerprints) are read only once the build goes
        // ahead (nothing changed needs none); without the cache, nothing else: a large site's records are not even parsed.
        var previous = useCache ? cache.loadManifest(withPages: false) : nil
        var lastPages = useCache ? nil : cache.loadManifest(withRecords: false)
        let sameKey = previous?.key == key
        // Inputs are read before the build: a file edited while it runs makes the next build redo it.
        let inputs = cache.fingerprintInputs(previous: sameKey ? previous?.inputs ?? [:] : [:])
        timer.lap("inputs fingerprinted")
        let databaseResults = options.databaseResults ?? DatabaseResults()
        var options = options
        // What changed in the output folder since the last build wrote it: edited files are written
        // again, and files it did not write are removed (the folder is the build's own), both said in a warning.
        let drift = previous.map { OutputDrift.find(in: output, recorded: $0.outputs, folders: $0.folders) } ?? OutputDrift()
        if let previous, sameKey, let files = Self.changedDatabaseFiles(previous, inputs),
            let validUntil = previous.validUntil, options.now < validUntil, drift.isEmpty
        {
            // Only database rows can have changed: when none did, nothing did. When some did, the
            // pages reading them have new fingerprints (their documents' hash takes the rows).
            var changed = DatabaseCheck.changedReaders(previous.databaseChecks, environment: options.environment, keepingIn: databaseResults)
            for file in files { changed.formUnion(previous.databaseFiles[file] ?? []) }
            guard !changed.isEmpty else { return .upToDate(previous) }
        }
        // From here the last build's records of its inputs and folders are not read: at a million
        // articles they are 2.7 million of them, held to the end of the build.
        previous?.inputs = [:]
        previous?.folders = FolderRecords()
        timer.lap("database results checked")
        // The last build's pages are kept where their fingerprints are unchanged, when its files
        // are as it wrote them; every page is fingerprinted for the next build.
        if lastPages == nil, previous != nil { lastPages = cache.loadManifest(withRecords: false) }
        let keepsPages = useCache && sameKey && drift.isEmpty
        options.lastPages = LastPages(fingerprints: keepsPages ? lastPages?.pageFingerprints ?? [:] : [:], inputs: inputs)
        // Only the page URLs are read from here (`URLChanges`); the fingerprints kept are in `options`.
        lastPages?.pageFingerprints = [:]

        // Pages go to the staging folder as they are rendered; they are put in place (or the
        // folder swapped in) only once the build has succeeded.
        let staging = try OutputWriter.Staging(
            output: output, siteFolder: options.siteFolder,
            previous: previous?.outputs ?? [:], inputs: inputs, unlisted: drift.unlisted, force: force)
        options.pageDelivery = .streamed { try staging.add($0) }
        options.databaseResults = databaseResults
        var result = Pipeline.run(.everything, options: options)
        timer.lap("built and pages written")
        guard result.succeeded, let site = result.site else {
            staging.discard()
            return .failed(result)
        }
        let report: OutputWriter.Report
        // No total: putting the site in place (and removing the old one) is most of the stage.
        options.progress?.begin(.writing, total: nil)
        do {
            try staging.add(result.files)
            options.progress?.advance(by: result.files.count)
            report = try staging.commit()
        } catch {
            staging.discard()
            throw error
        }
        timer.lap("other files written")
        var manifest = BuildManifest(key: key)
        manifest.validUntil = BuildCache.validUntil(result.scheduledChanges)
        manifest.scheduledChanges = result.scheduledChanges
        let pageURLs = URLChanges.pageURLs(site)
        result.diagnostics += URLChanges.warnings(previous: lastPages?.pageURLs ?? [:], site: site)
        manifest.pageURLs = pageURLs
        manifest.summary = result.pageCounts.map { "\($0.count) \($0.kind)" }.joined(separator: ", ")
        manifest.warnings = result.diagnostics.map(\.description)
        // Said once, by the build that put the folder right, not again by the next "nothing changed".
        result.diagnostics += Self.warnings(drift, output: output)
        manifest.inputs = inputs
        manifest.outputs = report.records
        manifest.folders = report.folders
        manifest.pageFingerprints = report.pageFingerprints
        manifest.databaseChecks = databaseResults.checks()
        manifest.databaseFiles = databaseResults.sqliteFiles.mapValues { $0.sorted() }
        do {
            try cache.save(manifest)
        } catch {
            // Without a manifest the next build is simply a full one.
            cache.removeManifest()
        }
        timer.lap("manifest saved")
        return .built(result, report)
    }

    /// The SQLite files its blocks asked whose file or journal changed since the last build (none
    /// when no input changed); nil when any other input changed.
    private static func changedDatabaseFiles(_ previous: BuildManifest, _ inputs: [String: BuildManifest.FileRecord]) -> [String]? {
        guard previous.inputs != inputs else { return [] }
        let changed = Set(previous.inputs.keys).union(inputs.keys).filter { previous.inputs[$0] != inputs[$0] }
        let databases = Set(changed.map(SQLiteConnection.databasePath))
        return databases.allSatisfy { previous.databaseFiles[$0] != nil } ? databases.sorted() : nil
    }

    /// What the build undid in the output folder: files edited since it wrote them, files it did not write.
    static func warnings(_ drift: OutputDrift, output: URL) -> [Diagnostic] {
        let folder = output.standardizedFileURL.path
        var warnings: [Diagnostic] = []
        let edited = drift.changed + drift.missing
        if !edited.isEmpty {
            let shown = edited.prefix(5).joined(separator: ", ") + (edited.count > 5 ? " and \(edited.count - 5) more" : "")
            warnings.append(
                Diagnostic(
                    .warning, "\(edited.count) files changed or removed since masthead build wrote them, written again: \(shown)", file: folder))
        }
        if !drift.unlisted.isEmpty {
            warnings.append(
                Diagnostic(
                    .warning,
                    "removed \(drift.unlisted.count) files masthead build did not write: \(drift.unlistedSummary)"
                        + " (the output folder holds only what the build makes; put your own files in Content/static/)",
                    file: folder))
        }
        return warnings
    }
}
