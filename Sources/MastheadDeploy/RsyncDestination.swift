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
public struct RsyncDestination: DeployDestination {
    public let location: DeployTarget.RsyncLocation
    let environment: [String: String]
    let executable: String
    let memo = Locked(RemoteStateMemo())

    public init(location: DeployTarget.RsyncLocation, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.location = location
        self.environment = environment
        executable = Self.find("rsync", path: environment["PATH"] ?? "/usr/bin:/bin") ?? "rsync"
    }

    public func close() async {}

    /// Where, in words: `deploy@example.org:/srv/www` or `/srv/www`.
    var place: String {
        location.host.map { host in "\(location.user.map { "\($0)@" } ?? "")\(host)\(location.port.map { ":\($0)" } ?? ""):\(location.path)" }
            ?? location.path
    }

    public func remoteState(for local: LocalOutput, site: String?, verify: Bool) async throws -> RemoteState {
        if location.host == nil {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw DeployError("the folder \(location.path) does not exist: create it, then deploy")
            }
        }
        let listing = try run(["-r", "--list-only", "--no-human-readable", location.rsyncDestination], what: "listing \(place)")
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var record: DeployRecord?
        let hadRecord = listing.contains { $0.path == DeployRecord.fileName && !$0.isFolder }
        if hadRecord {
            try run([location.rsyncDestination + DeployRecord.fileName, scratch.path + "/"], what: "reading the deploy record of \(place)")
            record = DeployRecord.read(from: scratch.appendingPathComponent(DeployRecord.fileName))
        }
        var differing = Set<String>()
        if verify {
            // rsync reads both sides and names each file whose bytes differ (--checksum), sending nothing (--dry-run).
            let list = scratch.appendingPathComponent("all")
            try Data(local.files.map(\.path).filter { !DeployPlan.reserved.contains($0) }.joined(separator: "\0").utf8).write(to: list)
            let source = local.folder.path.hasSuffix("/") ? local.folder.path : local.folder.path + "/"
            differing = Set(
                try run(
                    ["-rc", "--dry-run", "--from0", "--files-from=" + list.path, "--out-format=%n", source, location.rsyncDestination],
                    what: "comparing \(place) with the output", names: true
                ).map(\.path))
        }
        let localHashes = Dictionary(local.files.map { ($0.path, $0.hash) }, uniquingKeysWith: { first, _ in first })
        let pending = record?.pendingDeletions ?? [:]
        let files = listing.filter { !$0.isFolder && !DeployPlan.reserved.contains($0.path) }.map { item -> RemoteFile in
            let entry = record?.entries[item.path]
            let owned = entry != nil || (verify && localHashes[item.path] != nil)
            if verify, localHashes[item.path] != nil {
                let same = !differing.contains(item.path)
                let hash = same ? localHashes[item.path] : nil
                return RemoteFile(path: item.path, size: item.size, hash: hash, headers: entry?.headers, owned: owned, differs: !same)
            }
            if let entry, entry.size == item.size {
                return RemoteFile(path: item.path, size: item.size, hash: entry.hash, headers: entry.headers, deleteAfter: pending[item.path])
            }
            return RemoteFile(path: item.path, size: item.size, hash: nil, headers: nil, owned: owned, deleteAfter: pending[item.path])
        }
        let state = RemoteStateMemo(
            listing: listing, entries: record?.entries ?? [:], hadRecord: hadRecord,
            recordDigest: hadRecord ? StableHash.digest(fileAt: scratch.appendingPathComponent(DeployRecord.fileName).path) : nil)
        memo.withLock { $0 = state }
        return RemoteState(files: files, record: !hadRecord ? .missing : record.map { .found(site: $0.site) } ?? .damaged)
    }

    /// What `remoteState` saw, for `apply`.
    struct RemoteStateMemo: Sendable {
        var listing: [Listed] = []
        var entries: [String: DeployRecord.Entry] = [:]
        var hadRecord = false
        var recordDigest: String?
    }

    public func apply(_ plan: DeployPlan, local: LocalOutput, site: String?, progress: @escaping @Sendable (String) -> Void) async throws {
        let seen = memo.withLock { $0 }
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var recordDigest = seen.recordDigest
        func save(_ record: DeployRecord) throws {
            let folder = scratch.appendingPathComponent("record")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(DeployRecord.fileName)
            try record.write(to: file)
            let digest = StableHash.digest(fileAt: file.path)
            guard digest != recordDigest else { return }
            try run(["-t", file.path, location.rsyncDestination], what: "writing the deploy record to \(place)")
            recordDigest = digest
        }
        if !seen.hadRecord { try save(DeployRecord(site: site)) }
        // Each file is read once, checked against the build's hash and copied into a staging folder, which rsync sends:
        // what goes up is what was checked, whatever writes to the output folder meanwhile.
        let staging = scratch.appendingPathComponent("staging")
        for stage in DeployPlan.Stage.allCases {
            let uploads = plan.uploads(in: stage)
            guard !uploads.isEmpty else { continue }
            try? FileManager.default.removeItem(at: staging)
            for upload in uploads {
                let copy = staging.appendingPathComponent(upload.path)
                try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try local.contents(of: upload.path, hash: upload.hash).write(to: copy)
            }
            let list = scratch.appendingPathComponent("files-\(stage.rawValue)")
            try Data(uploads.map(\.path).joined(separator: "\0").utf8).write(to: list)
            try run(
                ["-r", "--ignore-times", "--from0", "--files-from=" + list.path, staging.path + "/", location.rsyncDestination],
                what: "sending \(uploads.count) \(stage.name) to \(place)")
            progress("uploaded \(uploads.count) \(stage.name)")
        }
        let present = Set(seen.listing.filter { !$0.isFolder }.map(\.path))
        var record = DeployRecord(site: site)
        for (path, entry) in seen.entries where present.contains(path) { record.entries[path] = entry }
        for file in local.files where !DeployPlan.reserved.contains(file.path) {
            record.entries[file.path] = DeployRecord.Entry(hash: file.hash, size: file.size, etag: "", headers: plan.headers(for: file.path))
        }
        record.pendingDeletions = plan.postponed
        try save(record)
        guard !plan.deletions.isEmpty else { return }
        try delete(plan.deletions, scratch: scratch, keepingParents: true)
        // Folders the deletions emptied go too, deepest first, so a deleted address answers 404, not a listing.
        // rsync never deletes a folder that is not empty, should something have arrived in one meanwhile.
        let emptied = Self.emptiedFolders(listing: seen.listing, deleted: Set(plan.deletions))
        for depth in Set(emptied.map(Self.depth)).sorted(by: >) {
            try? delete(emptied.filter { Self.depth($0) == depth }, scratch: scratch, keepingParents: true)
        }
        for path in plan.deletions { record.entries[path] = nil }
        try save(record)
        progress("deleted \(plan.deletions.count) files" + (emptied.isEmpty ? "" : " and \(emptied.count) emptied folders"))
    }

    /// Deletes the paths on the target: rsync from a folder holding only their parent folders, so every listed
    /// path is missing there and deleted (`--delete-missing-args`), and nothing else. The parents must exist, or
    /// rsync reports them vanished (code 24).
    private func delete(_ paths: [String], scratch: URL, keepingParents: Bool) throws {
        let empty = scratch.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        for folder in Set(paths.map { ($0 as NSString).deletingLastPathComponent }) where !folder.isEmpty {
            try FileManager.default.createDirectory(at: empty.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let list = scratch.appendingPathComponent("deletions")
        try Data(paths.joined(separator: "\0").utf8).write(to: list)
        try run(
            ["--from0", "--files-from=" + list.path, "--delete-missing-args", empty.path + "/", location.rsyncDestination],
            what: "deleting \(paths.count) files on \(place)")
    }

    static func depth(_ path: String) -> Int { path.split(separator: "/").count }

    /// The folders holding deleted files that hold nothing else once they are gone (by the listing before the deploy).
    static func emptiedFolders(listing: [Listed], deleted: Set<String>) -> [String] {
        var candidates = Set<String>()
        for path in deleted {
            var folder = (path as NSString).deletingLastPathComponent
            while !folder.isEmpty, candidates.insert(folder).inserted { folder = (folder as NSString).deletingLastPathComponent }
        }
        var keep = Set<String>()
        for item in listing where !deleted.contains(item.path) && !(item.isFolder && candidates.contains(item.path)) {
            // Whatever stays keeps each folder above it.
            var folder = (item.path as NSString).deletingLastPathComponent
            while !folder.isEmpty, keep.insert(folder).inserted { folder = (folder as NSString).deletingLastPathComponent }
        }
        return candidates.subtracting(keep).sorted()
    }

    struct Listed: Sendable {
        var path: String
        var size: Int
        var isFolder = false
    }

    /// Runs rsync; for `--list-only`, the files and folders it printed; with `names`, each line a name.
    @discardableResult
    func run(_ arguments: [String], what: String, names: Bool = false) throws -> [Listed] {
        var arguments = arguments
        if location.host != nil {
            var shell = environment["RSYNC_RSH"].flatMap { $0.isEmpty ? nil : $0 } ?? "ssh"
            if let port = location.port { shell += " -p \(port)" }
            arguments = ["-e", shell] + arguments
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
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
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorsRead.wait()
        guard process.terminationStatus == 0 else {
            let errorText = errorData.withLock { String(decoding: $0, as: UTF8.self) }
            throw DeployError("\(what): \(explain(status: process.terminationStatus, errors: errorText))")
        }
        if names {
            return String(decoding: outputData, as: UTF8.self).split(separator: "\n").filter { !$0.hasSuffix("/") }
                .map { Listed(path: Self.unescape(String($0)), size: 0) }
        }
        guard arguments.contains("--list-only") else { return [] }
        return Self.parseListing(String(decoding: outputData, as: UTF8.self))
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

    /// The regular files of `rsync --list-only --no-human-readable`: `-rw-r--r-- 1234 2026/11/28 17:00:00 path`,
    /// with rsync's `\#ooo` escapes in names undone.
    static func parseListing(_ text: String) -> [Listed] {
        var files: [Listed] = []
        for line in text.split(separator: "\n") where line.hasPrefix("-") || line.hasPrefix("d") || line.hasPrefix("l") {
            let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
            guard fields.count == 5, let size = Int(fields[1]) else { continue }
            var path = unescape(String(fields[4]))
            if line.hasPrefix("l"), let arrow = path.range(of: " -> ") { path = String(path[..<arrow.lowerBound]) }
            if path == "." { continue }
            files.append(Listed(path: path, size: size, isFolder: line.hasPrefix("d")))
        }
        return files
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
