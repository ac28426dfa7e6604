import Foundation
import Testing

@testable import MastheadServer

/// `masthead serve` with a page drawn from a database: a changed row reloads the page,
/// without a file being saved (PostgreSQL: asked again every `poll:` seconds; SQLite: the
/// file is watched, and polled as well).
@Suite("masthead serve: database datasets polled", .serialized)
struct DatabasePollTests {
    static let page = "---\ntitle: Figures\ndate: 2026-01-01\n---\n```table\nsource: events\nx: kind\ny: { sum: points }\n```\n"

    /// Runs a program, failing the test with its errors.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 { Issue.record("\(program): \(problems)") }
        return text
    }

    static func psql(_ url: String, _ sql: String) throws {
        let candidates =
            ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []).sorted().reversed()
            .map { "/usr/lib/postgresql/\($0)/bin/psql" } + ["/usr/bin/psql"]
        let psql = candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/psql"
        try run(psql, [url, "-q", "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    /// Waits for a rebuild that changes the page, and returns it as served.
    static func reloaded(_ server: RunningServer, _ events: EventStreamReader, from start: Int) async throws -> String {
        _ = await events.waitFor(from: start, seconds: 30) { $0.name == "rebuild" && $0.data.contains("\"figures/index.html\"") }
        return try await server.get("/figures/").text
    }

    @Test func postgres() async throws {
        guard let url = ProcessInfo.processInfo.environment["MASTHEAD_TEST_POSTGRES_URL"], !url.isEmpty else {
            Issue.record("MASTHEAD_TEST_POSTGRES_URL is not set: run the suite through scripts/with-postgres.sh")
            return
        }
        let table = "poll_\(UUID().uuidString.prefix(8).lowercased())"
        try Self.psql(url, "CREATE TABLE \(table) (kind text, points integer); INSERT INTO \(table) VALUES ('code', 111)")
        defer { try? Self.psql(url, "DROP TABLE IF EXISTS \(table)") }
        let site = try PreviewTestSite()
        try site.write(
            "Content/site.yml",
            PreviewTestSite.config + "\ndatasets:\n  events: { postgres: { url: env:MASTHEAD_TEST_POSTGRES_URL }, table: \(table), poll: 1 }\n")
        try site.write("Content/pages/figures.md", Self.page)
        try await RunningServer.with(site) { server in
            let events = try EventStreamReader(port: server.port)
            _ = await events.waitFor { $0.name == "hello" }
            #expect(try await server.get("/figures/").text.contains(">111<"))
            let start = events.received.count
            try Self.psql(url, "UPDATE \(table) SET points = 333")
            let page = try await Self.reloaded(server, events, from: start)
            #expect(page.contains(">333<") && !page.contains(">111<"))
        }
    }

    /// Runs SQL on the site's `Content/stats/events.sqlite`, through Python's sqlite3 module.
    static func sqlite(_ site: PreviewTestSite, _ sql: String) throws {
        let python = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()"
        try run("/usr/bin/python3", ["-c", python, site.url("Content/stats/events.sqlite").path, sql])
    }

    /// A site whose page `figures.md` is drawn from a SQLite file of one event, 111 points.
    static func sqliteSite(datasetOptions: String = "") throws -> PreviewTestSite {
        let site = try PreviewTestSite()
        try FileManager.default.createDirectory(at: site.url("Content/stats"), withIntermediateDirectories: true)
        try sqlite(site, "CREATE TABLE events (kind TEXT, points INTEGER); INSERT INTO events VALUES ('code', 111);")
        try site.write(
            "Content/site.yml",
            PreviewTestSite.config + "\ndatasets:\n  events: { sqlite: stats/events.sqlite, table: events\(datasetOptions) }\n")
        try site.write("Content/pages/figures.md", page)
        return site
    }

    @Test func sqlite() async throws {
        let site = try Self.sqliteSite(datasetOptions: ", poll: 1")
        try await RunningServer.with(site) { server in
            let events = try EventStreamReader(port: server.port)
            _ = await events.waitFor { $0.name == "hello" }
            #expect(try await server.get("/figures/").text.contains(">111<"))
            let start = events.received.count
            try Self.sqlite(site, "UPDATE events SET points = 333;")
            let page = try await Self.reloaded(server, events, from: start)
            #expect(page.contains(">333<") && !page.contains(">111<"))
        }
    }
}
