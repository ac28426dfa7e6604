import Foundation
import MastheadDeploy

/// The repository, the built `masthead` binary and small process helpers for the deploy tests.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let masthead = root.appendingPathComponent(".build/debug/masthead")
    static let s3Client = root.appendingPathComponent("Tests/MastheadDeployTests/Support/s3_client.py")
}

struct ProcessRun {
    var status: Int32
    var output: String
    var errors: String
}

enum Processes {
    /// Starts a program with pipes for its output (read with `finish`).
    static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for name in ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "NO_COLOR", "MASTHEAD_TIMINGS"] {
            merged[name] = nil
        }
        process.environment = merged.merging(environment) { _, new in new }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, output, errors)
    }

    static func finish(_ started: (Process, Pipe, Pipe)) -> ProcessRun {
        let (process, output, errors) = started
        let errorData = LockedBox<Data>()
        let thread = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        thread.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorBytes = errorData.wait()
        return ProcessRun(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorBytes, as: UTF8.self))
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRun {
        finish(try start(executable, arguments, environment: environment))
    }

    static func masthead(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRun {
        try run(Repository.masthead.path, arguments, environment: environment)
    }

    static func python(_ arguments: [String]) throws -> ProcessRun {
        try run("/usr/bin/env", ["python3"] + arguments)
    }

    /// A TCP port nobody listens on now.
    static func freePort() throws -> Int {
        let run = try python(["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        return Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}

final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    func set(_ newValue: Value) {
        condition.lock()
        value = newValue
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        return value!
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
}

/// moto's S3 server on a free loopback port, for one test, stopped when the test ends.
final class MotoServer {
    let port: Int
    let process: Process
    var endpoint: String { "http://127.0.0.1:\(port)" }

    init() throws {
        port = try Processes.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "moto.server", "-H", "127.0.0.1", "-p", String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let waited = try client(["wait"])
        guard waited.status == 0 else { throw TestFailure(description: "moto's server did not start: \(waited.errors)") }
    }

    func client(_ arguments: [String]) throws -> ProcessRun {
        try Processes.python([Repository.s3Client.path, endpoint] + arguments)
    }

    func createBucket(_ name: String) throws {
        let run = try client(["create-bucket", name])
        guard run.status == 0 else { throw TestFailure(description: run.errors) }
    }

    struct Object: Decodable, Equatable {
        var size: Int
        var sha256: String
        var contentType: String
        var cacheControl: String
        var metadata: [String: String]
    }

    /// Every object of the bucket as boto3 reads it back.
    func dump(_ bucket: String) throws -> [String: Object] {
        let run = try client(["dump", bucket])
        guard run.status == 0 else { throw TestFailure(description: run.errors) }
        return try JSONDecoder().decode([String: Object].self, from: Data(run.output.utf8))
    }

    func count(_ bucket: String) throws -> Int {
        Int(try client(["count", bucket]).output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    func stop() {
        guard process.isRunning else { return }
        // SIGKILL, not SIGTERM: moto's server (5.x, `python3 -m moto.server`) outlives SIGTERM,
        // and waiting for it hung the suite in its first test's cleanup (seen with gdb).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit {
        stop()
    }
}

/// A site generated from the default site with N articles (Tests/browser/generate_site.py), in a temporary folder.
struct GeneratedSite {
    let folder: URL
    var output: URL { folder.appendingPathComponent("public") }

    init(articles: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-deploy-site-\(UUID().uuidString)")
        let run = try Processes.python([
            Repository.root.appendingPathComponent("Tests/browser/generate_site.py").path, "--articles", String(articles), "--out", folder.path
        ])
        guard run.status == 0 else { throw TestFailure(description: "generate_site.py: \(run.errors)") }
    }

    func build(noCache: Bool = false) throws {
        let run = try Processes.masthead(["build", "--site", folder.path, "--quiet"] + (noCache ? ["--no-cache"] : []))
        guard run.status == 0 else { throw TestFailure(description: "masthead build: \(run.errors)") }
    }

    func articles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: folder.appendingPathComponent("Content/articles"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }

    /// Every file of the output folder but the marker, with its SHA-256.
    func outputFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        let root = output.standardizedFileURL.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [:] }
        while let relative = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue,
                relative != ".masthead-output"
            else { continue }
            files[relative] = sha256(of: root + "/" + relative)
        }
        return files
    }

    func appendSiteYML(_ text: String) throws {
        let path = folder.appendingPathComponent("Content/site.yml")
        let existing = try String(contentsOf: path, encoding: .utf8)
        try (existing + "\n" + text).write(to: path, atomically: true, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

func sha256(of path: String) -> String {
    S3Signer.sha256Hex(FileManager.default.contents(atPath: path) ?? Data())
}

/// The JSON `masthead deploy --format json` prints.
struct DeployJSON: Decodable {
    struct Upload: Decodable {
        var path: String
        var reason: String
        var stage: String
        var contentType: String
        var cacheControl: String
    }

    struct Problem: Decodable {
        var message: String
    }

    var status: String
    var target: String?
    var uploads: [Upload]?
    var unchanged: Int?
    var deletions: [String]?
    var kept: [String]?
    var deletionsNeedConfirmation: Bool?
    var diagnostics: [Problem]

    static func parse(_ run: ProcessRun) throws -> DeployJSON {
        do {
            return try JSONDecoder().decode(DeployJSON.self, from: Data(run.output.utf8))
        } catch {
            throw TestFailure(description: "not deploy JSON (status \(run.status)): \(run.output)\n\(run.errors)")
        }
    }
}
