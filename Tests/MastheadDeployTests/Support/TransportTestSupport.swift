import Foundation
import Glibc

/// A self-signed certificate for 127.0.0.1 and localhost, and its key, made by openssl in a temporary folder.
struct TestCertificate {
    let folder: URL
    var certificate: URL { folder.appendingPathComponent("certificate.pem") }
    var key: URL { folder.appendingPathComponent("key.pem") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let made = try Processes.run(
            "/usr/bin/env",
            [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=masthead test",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", key.path, "-out", certificate.path
            ])
        guard made.status == 0 else { throw TestFailure(description: "openssl req: \(made.errors)") }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Debian's tinyproxy on a free loopback port with a configuration of its own, logging each request it forwards.
/// In the foreground (`-d`), the test's child: once in the background it would hold the descriptor by which
/// Foundation's `Process` learns that tinyproxy's first process has exited, and the test would wait for ever.
final class TinyProxy {
    let port: Int
    let folder: URL
    let started: Processes.Started
    var log: URL { folder.appendingPathComponent("tinyproxy.log") }
    var url: String { "http://127.0.0.1:\(port)" }

    init() throws {
        port = try Processes.freePort()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-proxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = folder.appendingPathComponent("tinyproxy.conf")
        try """
        Port \(port)
        Listen 127.0.0.1
        Timeout 30
        MaxClients 64
        Allow 127.0.0.1
        LogLevel Info
        LogFile "\(folder.appendingPathComponent("tinyproxy.log").path)"

        """.write(to: configuration, atomically: true, encoding: .utf8)
        started = try Processes.start("/usr/bin/env", ["tinyproxy", "-d", "-c", configuration.path])
        guard Processes.waitForListener(port: port) else {
            kill(started.process.processIdentifier, SIGKILL)
            throw TestFailure(description: "tinyproxy did not start (make test installs it)")
        }
    }

    /// The requests it forwarded, as its log names them: `PUT http://127.0.0.1:PORT/bucket/key HTTP/1.1`.
    func requests() throws -> [String] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").compactMap { line in
            line.range(of: "): ").map { String(line[$0.upperBound...]) }.flatMap { $0.contains(" HTTP/1.") ? $0 : nil }
        }
    }

    func stop() {
        kill(started.process.processIdentifier, SIGKILL)
        _ = Processes.finish(started)
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A stand-in S3 endpoint (Support/flaky_s3.py) that answers uploads with `SlowDown` and `InternalError` before
/// storing them, and writes down every request as it arrived.
final class FlakyS3Server {
    let port: Int
    let log: URL
    let started: Processes.Started
    var endpoint: String { "http://127.0.0.1:\(port)" }

    struct Request: Decodable {
        var method: String
        var path: String
        /// Names lowercased.
        var headers: [String: String]
    }

    init(failures: [String]) throws {
        port = try Processes.freePort()
        log = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-flaky-\(UUID().uuidString).jsonl")
        let script = Repository.root.appendingPathComponent("Tests/MastheadDeployTests/Support/flaky_s3.py")
        started = try Processes.start("/usr/bin/env", ["python3", script.path, String(port), log.path] + failures)
        guard Processes.waitForListener(port: port) else {
            stop()
            throw TestFailure(description: "flaky_s3.py did not start")
        }
    }

    func requests() throws -> [Request] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Request.self, from: Data($0.utf8))
        }
    }

    func stop() {
        // SIGKILL: it inherits the test process's blocked SIGTERM, as moto's server does.
        kill(started.process.processIdentifier, SIGKILL)
        _ = Processes.finish(started)
        try? FileManager.default.removeItem(at: log)
    }
}
