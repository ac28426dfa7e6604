import Foundation
import MastheadSupport

/// A folder on this machine or over SSH as a deploy target, written through the system's rsync.
///
/// rsync's own change detection compares sizes and times (or, with `--checksum`, reads every
/// file on both sides): after a clean build every file's time is new, and checksumming 30,000
/// files on both ends costs more than the upload. The manifest already knows each file's hash,
/// so the target keeps a deploy record (`.masthead-deploy`) of what was sent, the plan compares
/// the two, and rsync is handed only the changed files (`--files-from`), stage by stage, then the
/// record, then the stale files to delete (`--delete-missing-args`), last.
package struct RsyncDestination: DeployDestination {
    package let location: DeployTarget.RsyncLocation
    let environment: [String: String]
    let executable: String
    let memo = Locked(RemoteStateMemo())
    /// The most files one rsync run sends or deletes.
    static let batchSize = 10_000

    package init(location: DeployTarget.RsyncLocation, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.location = location
        self.environment = environment
        executable = Self.find("rsync", path: environment["PATH"] ?? "/usr/bin:/bin") ?? "rsync"
    }

    package func close() async {}

    /// Where, in words: `deploy@example.org:/srv/www` or `/srv/www`.
    var place: String {
        location.host.map { host in "\(location.user.map { "\($0)@" } ?? "")\(host)\(location.port.map { ":\($0)" } ?? ""):\(location.path)" }
            ?? location.path
    }

    package func remoteState(for local: LocalOutput, site: String?, verify: Bool) async throws -> RemoteState {
        if location.host == nil {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw DeployError("the folder \(location.path) does not exist: create it, then deploy")
            }
        }
        // rsync lists a folder's files in its own order: sorted by path as they stream in.
        let listed = try RowSorter<ListedFile>()
        var hadRecord = false
        try run(["-r", "--list-only", "--no-human-readable", location.rsyncDestination], what: "listing \(place)") { line in
            guard let item = Self.listed(line) else { return }
            if item.path == DeployRecord.fileName { hadRecord = true }
            try listed.add(item)
        }
        let listing = try listed.finish()
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var record: DeployRecord?
        var recordDigest: String?
        if hadRecord {
            try run([location.rsyncDestination + DeployRecord.fileName, scratch.path + "/"], what: "reading the deploy record of \(place)")
            let file = scratch.appendingPathComponent(DeployRecord.fileName)
            record = try DeployRecord.read(from: file)
            recordDigest = StableHash.digest(fileAt: file.path)
        }
        var differing = RowCursor<String>()
        if verify {
            // rsync reads both sides and names each file whose bytes differ (--checksum), sending nothing (--dry-run).
            let list = scratch.appendingPathComponent("all")
            let names = try LineWriter(url: list)
            for file in local.files where !DeployPlan.reserved.contains(file.path) { try names.write(file.path + "\0") }
            try names.close()
            let source = local.folder.path.hasSuffix("/") ? local.folder.path : local.folder.path + "/"
            let differs = try RowSorter<String>()
            try run(
                ["-rc", "--dry-run", "--from0", "--files-from=" + list.path, "--out-format=%n", source, location.rsyncDestination],
                what: "comparing \(place) with the output"
            ) { line in
                if !line.isEmpty, !line.hasSuffix("/") { try differs.add(Self.unescape(String(line))) }
            }
            differing = RowCursor(try differs.finish())
        }
        // The listing joined with the record and (for --verify) the output, a file at a time.
        let entries = try record?.entries ?? RowFile.make([])
        var recorded = RowCursor(entries)
        var pending = record.map { RowCursor($0.pendingDeletions) } ?? RowCursor()
        var here = verify ? RowCursor(local.files) : RowCursor()
        let files = try RowWriter<RemoteFile>()
        for item in listing where !item.isFolder && !DeployPlan.reserved.contains(item.path) {
            let entry = recorded.find(item.path)
            let deleteAfter = pending.find(item.path)?.due
            if let file = here.find(item.path) {
                let same = differing.find(item.path) == nil
                try files.append(
                    RemoteFile(path: item.path, size: item.size, hash: same ? file.hash : nil, headers: entry?.headers, owned: true, differs: !same))
            } else if let entry, entry.size == item.size {
                try files.append(RemoteFile(path: item.path, size: item.size, hash: entry.hash, headers: entry.headers, deleteAfter: deleteAfter))
            } else {
                try files.append(RemoteFile(path: item.path, size: item.size, hash: nil, headers: nil, owned: entry != nil, deleteAfter: deleteAfter))
            }
        }
        let state = RemoteStateMemo(listing: listing, entries: entries, hadRecord: hadRecord, recordDigest: recordDigest)
        memo.withLock { $0 = state }
        return RemoteState(files: try files.finish(), record: !hadRecord ? .missing : record.map { .found(site: $0.site) } ?? .damaged)
    }

    /// What `remoteState` saw, for `apply`.
    struct RemoteStateMemo: Sendable {
        var listing: RowFile<ListedFile>?
        var entries: RowFile<DeployRecord.Entry>?
        var hadRecord = false
        var recordDigest: String?
    }

    package func apply(_ plan: DeployPlan, local: LocalOutput, site: String?, progress: @escaping @Sendable (String) -> Void) async throws {
        let seen = memo.withLock { $0 }
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var recordDigest = seen.recordDigest
        /// Sends the record, unless the target has it already, byte for byte.
        func save(_ entries: RowFile<DeployRecord.Entry>, pending: RowFile<PendingDeletion>) throws {
            let folder = scratch.appendingPathComponent("record")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(DeployRecord.fileName)
            try DeployRecord.write(site: site, entries: entries, pending: pending, to: file)
            let digest = StableHash.digest(fileAt: file.path)
            guard digest != recordDigest else { return }
            try run(["-t", file.path, location.rsyncDestination], what: "writing the deploy record to \(place)")
            recordDigest = digest
        }
        if !seen.hadRecord { try save(RowFile.make([]), pending: RowFile.make([])) }
        // Each file is read once, checked against the build's hash and copied into a staging folder, which rsync sends:
        // what goes up is what was checked, whatever writes to the output folder meanwhile.
        let staging = scratch.appendingPathComponent("staging")
        // rsync holds the list it is handed: at most `batchSize` files a run, so its memory does not grow with the site either.
        for stage in DeployPlan.Stage.allCases {
            let count = plan.uploadCount(in: stage)
            guard count > 0 else { continue }
            for batch in batches(plan.uploads(in: stage), of: Self.batchSize) {
                try? FileManager.default.removeItem(at: staging)
                let list = scratch.appendingPathComponent("files")
                let names = try LineWriter(url: list)
                for upload in batch {
                    let copy = staging.appendingPathComponent(upload.path)
                    try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try local.contents(of: upload.file).write(to: copy)
                    try names.write(upload.path + "\0")
                }
                try names.close()
                try run(
                    ["-r", "--ignore-times", "--from0", "--files-from=" + list.path, staging.path + "/", location.rsyncDestination],
                    what: "sending \(batch.count) \(stage.name) to \(place)")
            }
            progress("uploaded \(count) \(stage.name)")
        }
        // The new record: the site's files, and the files earlier deploys wrote that are still there, merged by path.
        let listing = try seen.listing ?? RowFile.make([])
        var present = RowCursor(listing)
        let stillThere = (try seen.entries ?? RowFile.make([])).lazy.filter { present.find($0.path) != nil }
        let ours = local.files.lazy.filter { !DeployPlan.reserved.contains($0.path) }.map {
            DeployRecord.Entry(path: $0.path, hash: $0.hash, size: $0.size, etag: "", headers: plan.headers(for: $0.path))
        }
        let entries = try RowFile.make(SortedUnion(preferred: ours, other: stillThere))
        try save(entries, pending: plan.postponed)
        guard !plan.deletions.isEmpty else { return }
        for batch in batches(plan.deletions, of: Self.batchSize) { try delete(batch, count: batch.count, scratch: scratch) }
        // Folders the deletions emptied go too, deepest first, so a deleted address answers 404, not a listing.
        // rsync never deletes a folder that is not empty, should something have arrived in one meanwhile.
        var emptied = 0
        for folders in try Self.emptiedFolders(listing: listing, deleted: plan.deletions) {
            emptied += folders.count
            for batch in batches(folders, of: Self.batchSize) { try? delete(batch, count: batch.count, scratch: scratch) }
        }
        var gone = RowCursor(plan.deletions)
        try save(try RowFile.make(entries.lazy.filter { gone.find($0.path) == nil }), pending: plan.postponed)
        progress("deleted \(plan.deletions.count) files" + (emptied == 0 ? "" : " and \(emptied) emptied folders"))
    }

    /// Deletes the paths (sorted) on the target: rsync from a folder holding only their parent folders, so every listed
    /// path is missing there and deleted (`--delete-missing-args`), and nothing else. The parents must exist, or
    /// rsync reports them vanished (code 24).
    private func delete<S: Sequence>(_ paths: S, count: Int, scratch: URL) throws where S.Element == String {
        let empty = scratch.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let list = scratch.appendingPathComponent("deletions")
        let names = try LineWriter(url: list)
        var previous = ""
        for path in paths {
            try names.write(path + "\0")
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, folder != previous {
                try FileManager.default.createDirectory(at: empty.appendingPathComponent(folder), withIntermediateDirectories: true)
                previous = folder
            }
        }
        try names.close()
        try run(
            ["--from0", "--files-from=" + list.path, "--delete-missing-args", empty.path + "/", location.rsyncDestination],
            what: "deleting \(count) files on \(place)")
    }

    /// The folders holding deleted files that hold nothing else once they are gone (by the listing before the deploy),
    /// a list for each depth, deepest first. One pass over the sorted listing: what a folder holds comes right
    /// after it (`ListedFile`), so only the folders above the current path are open.
    static func emptiedFolders<L: Sequence, D: Sequence>(listing: L, deleted: D) throws -> [RowFile<String>]
    where L.Element == ListedFile, D.Element == String {
        var open: [OpenFolder] = []
        var gone = RowCursor(deleted)
        var byDepth: [Int: RowWriter<String>] = [:]
        func close() throws {
            let folder = open.removeLast()
            if folder.deletes && !folder.keeps {
                let writer = try byDepth[open.count + 1] ?? RowWriter<String>()
                byDepth[open.count + 1] = writer
                try writer.append(String(folder.prefix.dropLast()))
            }
            guard !open.isEmpty else { return }
            // Whatever stays keeps each folder above it; so does a folder no deletion touched (even an empty one).
            open[open.count - 1].deletes = open[open.count - 1].deletes || folder.deletes
            open[open.count - 1].keeps = open[open.count - 1].keeps || folder.keeps || !folder.deletes
        }
        for item in listing {
            while let top = open.last, !item.path.utf8.starts(with: top.prefix.utf8) { try close() }
            // The folders above the item (and a folder item itself), opened unless they are.
            let bytes = Array(item.path.utf8)
            for index in bytes.indices where bytes[index] == UInt8(ascii: "/") && index + 1 > (open.last?.prefix.utf8.count ?? 0) {
                open.append(OpenFolder(prefix: String(decoding: bytes[...index], as: UTF8.self)))
            }
            guard !item.isFolder, !open.isEmpty else { continue }
            if gone.find(item.path) != nil { open[open.count - 1].deletes = true } else { open[open.count - 1].keeps = true }
        }
        while !open.isEmpty { try close() }
        return try byDepth.sorted { $0.key > $1.key }.map { try $0.value.finish() }
    }

    /// A folder of the listing whose contents are being read: whether they hold a deleted file, and one that stays.
    struct OpenFolder {
        var prefix: String
        var deletes = false
        var keeps = false
    }

    /// Runs rsync, handing each line it prints to `eachLine` as it comes.
    func run(_ arguments: [String], what: String, eachLine: ((Substring) throws -> Void)? = nil) throws {
        var arguments = arguments
        if location.host != nil {
            var shell = environment["RSYNC_RSH"].flatMap { $0.isEmpty ? nil : $0 } ?? "ssh"
            if let port = location.port { shell += " -p \(port)" }
            arguments = ["-e", shell] + arguments
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw DeployError("\(what): rsync could not be started (\(executable)): install it (apt-get install rsync)")
        }
        // Read both pipes while rsync runs, so neither fills up and blocks it.
        let errorData = Locked(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        let reader = Thread {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            errorsRead.signal()
        }
        reader.start()
        var failure: Error?
        let lines = LineReader(handle: output.fileHandleForReading)
        while let line = lines.next() {
            guard failure == nil, let eachLine else { continue }
            do { try eachLine(line) } catch { failure = error }
        }
        process.waitUntilExit()
        errorsRead.wait()
        guard process.terminationStatus == 0 else {
            let errorText = errorData.withLock { String(decoding: $0, as: UTF8.self) }
            throw DeployError("\(what): \(explain(status: process.terminationStatus, errors: errorText))")
        }
        if let failure { throw failure }
    }

    func explain(status: Int32, errors: String) -> String {
        let lines = errors.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let text = errors.lowercased()
        if text.contains("connection refused") {
            return "cannot connect to \(location.host ?? "")\(location.port.map { ":\($0)" } ?? "") over SSH: connection refused"
        }
        if text.contains("could not resolve hostname") || text.contains("name or service not known") {
            return "the host \(location.host ?? "") is not known (DNS)"
        }
        if text.contains("permission denied (publickey") || text.contains("permission denied, please try again") {
            return "SSH refused the login to \(location.host ?? "")\(location.user.map { " as \($0)" } ?? ""): check the key (ssh-add, ~/.ssh/config)"
        }
        if text.contains("change_dir") && text.contains("no such file or directory") {
            return "the folder \(location.path) does not exist on \(location.host ?? "this machine"): create it, then deploy"
        }
        if text.contains("host key verification failed") || text.contains("remote host identification has changed") {
            let ssh = lines.filter { !$0.hasPrefix("rsync") }.joined(separator: " ")
            return "SSH does not trust the host key of \(location.host ?? "") (ssh: \(ssh)): check its fingerprint, then add it "
                + "(ssh-keyscan\(location.port.map { " -p \($0)" } ?? "") \(location.host ?? "") >> ~/.ssh/known_hosts)"
        }
        if text.contains("command not found") || status == 127 {
            return "rsync is not installed on \(location.host ?? "this machine")"
        }
        // ssh's own lines say more than rsync's summary ("unexplained error (code 255)").
        let own = lines.filter { !$0.hasPrefix("rsync") }
        return "rsync failed (exit status \(status)): " + (own.isEmpty ? lines.last ?? "no message" : own.joined(separator: " "))
    }

    /// A file or folder of `rsync --list-only --no-human-readable`: `-rw-r--r-- 1234 2026/11/28 17:00:00 path`,
    /// with rsync's `\#ooo` escapes in names undone; nil for another line, or the folder itself (`.`).
    static func listed(_ line: Substring) -> ListedFile? {
        guard line.hasPrefix("-") || line.hasPrefix("d") || line.hasPrefix("l") else { return nil }
        let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
        guard fields.count == 5, let size = Int(fields[1]) else { return nil }
        var path = unescape(String(fields[4]))
        if line.hasPrefix("l"), let arrow = path.range(of: " -> ") { path = String(path[..<arrow.lowerBound]) }
        if path == "." { return nil }
        return ListedFile(path: line.hasPrefix("d") ? path + "/" : path, size: size)
    }

    static func unescape(_ name: String) -> String {
        guard name.contains("\\#") else { return name }
        var bytes: [UInt8] = []
        let utf8 = Array(name.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 4 < utf8.count + 0, utf8[index + 1] == UInt8(ascii: "#"),
                let value = UInt8(String(decoding: utf8[(index + 2)..<min(index + 5, utf8.count)], as: UTF8.self), radix: 8)
            {
                bytes.append(value)
                index += 5
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func find(_ name: String, path: String) -> String? {
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        return nil
    }
}
