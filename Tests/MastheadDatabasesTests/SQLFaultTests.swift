import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild

/// Each fault of a database dataset gives one error naming the dataset and its line in
/// site.yml, or the block, and never the URL or its password.
@Suite("Databases: faults", .serialized)
struct SQLFaultTests {
    /// site.yml's dataset entry is on line 12 (after the minimal config, `timezone:` and `datasets:`).
    static func build(_ dataset: String, block: String = "```table\nsource: events\nx: kind\n```", environment: [String: String] = [:])
        throws -> (messages: [String], site: TestSite)
    {
        let site = try ReportFeatureSite.make(config: "timezone: Europe/Rome\ndatasets:\n  events: \(dataset)\n", files: [:])
        try ReportFeatureSite.report(site, block)
        var options = BuildOptions(siteFolder: SiteFolder(site.root))
        options.environment = environment
        return (Pipeline.run(options: options).messages, site)
    }

    static func sqliteSite(_ dataset: String, block: String = "```table\nsource: events\nx: kind\n```") throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-fault-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("events.sqlite")
        try TestDatabases.sqlite(
            file, ["CREATE TABLE events (at DATETIME, kind TEXT, points INTEGER)"],
            rows: [["2026-03-01", "code", "10"], ["2026-03-02", "bonus", "ten"]], insert: "INSERT INTO events VALUES (?1, ?2, ?3)")
        let site = try ReportFeatureSite.make(config: "timezone: Europe/Rome\ndatasets:\n  events: \(dataset)\n", files: [:])
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Content/stats"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: file, to: site.root.appendingPathComponent("Content/stats/events.sqlite"))
        try ReportFeatureSite.report(site, block)
        return site.build().messages
    }

    @Test func aQueryThatChangesDataIsRefusedBeforeAnythingIsSent() throws {
        let (messages, _) = try Self.build("{ postgres: { url: env:NOWHERE }, query: \"DELETE FROM events\" }")
        #expect(
            messages.first == "Content/site.yml:12:52: error: datasets.events.query: expected a SELECT or WITH statement, got DELETE; "
                + "a query only reads, in one SELECT or WITH statement")
        let two = try Self.build("{ sqlite: stats/e.sqlite, query: \"SELECT 1; SELECT 2\" }").messages
        #expect(
            two.first?.hasSuffix("datasets.events.query: expected one statement, got 2; a query only reads, in one SELECT or WITH statement") == true)
        let hidden = try Self.build("{ sqlite: stats/e.sqlite, query: \"WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d\" }").messages
        #expect(hidden.first?.contains("DELETE is not accepted") == true)
    }

    @Test func aURLWrittenInSiteYmlIsRefusedWithoutEchoingIt() throws {
        let (messages, _) = try Self.build("{ postgres: { url: \"postgres://u:s3cret@db/x\" }, table: events }")
        #expect(messages.contains { $0.contains("postgres.url: expected env:VARIABLE") })
        #expect(!messages.joined().contains("s3cret"))
    }

    @Test func aMissingVariableNamesIt() throws {
        let (messages, _) = try Self.build("{ postgres: { url: env:STATS_URL }, table: events }")
        #expect(
            messages == [
                "Content/site.yml:12:3: error: datasets.events: the environment variable STATS_URL is not set; "
                    + "it holds the PostgreSQL connection URL (postgres.url: env:STATS_URL)"
            ])
    }

    @Test func anUnreachableServer() throws {
        let url = "postgres://masthead:s3cret@127.0.0.1:1/masthead"
        let (messages, _) = try Self.build("{ postgres: { url: env:STATS_URL }, table: events }", environment: ["STATS_URL": url])
        #expect(messages.count == 1)
        #expect(
            messages.first?.hasPrefix("Content/site.yml:12:3: error: datasets.events: cannot reach the PostgreSQL server of STATS_URL (127.0.0.1:1)")
                == true)
        #expect(!messages.joined().contains("s3cret"))
    }

    /// The URL with its password replaced.
    static func withPassword(_ url: String, _ password: String) -> String {
        var parts = URLComponents(string: url)!
        parts.password = password
        return parts.string!
    }

    @Test func refusedAuthentication() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let wrong = Self.withPassword(url, "not-the-password")
        let (messages, _) = try Self.build("{ postgres: { url: env:STATS_URL }, table: activities }", environment: ["STATS_URL": wrong])
        #expect(messages.count == 1)
        #expect(messages.first?.contains("datasets.events: the PostgreSQL server of STATS_URL") == true)
        #expect(messages.first?.contains("refused the login of user 'masthead'") == true)
        #expect(!messages.joined().contains("not-the-password"))
    }

    @Test func anUnknownDatabase() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        var parts = URLComponents(string: url)!
        parts.path = "/nosuchdb"
        let (messages, _) = try Self.build("{ postgres: { url: env:STATS_URL }, table: activities }", environment: ["STATS_URL": parts.string!])
        #expect(messages.first?.hasPrefix("Content/site.yml:12:3: error: datasets.events: the PostgreSQL server of STATS_URL") == true)
        #expect(messages.first?.contains("has no database 'nosuchdb'") == true)
    }

    @Test func anUnknownColumnIsSuggested() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let (messages, _) = try Self.build(
            "{ postgres: { url: env:STATS_URL }, table: activities }", block: "```table\nsource: events\nx: evnt\n```",
            environment: ["STATS_URL": url])
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Content/reports/r.md:") == true)
        #expect(messages.first?.contains("did you mean 'event'?") == true)
    }

    @Test func aValueOfTheWrongType() throws {
        let messages = try Self.sqliteSite(
            "{ sqlite: stats/events.sqlite, table: events }", block: "```table\nsource: events\nx: kind\ny: { sum: points }\n```")
        #expect(messages == ["Content/site.yml:12:3: error: datasets.events: the column points holds values that are not numbers (1 in one group)"])
        guard let url = TestDatabases.postgresURL() else { return }
        // `schema:` says a text column holds integers: the database refuses the first that does not.
        let (server, _) = try Self.build(
            "{ postgres: { url: env:STATS_URL }, table: activities, schema: { member: integer } }",
            block: "```table\nsource: events\nx: event\ny: { sum: member }\n```", environment: ["STATS_URL": url])
        #expect(server.count == 1)
        #expect(server.first?.contains("invalid input syntax for type bigint: \"M") == true)
    }

    @Test func aStatementTimeout() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let (messages, _) = try Self.build(
            "{ postgres: { url: env:STATS_URL }, query: \"SELECT g AS kind FROM generate_series(1, 3) g, pg_sleep(3)\", timeout: 0.5 }",
            environment: ["STATS_URL": url])
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Content/reports/r.md:5:1: error: datasets.events: the statement ran past its timeout") == true)
        #expect(messages.first?.hasSuffix("(timeout: 0.5 s in Content/site.yml)") == true)
    }

    @Test func theConnectionLostMidStream() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        // The server ends its own connection once rows have started to come. In a view: a query: calling
        // pg_terminate_backend is refused before it is sent (SQLSideEffectTests).
        let view = TestDatabases.tableName("lost")
        try TestDatabases.psql(
            url,
            [
                "-c",
                "CREATE VIEW \(view) AS SELECT g AS x, g AS y, CASE WHEN g = 200 THEN pg_terminate_backend(pg_backend_pid()) END AS kind "
                    + "FROM generate_series(1, 400) g"
            ])
        defer { _ = try? TestDatabases.psql(url, ["-c", "DROP VIEW \(view)"]) }
        let (messages, _) = try Self.build(
            "{ postgres: { url: env:STATS_URL }, table: \(view) }",
            block: "```chart\ntype: scatter\nsource: events\nx: x\ny: { value: y }\n```", environment: ["STATS_URL": url])
        #expect(messages.count == 1)
        #expect(messages.first?.contains("datasets.events: the connection to the PostgreSQL server of STATS_URL") == true)
        #expect(messages.first?.contains("was lost") == true)
        #expect(!messages.joined().contains(URLComponents(string: url)?.password ?? "-"))
    }

    @Test func theBuildExitsOneAndKeepsThePreviousOutput() throws {
        let site = try ReportFeatureSite.make(
            config: "datasets:\n  events: { postgres: { url: env:MASTHEAD_NO_SUCH_URL }, table: events }\n", files: [:])
        try ReportFeatureSite.report(site, "Nothing yet.")
        let output = site.root.appendingPathComponent("public")
        let first = try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path])
        #expect(first.status == 0)
        try ReportFeatureSite.report(site, "```table\nsource: events\nx: kind\n```")
        let second = try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path])
        #expect(second.status == 1)
        #expect(second.errors.contains("datasets.events: the environment variable MASTHEAD_NO_SUCH_URL is not set"))
        #expect(!second.errors.contains("Fatal error"))
        let kept = try String(contentsOf: output.appendingPathComponent("reports/r/index.html"), encoding: .utf8)
        #expect(kept.contains("Nothing yet."))
    }
}
