import Foundation
import MastheadContent
import MastheadSupport

#if canImport(Glibc)
import Glibc
#endif

/// Writes a built site to its output folder: every new or changed file into a staging folder
/// beside it first, put in place only when every file is written, so a failed build never
/// leaves a half-built site.
package enum OutputWriter {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Refuses output folders whose replacement would destroy the site itself (whatever
    /// `force` says), and folders Masthead did not make (unless `force`): see `OutputFolder`.
    package static func checkSafe(output: URL, siteFolder: SiteFolder, force: Bool = false) -> String? {
        let out = output.standardizedFileURL.resolvingSymlinksInPath().path
        let site = siteFolder.realRoot
        if let reason = OutputRule.protectedReason(out, site: site, writing: "the site") { return reason }
        if FileManager.default.fileExists(atPath: out + "/.git") || FileManager.default.fileExists(atPath: out + "/" + SiteFolders.siteConfig) {
            return "refusing to replace \(out): it looks like a project folder, not a built site"
        }
        let target = output.standardizedFileURL.path
        // Read only for a folder without Masthead's marker: a large site's manifest takes a tenth of a second.
        var loaded: BuildManifest??
        func manifest() -> BuildManifest? {
            if let loaded { return loaded }
            let manifest = BuildCache(siteFolder: siteFolder, output: output).loadManifest()
            loaded = .some(manifest)
            return manifest
        }
        if !force, let reason = OutputFolder.foreignReason(target, manifest: manifest) {
            return "refusing to replace \(target): \(reason). Choose a new or an empty folder, or pass --force to replace it and everything in it"
        }
        // The staging folders beside the output are replaced too: never someone else's. A
        // journaled one is a commit a stopped build left to finish (`OutputCommit`).
        for staging in [Staging.newSuffix, Staging.oldSuffix] {
            if staging == Staging.newSuffix && OutputCommit.isJournaled(target + staging) { continue }
            if let reason = OutputFolder.foreignReason(target + staging, manifest: manifest) {
                return "refusing to use \(target + staging) while writing \(target): \(reason). Move or delete it"
                    + " (masthead build assembles the new site beside the output folder, under that name)"
            }
        }
        return nil
    }

    /// What a write did.
    package struct Report: Sendable {
        /// Files whose bytes were written (new or changed).
        package var written = 0
        /// Files whose bytes were already there: kept as they were, modification time included.
        package var unchanged = 0
        /// Files of the previous build that the new one no longer has.
        package var removed = 0
        /// Every file now in the output folder, for the next build's manifest.
        package var records: [String: BuildManifest.FileRecord] = [:]
        /// Every folder holding them (`""` for the output folder itself), and when they were looked at (`OutputDrift`).
        package var folders = FolderRecords()
        /// The fingerprint of each page that has one (`OutputFile.fingerprint`), by path.
        package var pageFingerprints: [String: UInt64] = [:]
    }

    /// Writes every file, replacing the output folder whole; returns the number of files written.
    @discardableResult
    package static func write(_ files: [OutputFile], to output: URL, siteFolder: SiteFolder, force: Bool = false) throws -> Int {
        let staging = try Staging(output: output, siteFolder: siteFolder, force: force)
        do {
            try staging.add(files)
        } catch {
            staging.discard()
            throw error
        }
        return try staging.commit().written
    }

    /// A new output folder being assembled: a failure leaves the old folder as it was, a
    /// success never leaves it half-written. Files can be added in batches as they are
    /// rendered, so a large site is never held in memory whole.
    ///
    /// How: new and changed files are written into a staging folder beside the output; a file
    /// whose bytes are unchanged (same hash as recorded, and the file on disk still as
    /// recorded) is left where it is, inode and times included. Once every file is there,
    /// `commit` puts them in place (`OutputCommit`: the files the build no longer makes, and
    /// `unlisted`, removed, the staged ones renamed over their old selves, a journal finishing
    /// a commit that was stopped). Without `previous` records (a first build, `--no-cache`,
    /// `--force`) the staging folder holds the whole site and replaces the output folder.
    /// `inputs` are the input records of the same build, so files copied from the site
    /// folder are not read again just to hash them.
    package final class Staging: Sendable {
        static let newSuffix = ".masthead-new"
        static let oldSuffix = ".masthead-old"

        private let target: URL
        private let staging: URL
        private let siteFolder: SiteFolder
        private let previous: [String: BuildManifest.FileRecord]
        private let inputs: [String: BuildManifest.FileRecord]
        /// What is in the output folder that the last build did not write (`OutputDrift.unlisted`).
        private let unlisted: [String]
        private let report = Locked(Report())
        /// What the staging folder holds, and the files with other names (the image cache's).
        private let placed = Locked(Placed())

        /// The commit changes these files' status, so they are looked at again after it: a
        /// rename into the output folder moves a file's change time, and so does linking or
        /// removing another of its names. A file written into a staging folder that is then
        /// renamed whole keeps the status it was written with.
        private struct Placed {
            var staged: [String] = []
            var shared: [String] = []
        }
        private let realPaths = RealPaths()
        /// The folders made so far: most files go into a folder made already (`social/`,
        /// `tags/`), and asking the kernel again costs a path walk each.
        private let madeFolders = OnceCache<String, Bool>()
        /// Every path added so far, with what fills it (`Claim`): one path is one file.
        private let claimed = Locked<[String: Claim]>([:])

        /// What fills a path, to tell a second file there from the same file added twice
        /// (two identical images share their resized copies, from one file of the cache).
        enum Claim: Equatable {
            case bytes
            case copy(String)
            /// A file of the image cache, by its digest.
            case cached(StableDigest)
        }

        /// `force` replaces an output folder Masthead did not make (`--force`); folders that
        /// hold the site are refused whatever it says.
        package init(
            output: URL, siteFolder: SiteFolder, previous: [String: BuildManifest.FileRecord] = [:],
            inputs: [String: BuildManifest.FileRecord] = [:], unlisted: [String] = [], force: Bool = false
        ) throws {
            if let problem = checkSafe(output: output, siteFolder: siteFolder, force: force) { throw Failure(description: problem) }
            target = output.standardizedFileURL
            staging = URL(fileURLWithPath: target.path + Self.newSuffix)
            self.siteFolder = siteFolder
            self.previous = previous
            self.inputs = inputs
            self.unlisted = unlisted
            // checkSafe has found it to be one of ours (or nothing at all); a commit a stopped
            // build left half-done is finished first.
            try OutputCommit.finishInterrupted(target: target.path)
            try? FileManager.default.removeItem(at: staging)
            do {
                try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            } catch {
                throw Failure(description: "cannot create a folder beside \(target.path) to assemble the site in: \(Self.reason(error))")
            }
            // First of all, so a staging folder left by a crash is known as ours.
            let marker = OutputFolder.markerName
            claimed.withLock { $0[marker] = .bytes }
            let data = Data(OutputFolder.markerText(siteFolder: siteFolder).utf8)
            let written = try writeFile(data, to: staging.path + "/" + marker, named: marker, in: staging.path)
            report.withLock {
                $0.records[marker] = BuildManifest.FileRecord(size: data.count, modified: written?.modified ?? 0, hash: StableDigest(of: data))
            }
            // Moved into place only when its bytes differ (`OutputCommit`): looked at again after.
            placed.withLock { $0.shared.append(marker) }
        }

        /// Places files in the staging folder, on every core: a large site's writing is
        /// mostly system calls, one folder per page.
        package func add(_ files: [OutputFile]) throws {
            for file in files where !isSafeRelativePath(file.path) {
                throw Failure(description: "refusing to write \(file.path): it is not inside the output folder")
            }
            // The resolver keeps outputs apart and names their sources (`Redirects`,
            // `OutputCollisions`); this catches the rest, rather than letting the last one win.
            var files = files
            try claimed.withLock { claimed in
                var unique: [OutputFile] = []
                for file in files {
                    let claim: Claim
                    if case .copy(let source) = file.contents {
                        claim = file.knownDigest.map(Claim.cached) ?? .copy(source)
                    } else {
                        claim = .bytes
                    }
                    guard let first = claimed[file.path] else {
                        claimed[file.path] = claim
                        unique.append(file)
                        continue
                    }
                    guard first == claim, claim != .bytes else {
                        throw Failure(
                            description: "two outputs of the build would both be written as \(file.path); rename or move one of their sources")
                    }
                }
                files = unique
            }
            let outcomes = parallelMap(files) { [self] file in
                place(
                    file, in: staging.path, current: target.path, previous: previous[file.path], siteFolder: siteFolder, inputs: inputs,
                    realPaths: realPaths, madeFolders: madeFolders)
            }
            var batch = Placed()
            try report.withLock { report in
                for (file, outcome) in zip(files, outcomes) {
                    let (record, placement) = try outcome.get()
                    report.records[file.path] = record
                    if let fingerprint = file.fingerprint { report.pageFingerprints[file.path] = fingerprint }
                    if placement == .staged || placement == .linked {
                        report.written += 1
                        batch.staged.append(file.path)
                    } else {
                        report.unchanged += 1
                    }
                    if placement == .linked || placement == .unchangedShared { batch.shared.append(file.path) }
                }
            }
            placed.withLock {
                $0.staged += batch.staged
                $0.shared += batch.shared
            }
        }

        /// Puts the staged files in place: in the output folder (`OutputCommit`) when the last
        /// build's records say what it holds, otherwise by replacing it with the staging folder.
        package func commit() throws -> Report {
            let manager = FileManager.default
            // Taken out, not copied: a record changed below would otherwise copy every record
            // (268 MB of table at a million articles' 1.86 million files). No file is added now:
            // what kept files apart and folders made goes too (200 MB at a million).
            var report = self.report.withLock { report in
                defer { report = Report() }
                return report
            }
            claimed.withLock { $0 = [:] }
            madeFolders.removeAll()
            let removals = previous.keys.filter { report.records[$0] == nil }
            report.removed = removals.count
            let placed = self.placed.withLock { $0 }
            let inPlace = !previous.isEmpty && manager.fileExists(atPath: target.path)
            if !inPlace && report.unchanged > 0 {
                // The files left in place went with the folder: the staging folder is not a whole site.
                discard()
                throw Failure(description: "\(target.path) was removed while the build ran: build again")
            }
            if inPlace {
                if let collision = collision(records: report.records) {
                    discard()
                    throw collision
                }
                try OutputCommit.apply(staging: staging.path, target: target.path, removals: removals + unlisted)
            } else {
                let old = URL(fileURLWithPath: target.path + Self.oldSuffix)
                do {
                    try? manager.removeItem(at: old)
                    if manager.fileExists(atPath: target.path) {
                        try manager.moveItem(at: target, to: old)
                    }
                    try manager.moveItem(at: staging, to: target)
                    try? manager.removeItem(at: old)
                } catch {
                    discard()
                    throw Failure(description: "cannot put the new site in place of \(target.path): \(Self.reason(error))")
                }
            }
            // The status the next build compares, as the commit left it (`Placed`).
            let root = target.path + "/"
            let paths = inPlace ? placed.staged + placed.shared : placed.shared
            let statuses = parallelMap(paths) { path in (path, FileStatus(path: root + path, followingLinks: false)) }
            for case (let path, let status?) in statuses {
                if let hash = report.records[path]?.hash { report.records[path] = BuildManifest.FileRecord(status, hash: hash) }
            }
            report.folders = FolderRecords(of: target, files: report.records.keys)
            return report
        }

        /// A file new to the output folder that an unchanged file stands in the way of, or the
        /// reverse (the staging folder catches such outputs when both are staged): the resolver
        /// names the inputs of those it knows, this catches the rest.
        private func collision(records: [String: BuildManifest.FileRecord]) -> Failure? {
            let advice = "two outputs collide; rename or move one of their sources"
            for path in placed.withLock({ $0.staged }) where previous[path] == nil {
                var prefix = Substring(path)
                while let slash = prefix.lastIndex(of: "/") {
                    prefix = prefix[..<slash]
                    if records[String(prefix)] != nil {
                        return Failure(
                            description: "cannot write \(path): \(prefix) is a file of the output,"
                                + " but this needs \(prefix)/ to be a folder; \(advice)")
                    }
                }
                if FileStatus(path: target.path + "/" + path, followingLinks: false)?.isDirectory == true,
                    records.keys.contains(where: { $0.hasPrefix(path + "/") })
                {
                    return Failure(description: "cannot write \(path): other output files need \(path)/ to be a folder; \(advice)")
                }
            }
            return nil
        }

        /// Removes the staging folder; the output folder stays as it was. A commit under way
        /// (journaled) is left for the next build to finish.
        package func discard() {
            guard !OutputCommit.isJournaled(staging.path) else { return }
            try? FileManager.default.removeItem(at: staging)
        }

        /// The system's reason behind a Foundation error, without Foundation's dump of it.
        static func reason(_ error: Error) -> String {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(code))) }
            return (error as NSError).localizedDescription
        }
    }

    /// Where `place` put a file.
    enum Placement: Equatable {
        /// Left in the output folder as it was.
        case unchanged
        /// Left in the output folder as it was, a file with other names (the image cache's).
        case unchangedShared
        /// Linked from the image cache into the staging folder: bytes known, none written.
        case linked
        /// Written into the staging folder.
        case staged
    }

    /// Puts one file in the staging folder, unless the output folder holds its bytes as recorded:
    /// a hard link to the image cache's file (`knownDigest`), otherwise written.
    /// Returns its record and where it went. A copied file is read through every
    /// symbolic link to its real path, which must lie inside the site folder: the output gets
    /// a file, never a symbolic link, and never a file from elsewhere.
    private static func place(
        _ file: OutputFile, in staging: String, current currentFolder: String, previous recorded: BuildManifest.FileRecord?,
        siteFolder: SiteFolder,
        inputs: [String: BuildManifest.FileRecord], realPaths: RealPaths, madeFolders: OnceCache<String, Bool>
    ) -> Result<(BuildManifest.FileRecord, Placement), Failure> {
        let destination = staging + "/" + file.path
        do {
            var real: (path: String, status: FileStatus)?
            if case .copy(let source) = file.contents {
                guard let found = realPaths.of(source), siteFolder.isInside(found.path) else {
                    throw Failure(
                        description: "refusing to publish \(siteFolder.relative(source)):"
                            + " it is a symbolic link that points outside the site or to nothing")
                }
                real = found
            }
            let print = try fingerprint(file, real: real, siteFolder: siteFolder, inputs: inputs)
            var named = file.path
            if case .copy(let source) = file.contents { named += " (from \(siteFolder.relative(source)))" }
            let current = currentFolder + "/" + file.path
            if case .kept = file.contents {
                // The caller checked the output folder is as recorded (`OutputDrift`).
                guard let recorded, let status = FileStatus(path: current, followingLinks: false), status.isRegular, status.matches(recorded)
                else {
                    throw Failure(description: "cannot keep \(file.path) from the last build: it changed since (--no-cache builds it again)")
                }
                return .success((recorded, status.linkCount > 1 ? .unchangedShared : .unchanged))
            }
            if let recorded, recorded.hash == print.hash, recorded.size == print.size,
                let status = FileStatus(path: current, followingLinks: false), status.isRegular, status.matches(recorded)
            {
                return .success((recorded, status.linkCount > 1 ? .unchangedShared : .unchanged))
            }
            if let slash = file.path.lastIndex(of: "/") {
                let parent = String(file.path[..<slash])
                _ = try madeFolders.value(for: parent) {
                    try makeFolders(parent, for: file.path, named: named, in: staging)
                    return true
                }
            }
            let written: FileStatus?
            var placement = Placement.staged
            switch file.contents {
            case .bytes(let data):
                written = try writeFile(data, to: destination, named: named, in: staging)
            case .copy where file.knownDigest != nil && link(real?.path ?? "", destination) == 0:
                // Masthead's own cache replaces its files and never changes one in place: a link
                // is a copy, and has its source's status (one inode).
                written = real?.status
                placement = .linked
            case .copy:
                written = try copyFile(real?.path ?? "", to: destination, named: named, in: staging)
            case .kept:
                written = nil
            }
            let record =
                written.map { BuildManifest.FileRecord($0, hash: print.hash) }
                ?? BuildManifest.FileRecord(size: print.size, modified: 0, hash: print.hash)
            return .success((record, placement))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "cannot write \(file.path): \(Staging.reason(error))"))
        }
    }

    /// Makes `parent`, the folder of `path`, in the staging folder. Usually its own parent
    /// exists and one mkdir does it; otherwise the path is walked down from the staging
    /// folder. Both accept a folder another worker has just made.
    private static func makeFolders(_ parent: String, for path: String, named: String, in staging: String) throws {
        if mkdir(staging + "/" + parent, 0o755) == 0 || errno == EEXIST { return }
        var folder = staging
        for name in parent.split(separator: "/") {
            folder += "/" + name
            if mkdir(folder, 0o755) != 0 {
                let code = errno
                if code != EEXIST { throw creationFailure(path, named: named, code: code, in: staging) }
            }
        }
    }

    /// Why a file could not be created in the staging folder. Two outputs that cannot both
    /// exist (a file where another output needs a folder: the resolver names the inputs of
    /// those it knows, this catches the rest) in Masthead's words; anything else with the
    /// system's reason. Never the staging folder's path.
    private static func creationFailure(_ path: String, named: String, code: Int32, in staging: String) -> Failure {
        let advice = "two outputs collide; rename or move one of their sources"
        if code == EISDIR {
            return Failure(description: "cannot write \(named): other output files need \(path)/ to be a folder; \(advice)")
        }
        if code == ENOTDIR || code == EEXIST {
            var prefix = ""
            for name in path.split(separator: "/").dropLast() {
                prefix += prefix.isEmpty ? String(name) : "/" + name
                var info = stat()
                if lstat(staging + "/" + prefix, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                    return Failure(
                        description: "cannot write \(named): \(prefix) is a file of the output,"
                            + " but this needs \(prefix)/ to be a folder; \(advice)")
                }
            }
        }
        return Failure(description: "cannot create \(path): \(String(cString: strerror(code)))")
    }

    /// Writes a file with plain POSIX calls, and returns its status as written. Foundation's
    /// `Data.write(to:)` calls `fsync` for every file on Linux, which made writing a large
    /// site wait on the disk for most of the build; a crash mid-build is covered by the
    /// staging folder, not by fsync.
    private static func writeFile(_ data: Data, to path: String, named name: String, in staging: String) throws -> FileStatus? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        let code = errno
        guard descriptor >= 0 else { throw creationFailure(String(path.dropFirst(staging.count + 1)), named: name, code: code, in: staging) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            try writeAll(descriptor, base, count: buffer.count, named: name)
        }
        return FileStatus(descriptor: descriptor)
    }

    /// Copies a site file's bytes into a new file of the same permissions, in chunks, so a
    /// large video is never in memory whole.
    private static func copyFile(_ source: String, to path: String, named name: String, in staging: String) throws -> FileStatus? {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Failure(description: "cannot read the source of \(name): \(String(cString: strerror(errno)))") }
        defer { close(input) }
        var info = stat()
        let mode = fstat(input, &info) == 0 ? mode_t(info.st_mode & 0o777) : 0o644
        let output = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        let code = errno
        guard output >= 0 else { throw creationFailure(String(path.dropFirst(staging.count + 1)), named: name, code: code, in: staging) }
        defer { close(output) }
        // Sized to the file when small: most static files are a few kilobytes.
        var buffer = [UInt8](repeating: 0, count: min(1 << 20, max(4096, Int(clamping: info.st_size) + 1)))
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot read the source of \(name): \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            try buffer.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                try writeAll(output, base, count: count, named: name)
            }
        }
        return FileStatus(descriptor: output)
    }

    private static func writeAll(_ descriptor: Int32, _ base: UnsafeRawPointer, count: Int, named name: String) throws {
        var offset = 0
        while offset < count {
            #if canImport(Glibc)
            let written = Glibc.write(descriptor, base + offset, count - offset)
            #else
            let written = Darwin.write(descriptor, base + offset, count - offset)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot write \(name): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// The hash and size of a file to write. Copied files take their input record when the
    /// cache has read them already, and are otherwise read from their real path.
    /// `real` is a copied file's real path and status (`RealPaths`).
    private static func fingerprint(
        _ file: OutputFile, real: (path: String, status: FileStatus)?, siteFolder: SiteFolder,
        inputs: [String: BuildManifest.FileRecord]
    ) throws -> (hash: StableDigest, size: Int) {
        switch file.contents {
        case .bytes(let data):
            return (StableDigest(of: data), data.count)
        case .copy(let source):
            guard let real else {
                throw Failure(description: "cannot read the source of \(file.path): \(siteFolder.relative(source)) is gone")
            }
            if let digest = file.knownDigest { return (digest, real.status.size) }
            if let record = inputs[siteFolder.relative(source)], real.status.matches(record) {
                return (record.hash, record.size)
            }
            return (StableDigest(ofFileAt: real.path), real.status.size)
        case .kept:
            // Its record, in `place`.
            return (StableDigest(), 0)
        }
    }

    /// A path relative to the output folder that cannot leave it.
    static func isSafeRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return !path.split(separator: "/").contains { $0 == ".." || $0 == "." || $0.isEmpty }
    }
}
