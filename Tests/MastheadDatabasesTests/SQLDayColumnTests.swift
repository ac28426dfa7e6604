import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadCharts
@testable import MastheadDatabases
@testable import MastheadReports
@testable import MastheadSite
@testable import MastheadSupport

/// A column the database declares as days (PostgreSQL `date`, SQLite `DATE`) is grouped by the
/// day itself when counts, minimums, maximums and sums of integers are cut into date buckets,
/// and Masthead cuts the day rows into buckets: the pages stay byte-identical to the CSV's, in Rome's and
/// Kolkata's time zones, over Rome's daylight saving changes.
@Suite("Databases: a column of days", .serialized)
struct SQLDayColumnTests {
    static let header = ["day", "member", "kind", "points", "amount"]

    /// One row every 7 hours from November 2025 to December 2026: several a day, every month.
    static func rows(timeZone: TimeZone, sqliteTimes: Bool = false) -> [[String?]] {
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = timeZone
        local.dateFormat = "yyyy-MM-dd"
        let withTime = DateFormatter()
        withTime.locale = Locale(identifier: "en_US_POSIX")
        withTime.timeZone = timeZone
        withTime.dateFormat = "yyyy-MM-dd HH:mm"
        let first = ISO8601DateFormatter().date(from: "2025-11-01T03:00:00Z")!
        let kinds = ["code", "mission", "questionnaire", "redemption"]
        return (0..<1_400).map { index in
            let date = first.addingTimeInterval(Double(index) * 7 * 3600)
            // SQLite keeps any value in a DATE column: some rows hold a time too, as an app may write them.
            let day = sqliteTimes && index % 9 == 4 ? withTime.string(from: date) : local.string(from: date)
            let points = index % 13 == 0 ? nil : String((index * 37) % 250 - 50)
            return [
                day, "M\(String(format: "%03d", index % 31))", kinds[(index * 5) % kinds.count], points,
                String(format: "%.2f", Double((index * 5_347) % 40_000) / 100)
            ]
        }
    }

    /// Every bucket and measure, a series, a filter, and a sort with a limit (the buckets then stay in the SQL).
    static var blocks: String {
        var blocks: [String] = []
        for bucket in DateBucket.allCases {
            for measure in [
                "count: true", "sum: points", "avg: points", "sum: amount", "avg: amount", "min: points", "max: amount", "distinct: member"
            ] {
                blocks.append("```table\nsource: events\nx: { field: day, bucket: \(bucket.rawValue) }\ny: { \(measure) }\n```")
            }
        }
        blocks += [
            "```chart\ntype: stacked-bar\ntitle: Points\nsource: events\nx: { field: day, bucket: month }\ny: { sum: points }\nseries: kind\n```",
            "```kpi\ntitle: Points\nsource: events\nwhere: { points: { min: 1 }, day: { from: 2026-03-01, to: 2026-10-31 } }\n"
                + "x: { field: day, bucket: quarter }\ny: { sum: points }\n```",
            "```table\nsource: events\nx: { field: day, bucket: week }\ny: { sum: points }\nsort: -y\nlimit: 4\n```"
        ]
        return blocks.joined(separator: "\n\n")
    }

    static func page(_ zone: String, dataset: String, files: [String: String] = [:], environment: [String: String] = [:]) throws -> (
        String, [String]
    ) {
        let site = try ReportFeatureSite.make(config: "timezone: \(zone)\ndatasets:\n  events: \(dataset)\n", files: files)
        try ReportFeatureSite.report(site, blocks)
        var options = BuildOptions(siteFolder: SiteFolder(site.root))
        options.now = ContentDate.parse("2026-12-31", timeZone: TimeZone(identifier: "UTC")!)!
        options.environment = environment
        let result = Pipeline.run(options: options)
        return (result.text("reports/r/index.html") ?? "", result.messages)
    }

    static func csv(_ rows: [[String?]]) -> String {
        ([header.joined(separator: ",")] + rows.map { $0.map { $0 ?? "" }.joined(separator: ",") }).joined(separator: "\n") + "\n"
    }

    static func csvPage(_ zone: String, rows: [[String?]]) throws -> String {
        let (page, messages) = try page(
            zone, dataset: "{ file: stats/events.csv, schema: { day: date, member: string, kind: string, points: integer, amount: decimal } }",
            files: ["Content/stats/events.csv": csv(rows)])
        #expect(messages.isEmpty, "\(messages)")
        #expect(page.contains("<table"))
        return page
    }

    @Test("SQLite: a DATE column gives the CSV's page", arguments: ["Europe/Rome", "Asia/Kolkata"])
    func sqlite(zone: String) throws {
        let rows = Self.rows(timeZone: TimeZone(identifier: zone)!, sqliteTimes: true)
        let expected = try Self.csvPage(zone, rows: rows)
        let site = try ReportFeatureSite.make(
            config: "timezone: \(zone)\ndatasets:\n  events: { sqlite: stats/events.sqlite, table: events }\n", files: [:])
        try TestDatabases.sqlite(
            site.root.appendingPathComponent("Content/stats/events.sqlite"),
            ["CREATE TABLE events (day DATE, member TEXT, kind TEXT, points INTEGER, amount REAL)"],
            rows: rows, insert: "INSERT INTO events VALUES (?1, ?2, ?3, ?4, ?5)")
        try ReportFeatureSite.report(site, Self.blocks)
        let result = site.build()
        #expect(result.messages.isEmpty, "\(result.messages)")
        SQLEquivalenceTests.expectSame(result.text("reports/r/index.html") ?? "", expected)
    }

    @Test("PostgreSQL: a date column gives the CSV's page", arguments: ["Europe/Rome", "Asia/Kolkata"])
    func postgres(zone: String) throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let rows = Self.rows(timeZone: TimeZone(identifier: zone)!)
        let expected = try Self.csvPage(zone, rows: rows)
        let table = TestDatabases.tableName("days")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("events.csv")
        try Data(Self.csv(rows).utf8).write(to: csv)
        try TestDatabases.psql(
            url,
            [
                "-c", "CREATE TABLE \(table) (day date, member text, kind text, points integer, amount double precision)",
                "-c", "\\copy \(table) FROM '\(csv.path)' WITH (FORMAT csv, HEADER true)"
            ])
        defer { _ = try? TestDatabases.psql(url, ["-c", "DROP TABLE \(table)"]) }
        let (page, messages) = try Self.page(
            zone, dataset: "{ postgres: { url: env:STATS_URL }, table: \(table) }", environment: ["STATS_URL": url])
        #expect(messages.isEmpty, "\(messages)")
        SQLEquivalenceTests.expectSame(page, expected)
    }

    /// What `MASTHEAD_TIMINGS=1` shows for each block: the day in GROUP BY, or the bucket where it must stay.
    @Test("the statements group by the day, but for sums of decimals, distinct counts and pushed limits", arguments: [SQLDialect.sqlite, .postgres])
    func statements(dialect: SQLDialect) throws {
        var source = StatsSource(
            name: "events", file: "", format: .csv,
            columns: [
                StatsColumn(name: "day", type: .date), StatsColumn(name: "member", type: .string), StatsColumn(name: "points", type: .integer),
                StatsColumn(name: "amount", type: .decimal)
            ],
            fileColumnCount: 4, join: nil, cacheKey: "dataset:events")
        source.database = DatabaseSource(
            engine: .sqlite(file: "x.sqlite"), relation: .table("events"), timeout: 30, poll: 10, relationLocation: SourceLocation(file: "x"))
        source.databaseTypes = [.date, .string, .integer, .decimal]
        source.databaseDays = [0]
        func sql(_ measure: Measure, limit: Int? = nil) -> String {
            var pushdown = SQLPushdown(dialect: dialect, source: source, timeZone: TimeZone(identifier: "Europe/Rome")!)
            let query = AggregationQuery(
                filters: [], x: .init(field: "day", rule: .bucket(.month)), measure: measure, series: nil,
                pushedOrder: limit.map { .init(descending: true, limit: $0, textX: false) })
            return pushdown.aggregate(query, filters: [])?.0.sql ?? ""
        }
        let notNumbers = dialect == .sqlite ? ", count(CASE WHEN typeof(t.\"points\") NOT IN ('integer', 'real', 'null') THEN 1 END)" : ""
        #expect(
            sql(.sum("points")) == "SELECT t.\"day\", count(t.\"points\"), sum(t.\"points\")\(notNumbers)\nFROM \"events\" AS t\nGROUP BY t.\"day\"")
        #expect(sql(.average("points")).contains("GROUP BY t.\"day\""))
        #expect(sql(.maximum("amount")).contains("GROUP BY t.\"day\""))
        // Sums of decimals added up by day could differ from the file's in their last digit.
        #expect(!sql(.sum("amount")).contains("GROUP BY t.\"day\""))
        #expect(!sql(.distinct("member")).contains("GROUP BY t.\"day\""))
        #expect(!sql(.count, limit: 3).contains("GROUP BY t.\"day\""))
        if dialect == .sqlite {
            // Months are grouped by their text (`2026-03`), their first day written once per group.
            let lines = sql(.distinct("member")).split(separator: "\n")
            #expect(lines.first?.hasSuffix(", 1, 7) || '-01', count(DISTINCT t.\"member\")") == true)
            #expect(lines.last?.hasPrefix("GROUP BY substr(") == true && lines.last?.hasSuffix(", 1, 7)") == true)
        }
        if dialect == .postgres {
            #expect(sql(.distinct("member")).contains("date_trunc('month', CAST(t.\"day\" AS timestamp)) AS g0"))
        }
        source.databaseDays = []
        #expect(!sql(.sum("points")).contains("GROUP BY t.\"day\""))
    }
}
