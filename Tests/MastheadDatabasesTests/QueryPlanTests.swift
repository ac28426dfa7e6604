import Foundation
import MastheadTesting
import Testing

@testable import MastheadDatabases

/// `masthead check --explain` (issue 40): the database's own plan of each block's statement,
/// a warning at the block for each that reads a whole large table, with the index that would
/// serve it; no warning once that index exists, or for a small table.
@Suite("check --explain: which statements read a whole table, and the index that serves them", .serialized)
struct QueryPlanTests {
    static let block = "```table\nsource: events\nwhere: { kind: code }\nx: kind\ny: { sum: points }\n```"

    /// `rows` events, one in a hundred of kind `code`, in a SQLite file under the site.
    static func sqliteSite(rows: Int) throws -> (TestSite, URL) {
        let site = try ReportFeatureSite.make(config: "datasets:\n  events: { sqlite: stats/events.sqlite, table: events }\n", files: [:])
        try ReportFeatureSite.report(site, block)
        let file = site.root.appendingPathComponent("Content/stats/events.sqlite")
        try TestDatabases.sqlite(
            file,
            [
                "CREATE TABLE events (kind TEXT, points INTEGER)",
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows)) "
                    + "INSERT INTO events SELECT CASE WHEN i % 100 = 0 THEN 'code' ELSE 'bonus' END, i % 50 FROM n"
            ])
        return (site, file)
    }

    static func check(_ site: TestSite, environment: [String: String] = [:]) throws -> String {
        let run = try MastheadCommand.run(["check", "--explain", "--site", site.root.path], environment: environment)
        return run.output + run.errors
    }

    /// The warnings about plans, one per line.
    static func planWarnings(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.contains("reads the whole table") || $0.contains("gave no plan") }
    }

    @Test func sqliteTableWithoutTheIndex() throws {
        let (site, file) = try Self.sqliteSite(rows: 20_000)
        let warnings = Self.planWarnings(try Self.check(site))
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.hasPrefix("Content/reports/r.md:"), "\(warning)")
        #expect(warning.contains(": warning: dataset events: SQLite reads the whole table events (20,000 rows) for this block (its plan: SCAN "))
        #expect(warning.hasSuffix("; an index would serve it: CREATE INDEX ON events (kind, points)"), "\(warning)")

        // The index it names: the plan searches it, and check says nothing more.
        try TestDatabases.sqlite(file, ["CREATE INDEX events_kind_points ON events (kind, points)"])
        #expect(Self.planWarnings(try Self.check(site)).isEmpty)
    }

    @Test func aSmallTableIsReadWholeWithoutAWarning() throws {
        let (site, _) = try Self.sqliteSite(rows: 500)
        let output = try Self.check(site)
        #expect(Self.planWarnings(output).isEmpty, "\(output)")
    }

    @Test func withoutTheFlagNothingIsAsked() throws {
        let (site, _) = try Self.sqliteSite(rows: 20_000)
        let run = try MastheadCommand.run(["check", "--site", site.root.path])
        #expect(Self.planWarnings(run.output + run.errors).isEmpty)
    }

    @Test func postgres() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let table = TestDatabases.tableName("plan")
        try TestDatabases.psql(
            url,
            [
                "-c", "CREATE TABLE \(table) (kind text, points integer)",
                "-c",
                "INSERT INTO \(table) SELECT CASE WHEN i % 100 = 0 THEN 'code' ELSE 'bonus' END, i % 50 FROM generate_series(1, 50000) AS i",
                "-c", "ANALYZE \(table)"
            ])
        defer { _ = try? TestDatabases.psql(url, ["-c", "DROP TABLE IF EXISTS \(table)"]) }
        let site = try ReportFeatureSite.make(
            config: "datasets:\n  events: { postgres: { url: env:STATS_URL }, table: \(table) }\n", files: [:])
        try ReportFeatureSite.report(site, Self.block)
        let environment = ["STATS_URL": url]
        let warnings = Self.planWarnings(try Self.check(site, environment: environment))
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.contains(": warning: dataset events: PostgreSQL reads the whole table \(table) (50,000 rows) for this block"), "\(warning)")
        #expect(warning.contains("Seq Scan on \(table)"), "\(warning)")
        #expect(warning.hasSuffix("; an index would serve it: CREATE INDEX ON \(table) (kind COLLATE \"C\", points)"), "\(warning)")

        // An index in the database's collation does not serve a comparison in "C": the plan stays a full scan.
        try TestDatabases.psql(url, ["-c", "CREATE INDEX ON \(table) (kind, points)", "-c", "VACUUM ANALYZE \(table)"])
        #expect(Self.planWarnings(try Self.check(site, environment: environment)).count == 1)
        try TestDatabases.psql(url, ["-c", "CREATE INDEX ON \(table) (kind COLLATE \"C\", points)", "-c", "VACUUM ANALYZE \(table)"])
        let after = try Self.check(site, environment: environment)
        #expect(Self.planWarnings(after).isEmpty, "\(after)")
    }

    @Test func plansAreReadFromEachDatabasesWords() throws {
        let json = """
            [{"Plan": {"Node Type": "Aggregate", "Plans": [{"Node Type": "Seq Scan", "Parallel Aware": true,
              "Relation Name": "activities", "Alias": "t"}, {"Node Type": "Index Only Scan", "Relation Name": "members"}]}}]
            """
        #expect(QueryPlan(postgresJSON: json)?.fullScans == [.init(table: "activities", node: "Parallel Seq Scan on activities")])
        #expect(QueryPlan(postgresJSON: "not json") == nil)
        let sqlite = QueryPlan(sqliteDetails: [
            "SCAN t", "SCAN m USING COVERING INDEX members_id", "SEARCH e USING INDEX events_kind (kind=?)", "USE TEMP B-TREE FOR GROUP BY"
        ])
        #expect(sqlite.fullScans == [.init(table: "t", node: "SCAN t")])
    }
}
