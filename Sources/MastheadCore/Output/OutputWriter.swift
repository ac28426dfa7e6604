#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes a built site to its output folder: into a new folder beside it first, swapped in
/// only when every file is written, so a failed build never leaves a half-built site.
public enum OutputWriter {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Refuses output folders whose replacement would destroy the site itself.
    public static func checkSafe(output: URL, siteDirectory: URL) -> String? {
        let out = output.standardizedFileURL.resolvingSymlinksInPath().path
        let site = siteDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        let protected = [site, site + "/Content", site + "/Templates"]
        if out == "/" { return "refusing to write the site to / (choose an empty or a build folder)" }
        if protected.contains(out) { return "refusing to replace \(out): it holds the site's sources" }
        if site.hasPrefix(out + "/") { return "refusing to replace \(out): it contains the site folder" }
        for folder in protected.dropFirst() where out.hasPrefix(folder + "/") {
            return "refusing to write the site inside \(folder): it holds the site's sources"
        }
        if FileManager.default.fileExists(atPath: out + "/.git") || FileManager.default.fileExists(atPath: out + "/Content/site.yml") {
            return "refusing to replace \(out): it looks like a project folder, not a built site"
        }
        return nil
    }

    /// What a write did.
    public struct Report: Sendable {
        /// Files whose bytes were written (new or changed).
        public var written = 0
        /// Files whose bytes were already there: kept as they were, modification time included.
        public var unchanged = 0
        /// Files of the previous build that the new one no longer has.
        public var removed = 0
        /// Every file now in the output folder, for the next build's manifest.
        public var records: [String: BuildManifest.FileRecord] = [:]
    }

    /// Writes every file; returns the number of files written.
    @discardableResult
    public static func write(_ files: [OutputFile], to output: URL, siteDirectory: URL) throws -> Int {
        try write(files, to: output, siteDirectory: siteDirectory, previous: [:]).written
    }

    /// Writes only what changed since the build that wrote `previous` (the output records of
    /// its manifest), keeping the whole-site guarantee (see `Staging`).
    public static func write(_ files: [OutputFile], to output: URL, siteDirectory: URL,
                             previous: [String: BuildManifest.FileRecord],
                             inputs: [String: BuildManifest.FileRecord] = [:]) throws -> Report {
        let staging = try Staging(output: output, siteDirectory: siteDirectory, previous: previous, inputs: inputs)
        do {
            try staging.add(files)
        } catch {
            staging.discard()
            throw error
        }
        return try staging.commit()
    }

    /// A new output folder being assembled: a failure leaves the old folder as it was, a
    /// success never leaves it half-written. Files can be added in batches as they are
    /// rendered, so a large site is never held in memory whole.
    ///
    /// How: the new site is assembled in a staging folder beside the output, where a file
    /// whose bytes are unchanged (same hash as recorded, and the file on disk still as
    /// recorded) is a hard link to the current file, and only changed files are written;
    /// then the staging folder is renamed over the output. Hard links cost one metadata
    /// operation per file and no data, keep the unchanged files' inode and modification
    /// time, and make the swap a pair of renames. Writing changed files in place instead
    /// would be cheaper still but could leave a mix of old and new pages if the build
    /// stopped half-way. Where hard links are not possible the file is written.
    /// `inputs` are the input records of the same build, so files copied from the site
    /// folder are not read again just to hash them.
    public final class Staging: @unchecked Sendable {
        private let target: URL
        private let staging: URL
        private let sitePrefix: String
        private let previous: [String: BuildManifest.FileRecord]
        private let inputs: [String: BuildManifest.FileRecord]
        private let lock = NSLock()
        private var report = Report()

        public init(output: URL, siteDirectory: URL, previous: [String: BuildManifest.FileRecord] = [:],
                    inputs: [String: BuildManifest.FileRecord] = [:]) throws {
            if let problem = checkSafe(output: output, siteDirectory: siteDirectory) { throw Failure(description: problem) }
            target = output.standardizedFileURL
            staging = URL(fileURLWithPath: target.path + ".masthead-new")
            sitePrefix = siteDirectory.standardizedFileURL.path + "/"
            self.previous = previous
            self.inputs = inputs
            try? FileManager.default.removeItem(at: staging)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        }

        /// Places files in the staging folder, on every core: a large site's writing is
        /// mostly system calls, one folder per page.
        public func add(_ files: [OutputFile]) throws {
            for file in files where !isSafeRelativePath(file.path) {
                throw Failure(description: "refusing to write \(file.path): it is not inside the output folder")
            }
            let placed = parallelMap(files) { [self] file in
                place(file, in: staging.path, current: target.path, previous: previous[file.path], sitePrefix: sitePrefix, inputs: inputs)
            }
            try lock.withLock {
                for (file, outcome) in zip(files, placed) {
                    let (record, linked) = try outcome.get()
                    report.records[file.path] = record
                    if linked { report.unchanged += 1 } else { report.written += 1 }
                }
            }
        }

        /// Swaps the staging folder in for the output folder.
        public func commit() throws -> Report {
            let manager = FileManager.default
            let old = URL(fileURLWithPath: target.path + ".masthead-old")
            var report = lock.withLock { self.report }
            do {
                report.removed = previous.keys.filter { report.records[$0] == nil }.count
                try? manager.removeItem(at: old)
                if manager.fileExists(atPath: target.path) {
                    try manager.moveItem(at: target, to: old)
                }
                try manager.moveItem(at: staging, to: target)
                try? manager.removeItem(at: old)
            } catch {
                discard()
                throw error
            }
            return report
        }

        /// Removes the staging folder; the output folder stays as it was.
        public func discard() {
            try? FileManager.default.removeItem(at: staging)
        }
    }

    /// Puts one file in the staging folder: a hard link to the current file when its bytes
    /// are those recorded, otherwise written. Returns its record and whether it was linked.
    private static func place(_ file: OutputFile, in staging: String, current currentFolder: String, previous recorded: BuildManifest.FileRecord?,
                              sitePrefix: String, inputs: [String: BuildManifest.FileRecord]) -> Result<(BuildManifest.FileRecord, linked: Bool), Failure> {
        let print = fingerprint(file, sitePrefix: sitePrefix, inputs: inputs)
        let destination = staging + "/" + file.path
        let folder = (destination as NSString).deletingLastPathComponent
        do {
            if mkdir(folder, 0o755) != 0, errno != EEXIST {
                // Usually the parent exists and one mkdir does it; otherwise FileManager walks
                // up the path. Both accept a folder another worker has just made.
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            let current = currentFolder + "/" + file.path
            if let recorded, recorded.hash == print.hash, recorded.size == print.size,
               let status = FileStatus(path: current), status.isRegular, status.matches(recorded),
               link(current, destination) == 0 {
                return .success((recorded, true))
            }
            let written: FileStatus?
            switch file.contents {
            case .bytes(let data):
                written = try writeFile(data, to: destination)
            case .copy(let source):
                try FileManager.default.copyItem(atPath: source, toPath: destination)
                written = FileStatus(path: destination)
            }
            return .success((BuildManifest.FileRecord(size: written?.size ?? print.size, modified: written?.modified ?? 0, hash: print.hash), false))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "cannot write \(destination): \(error)"))
        }
    }

    /// Writes a file with plain POSIX calls, and returns its status as written. Foundation's
    /// `Data.write(to:)` calls `fsync` for every file on Linux, which made writing a large
    /// site wait on the disk for most of the build; a crash mid-build is covered by the
    /// staging folder, not by fsync.
    private static func writeFile(_ data: Data, to path: String) throws -> FileStatus? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                #else
                let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
                #endif
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
        return FileStatus(descriptor: descriptor)
    }

    /// The hash and size of a file to write. Copied files take their input record when the
    /// cache has read them already.
    private static func fingerprint(_ file: OutputFile, sitePrefix: String, inputs: [String: BuildManifest.FileRecord]) -> (hash: String, size: Int) {
        switch file.contents {
        case .bytes(let data):
            return (ContentHash.of(data), data.count)
        case .copy(let source):
            if source.hasPrefix(sitePrefix), let record = inputs[String(source.dropFirst(sitePrefix.count))],
               let status = FileStatus(path: source), status.matches(record) {
                return (record.hash, record.size)
            }
            let data = (try? file.data()) ?? Data()
            return (ContentHash.of(data), data.count)
        }
    }

    /// A path relative to the output folder that cannot leave it.
    static func isSafeRelativePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return !path.split(separator: "/").contains { $0 == ".." || $0 == "." || $0.isEmpty }
    }
}
