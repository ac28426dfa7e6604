import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadCharts

/// The same blocks over a CSV file, a SQLite copy and a PostgreSQL copy of the same rows give
/// byte-identical pages: every chart type, every date bucket and measure, `where:`, `sort:`
/// and `limit:`, in Rome's and Kolkata's time zones, over Rome's two daylight saving changes
/// of 2026 (29 March and 25 October).
@Suite("Databases: CSV, SQLite and PostgreSQL give the same pages", .serialized)
struct SQLEquivalenceTests {
    static let header = ["at", "member", "kind", "points", "amount", "score", "lat", "lon", "row", "place"]

    /// Rows every 95 minutes around both changes, and every 61 hours across 15 months; some
    /// dates written with Z (UTC), the others in the site's local time, as apps export them.
    static func rows(timeZone: TimeZone) -> [[String?]] {
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = timeZone
        local.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let utc = DateFormatter()
        utc.locale = Locale(identifier: "en_US_POSIX")
        utc.timeZone = TimeZone(identifier: "UTC")
        utc.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        var instants: [Date] = []
        for start in ["2026-03-25T00:10:00Z", "2026-10-21T00:10:00Z"] {
            let first = ISO8601DateFormatter().date(from: start)!
            instants += (0..<140).map { first.addingTimeInterval(Double($0) * 95 * 60) }
        }
        let year = ISO8601DateFormatter().date(from: "2025-11-01T22:45:00Z")!
        instants += (0..<180).map { year.addingTimeInterval(Double($0) * 61 * 3600) }
        let kinds = ["code", "mission", "questionnaire", "redemption", "onboarding", "bonus"]
        return instants.enumerated().map { index, date in
            let at = index % 7 == 3 ? utc.string(from: date) : local.string(from: date)
            let points = index % 11 == 0 ? nil : String((index * 37) % 250 - 50)
            let amount = String(format: "%.2f", Double((index * 53) % 400) / 4.0)
            return [
                at, "M\(String(format: "%03d", index % 23))", kinds[(index * 7) % kinds.count], points, amount,
                String(index % 5 + 1), String(format: "%.3f", 45.0 + Double(index % 17) / 10), String(format: "%.3f", 9.0 + Double(index % 13) / 10),
                String(index % 4 + 1), String(index % 6 + 1)
            ]
        }
    }

    static func csv(_ rows: [[String?]]) -> String {
        ([header.joined(separator: ",")] + rows.map { $0.map { $0 ?? "" }.joined(separator: ",") }).joined(separator: "\n") + "\n"
    }

    /// Every chart type, bucket and measure, kpi and table blocks, filters, sort and limit.
    static var blocks: String {
        var blocks: [String] = []
        for bucket in DateBucket.allCases {
            for measure in ["count: true", "sum: points", "avg: amount", "min: points", "max: amount", "distinct: member"] {
                blocks.append("```table\nsource: events\nx: { field: at, bucket: \(bucket.rawValue) }\ny: { \(measure) }\n```")
            }
        }
        let types = ["bar", "hbar", "line", "area", "stacked-bar", "grouped-bar", "donut", "sparkline"]
        for type in types {
            let series = type.contains("stacked") || type.contains("grouped") || type == "line" ? "series: kind\n" : ""
            let x = type == "donut" || type == "hbar" ? "x: kind" : "x: { field: at, bucket: week }"
            blocks.append("```chart\ntype: \(type)\ntitle: \(type)\nsource: events\n\(x)\ny: { sum: points }\n\(series)```")
        }
        blocks += [
            "```chart\ntype: histogram\nsource: events\nx: { field: amount, binWidth: 12.5 }\n```",
            "```chart\ntype: histogram\nsource: events\nx: { field: points, bins: [-50, 0, 10, 100, 200] }\ny: { avg: amount }\n```",
            "```chart\ntype: scatter\nsource: events\nx: lon\ny: { value: lat }\npointLabel: member\nseries: kind\nwhere: { score: [1, 2] }\n```",
            "```chart\ntype: grid\nsource: events\nwhere: { member: M004 }\nrow: row\nx: place\nseries: kind\npointLabel: member\n```",
            "```kpi\n- title: Points\n  source: events\n  where: { points: { min: 1 } }\n  x: { field: at, bucket: month }\n  y: { sum: points }\n"
                + "- source: events\n  x: { field: at, bucket: day }\n  y: { distinct: member }\n```",
            "```table\nsource: events\nx: member\ny: { count: true }\nsort: -y\nlimit: 5\n```",
            "```table\nsource: events\nx: kind\ny: { distinct: member }\nsort: y\nlimit: 3\n```",
            "```table\nsource: events\nx: score\ny: { sum: amount }\nseries: kind\nsort: -x\n```",
            "```chart\ntype: bar\nsource: events\nwhere: { at: { from: 2026-03-28, to: 2026-03-30 }, kind: [code, bonus] }\n"
                + "x: { field: at, bucket: day }\n```",
            "```table\nsource: events\nwhere: { at: { from: 2026-10-24 12:00, to: 2026-10-26 } }\n"
                + "x: { field: at, bucket: day }\ny: { max: points }\n```"
        ]
        return blocks.joined(separator: "\n\n")
    }

    static let schema = "schema: { at: date, member: string, kind: string, points: integer, amount: decimal, score: integer }"

    /// The report page of a site whose `events` dataset is declared by `dataset`.
    static func page(timeZone: String, dataset: String, files: [String: String] = [:], environment: [String: String] = [:]) throws -> (
        String, [String]
    ) {
        let site = try ReportFeatureSite.make(config: "timezone: \(timeZone)\ndatasets:\n  events: \(dataset)\n", files: files)
        try ReportFeatureSite.report(site, blocks)
        var options = site.options()
        options.environment = environment
        let result = Pipeline.run(options: options)
        return (result.text("reports/r/index.html") ?? "", result.messages)
    }

    static func csvPage(_ zone: String, rows: [[String?]]) throws -> String {
        let (page, messages) = try page(
            timeZone: zone, dataset: "{ file: stats/events.csv, \(schema) }", files: ["Content/stats/events.csv": csv(rows)])
        #expect(messages.allSatisfy { !$0.contains("error") }, "\(messages)")
        #expect(page.contains("<svg"))
        return page
    }

    @Test("SQLite", arguments: ["Europe/Rome", "Asia/Kolkata"])
    func sqlite(zone: String) throws {
        let rows = Self.rows(timeZone: TimeZone(identifier: zone)!)
        let expected = try Self.csvPage(zone, rows: rows)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-sqlite-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("events.sqlite")
        try TestDatabases.sqlite(
            file,
            [
                "CREATE TABLE events (at DATETIME, member TEXT, kind TEXT, points INTEGER, amount REAL, score INTEGER, "
                    + "lat REAL, lon REAL, row INTEGER, place INTEGER)"
            ],
            rows: rows, insert: "INSERT INTO events VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)")
        let site = try ReportFeatureSite.make(
            config: "timezone: \(zone)\ndatasets:\n  events: { sqlite: stats/events.sqlite, table: events }\n", files: [:])
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Content/stats"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: file, to: site.root.appendingPathComponent("Content/stats/events.sqlite"))
        try ReportFeatureSite.report(site, Self.blocks)
        let result = site.build()
        #expect(result.messages.allSatisfy { !$0.contains("error") }, "\(result.messages)")
        Self.expectSame(result.text("reports/r/index.html") ?? "", expected)
    }

    @Test("PostgreSQL", arguments: ["Europe/Rome", "Asia/Kolkata"])
    func postgres(zone: String) throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let rows = Self.rows(timeZone: TimeZone(identifier: zone)!)
        let expected = try Self.csvPage(zone, rows: rows)
        let table = TestDatabases.tableName("events")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("events.csv")
        try Data(Self.csv(rows).utf8).write(to: csv)
        // Local times are read in the site's zone, as the CSV's are.
        try TestDatabases.psql(
            url,
            [
                "-c",
                "CREATE TABLE \(table) (at timestamptz, member text, kind text, points integer, amount double precision, score integer, "
                    + "lat double precision, lon double precision, row integer, place integer)",
                "-c", "\\copy \(table) FROM '\(csv.path)' WITH (FORMAT csv, HEADER true)"
            ], timeZone: zone)
        defer { _ = try? TestDatabases.psql(url, ["-c", "DROP TABLE \(table)"]) }
        let (page, messages) = try Self.page(
            timeZone: zone, dataset: "{ postgres: { url: env:STATS_URL }, table: \(table) }", environment: ["STATS_URL": url])
        #expect(messages.isEmpty, "\(messages)")
        Self.expectSame(page, expected)
    }

    /// Byte for byte; a difference is shown as its first differing line of each page.
    static func expectSame(_ page: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard page != expected else { return }
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(lines.count, wanted.count)).first { lines[$0] != wanted[$0] } ?? min(lines.count, wanted.count)
        let got = index < lines.count ? String(lines[index].prefix(600)) : "(end)"
        let want = index < wanted.count ? String(wanted[index].prefix(600)) : "(end)"
        Issue.record("line \(index + 1) differs:\n got: \(got)\nwant: \(want)", sourceLocation: sourceLocation)
    }
}
