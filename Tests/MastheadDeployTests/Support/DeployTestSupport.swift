import Foundation
import Glibc
import MastheadDeploy
import MastheadTesting

/// The repository, the built `masthead` binary and small process helpers for the deploy tests.
enum Repository {
    static let root = repositoryRoot
    /// The debug build the tests build, or `MASTHEAD_BINARY` (a release build, for the flows at 10,000 articles).
    static let masthead =
        ProcessInfo.processInfo.environment["MASTHEAD_BINARY"].map(URL.init(fileURLWithPath:))
        ?? root.appendingPathComponent(".build/debug/masthead")
    static let s3Client = root.appendingPathComponent("Tests/MastheadDeployTests/Support/s3_client.py")
}

/// The size of the S3 flow tests' sites: small by default, `MASTHEAD_DEPLOY_FLOW_ARTICLES=10000` for the scale a
/// magazine reaches (see docs/publishing.md, "Testing deploys").
enum FlowScale {
    static func articles(default small: Int) -> Int {
        ProcessInfo.processInfo.environment["MASTHEAD_DEPLOY_FLOW_ARTICLES"].flatMap { Int($0) } ?? small
    }

    /// The articles the deletions step removes and the `max_deletes` they exceed: at a magazine's scale 300 against
    /// the default 256 (site.yml sets none), on a small site `small` against 20. `setting` is the site.yml line.
    static func deletions(articles: Int, small: Int) -> (articles: Int, maxDeletes: Int, setting: String) {
        articles >= 600 ? (300, 256, "") : (small, 20, "max_deletes: 20")
    }
}

struct ProcessRun {
    var status: Int32
    var output: String
    var errors: String
}

enum Processes {
    /// A program started by `start`, its output going to two files of its own.
    struct Started {
        var process: Process
        var output: URL
        var errors: URL
    }

    /// Starts a program with its output in temporary files (read with `finish`). Files, not pipes: a
    /// pipe's read ends only when every holder of its write end has closed it, and a process spawned at
    /// the same moment by another test (sshd, say, which forks a child per connection) can inherit it.
    static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Started {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        // No proxy but the one a test names: libcurl reads these variables.
        let proxies = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"]
        for name in ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE", "NO_COLOR", "MASTHEAD_TIMINGS"] + proxies {
            merged[name] = nil
        }
        process.environment = merged.merging(environment) { _, new in new }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let started = Started(process: process, output: folder.appendingPathComponent("stdout"), errors: folder.appendingPathComponent("stderr"))
        for file in [started.output, started.errors] { FileManager.default.createFile(atPath: file.path, contents: nil) }
        process.standardOutput = try FileHandle(forWritingTo: started.output)
        process.standardError = try FileHandle(forWritingTo: started.errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return started
    }

    /// Waits for the program to exit and reads what it wrote.
    static func finish(_ started: Started) -> ProcessRun {
        started.process.waitUntilExit()
        let output = (try? Data(contentsOf: started.output)) ?? Data()
        let errors = (try? Data(contentsOf: started.errors)) ?? Data()
        try? FileManager.default.removeItem(at: started.output.deletingLastPathComponent())
        return ProcessRun(
            status: started.process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self))
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRun {
        finish(try start(executable, arguments, environment: environment))
    }

    static func masthead(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRun {
        try run(Repository.masthead.path, arguments, environment: environment)
    }

    static func python(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRun {
        try run("/usr/bin/env", ["python3"] + arguments, environment: environment)
    }

    /// Stops a server that put itself in the background, by the pid it wrote: SIGTERM, then SIGKILL after 5 s.
    static func stopDaemon(pidFile: URL) {
        guard let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return }
        kill(pid, SIGTERM)
        for _ in 0..<100 where kill(pid, 0) == 0 { usleep(50_000) }
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }

    /// Waits until something accepts connections on the loopback port, up to `seconds`; whether it did.
    static func waitForListener(port: Int, seconds: Double = 15) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(socket)
            if connected { return true }
            usleep(50_000)
        }
        return false
    }

    /// A TCP port nobody listens on now.
    static func freePort() throws -> Int {
        let run = try python(["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        return Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
}

/// moto's S3 server on a free loopback port, for one test, stopped when the test ends. Started in
/// the background with no descriptor of the test's (Support/s3_client.py `start`), so it is not a
/// program the test waits for (see `RsyncDeployTests.toLocalhostOverSSH`).
final class MotoServer {
    let port: Int
    let pid: pid_t
    /// Over TLS with this certificate (and its key beside it, `TestCertificate`), which boto3 trusts.
    let certificate: TestCertificate?
    var endpoint: String { "\(certificate == nil ? "http" : "https")://127.0.0.1:\(port)" }

    init(tls certificate: TestCertificate? = nil) throws {
        port = try Processes.freePort()
        self.certificate = certificate
        let tls = certificate.map { [$0.certificate.path, $0.key.path] } ?? []
        let endpoint = "\(certificate == nil ? "http" : "https")://127.0.0.1:\(port)"
        let started = try Processes.python([Repository.s3Client.path, endpoint, "start"] + tls)
        guard let pid = pid_t(started.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestFailure(description: "moto's server did not start: \(started.errors)")
        }
        self.pid = pid
        let waited = try client(["wait"])
        guard waited.status == 0 else {
            stop()
            throw TestFailure(description: "moto's server did not start: \(waited.errors)")
        }
    }

    func client(_ arguments: [String]) throws -> ProcessRun {
        try Processes.python(
            [Repository.s3Client.path, endpoint] + arguments, environment: certificate.map { ["AWS_CA_BUNDLE": $0.certificate.path] } ?? [:])
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

    /// SIGKILL: moto's server (5.x) outlives SIGTERM.
    func stop() {
        kill(pid, SIGKILL)
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
