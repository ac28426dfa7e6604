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

    public func remoteFiles(for local: LocalOutput) async throws -> [RemoteFile] {
        if location.host == nil {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw DeployError("the folder \(location.path) does not exist: create it, then deploy")
            }
        }
        let listing = try run(["-r", "--list-only", "--no-human-readable", location.rsyncDestination], what: "listing \(place)")
        let temporary = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: temporary) }
        var record: DeployRecord?
        if listing.contains(where: { $0.path == DeployRecord.fileName }) {
            _ = try run([location.rsyncDestination + DeployRecord.fileName, temporary.path + "/"], what: "reading the deploy record of \(place)")
            record = (FileManager.default.contents(atPath: temporary.path + "/" + DeployRecord.fileName))
                .flatMap { DeployRecord.parse(String(decoding: $0, as: UTF8.self)) }
        }
        return listing.map { item in
            if let entry = record?.entries[item.path], entry.size == item.size {
                return RemoteFile(path: item.path, size: item.size, hash: entry.hash, headers: entry.headers)
            }
            return RemoteFile(path: item.path, size: item.size, hash: nil, headers: nil)
        }
    }

    public func apply(_ plan: DeployPlan, local: LocalOutput, deleting: Bool, progress: @escaping @Sendable (String) -> Void) async throws {
        let temporary = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: temporary) }
        let source = local.folder.path.hasSuffix("/") ? local.folder.path : local.folder.path + "/"
        for stage in DeployPlan.Stage.allCases {
            let paths = plan.uploads(in: stage).map(\.path)
            guard !paths.isEmpty else { continue }
            let list = temporary.appendingPathComponent("files-\(stage.rawValue)")
            try Data(paths.joined(separator: "\0").utf8).write(to: list)
            // Every listed file is sent (--ignore-times): the plan knows it changed, whatever its size and time.
            _ = try run(
                ["-rt", "--ignore-times", "--from0", "--files-from=" + list.path, source, location.rsyncDestination],
                what: "sending \(paths.count) \(stage.name) to \(place)")
            progress("uploaded \(paths.count) \(stage.name)")
        }
        var record = DeployRecord()
        for file in local.files where !DeployPlan.reserved.contains(file.path) {
            record.entries[file.path] = DeployRecord.Entry(
                hash: file.hash, size: file.size, etag: "", headers: plan.headers(for: file.path))
        }
        let recordFolder = temporary.appendingPathComponent("record")
        try FileManager.default.createDirectory(at: recordFolder, withIntermediateDirectories: true)
        try Data(record.serialized().utf8).write(to: recordFolder.appendingPathComponent(DeployRecord.fileName))
        _ = try run(["-t", recordFolder.path + "/" + DeployRecord.fileName, location.rsyncDestination], what: "writing the deploy record to \(place)")
        guard deleting, !plan.deletions.isEmpty else { return }
        // From a folder holding only the deleted files' folders: every listed file is missing there, so rsync
        // deletes it on the target, and nothing else. The folders must exist, or rsync reports them vanished (code 24).
        let empty = temporary.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        for folder in Set(plan.deletions.map { ($0 as NSString).deletingLastPathComponent }) where !folder.isEmpty {
            try FileManager.default.createDirectory(at: empty.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let list = temporary.appendingPathComponent("deletions")
        try Data(plan.deletions.joined(separator: "\0").utf8).write(to: list)
        _ = try run(
            ["--from0", "--files-from=" + list.path, "--delete-missing-args", empty.path + "/", location.rsyncDestination],
            what: "deleting \(plan.deletions.count) files on \(place)")
        progress("deleted \(plan.deletions.count) files")
    }

    struct Listed {
        var path: String
        var size: Int
    }

    /// Runs rsync; for `--list-only`, the regular files it printed.
    @discardableResult
    func run(_ arguments: [String], what: String) throws -> [Listed] {
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
        if text.contains("command not found") || status == 127 {
            return "rsync is not installed on \(location.host ?? "this machine")"
        }
        return "rsync failed (exit status \(status)): \(lines.last ?? "no message")"
    }

    /// The regular files of `rsync --list-only --no-human-readable`: `-rw-r--r-- 1234 2026/11/28 17:00:00 path`,
    /// with rsync's `\#ooo` escapes in names undone.
    static func parseListing(_ text: String) -> [Listed] {
        var files: [Listed] = []
        for line in text.split(separator: "\n") where line.hasPrefix("-") {
            let fields = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true)
            guard fields.count == 5, let size = Int(fields[1]) else { continue }
            files.append(Listed(path: unescape(String(fields[4])), size: size))
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

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-deploy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func find(_ name: String, path: String) -> String? {
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        return nil
    }
}
