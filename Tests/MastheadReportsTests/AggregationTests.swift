import Foundation
import MastheadTesting
import Testing

@testable import MastheadCharts
@testable import MastheadContent
@testable import MastheadReports
@testable import MastheadSite
@testable import MastheadSupport

/// Aggregation over a small fixture whose results were worked out by hand.
@Suite("Reports: aggregation")
struct AggregationTests {
    static let events = """
        date,member,event,points,score
        2026-01-05,a,code,10,4
        2026-01-20,b,code,20,5
        2026-01-31,a,redemption,-50,
        2026-02-02,c,mission,100,3
        2026-02-15,a,code,30,2
        2026-04-01,b,code,0,1
        2026-04-10,b,questionnaire,25,5
        2026-12-31,c,code,40,4

        """

    /// The same rows as JSON Lines (one with its keys in another order, one with a null).
    static let eventsJSONLines = """
        {"date":"2026-01-05","member":"a","event":"code","points":10,"score":4}
        {"date":"2026-01-20","member":"b","event":"code","points":20,"score":5}
        {"member":"a","date":"2026-01-31","event":"redemption","points":-50,"score":null}
        {"date":"2026-02-02","member":"c","event":"mission","points":100,"score":3}
        {"date":"2026-02-15","member":"a","event":"code","points":30,"score":2}
        {"date":"2026-04-01","member":"b","event":"code","points":0,"score":1}
        {"date":"2026-04-10","member":"b","event":"questionnaire","points":25,"score":5}
        {"date":"2026-12-31","member":"c","event":"code","points":40,"score":4}
        """

    let site: TestSite
    let engine: ReportEngine

    init(engine: ReportEngine, site: TestSite) {
        self.engine = engine
        self.site = site
    }

    init() throws {
        site = try TestSite()
        try site.write("Content/stats/events.csv", Self.events)
        try site.write("Content/stats/events.jsonl", Self.eventsJSONLines)
        let (config, _) = SiteConfigLoader.load(siteFolder: SiteFolder(site.root))
        engine = ReportEngine(config: try #require(config), siteFolder: SiteFolder(site.root))
    }

    /// The table a chart block with these YAML lines asks for, sorted and cut as it asks.
    func table(_ yaml: String, source: String = "stats/events.csv") throws -> AggregateTable {
        let type = yaml.contains("bin") ? "histogram" : "bar"
        let node = try YAMLNode.parse("type: \(type)\nsource: \(source)\n" + yaml, file: "t.md").get()
        // A table block needs no x: the whole source is one row.
        let kind: BlockSpec.Kind = yaml.hasPrefix("x:") || yaml.contains("\nx:") ? .chart : .table
        let (parsed, problems) = BlockSpecParser.parse(node, kind: kind, location: SourceLocation(file: "t.md", line: 1))
        let spec = try #require(parsed, "\(problems)")
        switch engine.table(for: spec) {
        case .success(let table): return table.sorted(spec.sort, limit: spec.limit)
        case .failure(let problems):
            Issue.record("\(problems.diagnostics)")
            throw problems
        }
    }

    func months(_ table: AggregateTable) -> [String] {
        let format = ChartFormatter(language: "en", timeZone: TimeZone(identifier: "UTC")!)
        return table.x.map { if case .date(let date) = $0 { format.bucketLabel(date, .month) } else { "?" } }
    }

    func column(_ table: AggregateTable, _ series: Int = 0) -> [ReportNumber?] { table.values.map { $0[series] } }

    @Test("count per month, with the empty months in between filled with zero")
    func countPerMonth() throws {
        let table = try table("x: { field: date, bucket: month }\ny: { count: true }")
        #expect(
            months(table) == [
                "Jan 2026", "Feb 2026", "Mar 2026", "Apr 2026", "May 2026", "Jun 2026", "Jul 2026",
                "Aug 2026", "Sep 2026", "Oct 2026", "Nov 2026", "Dec 2026"
            ])
        #expect(column(table) == [3, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1])
    }

    @Test("sum, average, min and max per month; a month with no rows has no average")
    func numericMeasures() throws {
        let sum = try table("x: { field: date, bucket: month }\ny: { sum: points }")
        #expect(column(sum).prefix(4) == [-20, 130, 0, 25])
        #expect(column(sum).last == 40)
        let average = try table("x: { field: date, bucket: month }\ny: { avg: points }")
        let values = column(average)
        #expect(abs((values[0]?.double ?? 0) - (-20.0 / 3)) < 1e-9)
        #expect(values[1] == 65 && values[2] == nil && values[3] == 12.5 && values[11] == 40)
        let minimum = try table("x: event\ny: { min: points }")
        #expect(minimum.x == [.text("code"), .text("mission"), .text("questionnaire"), .text("redemption")])
        #expect(column(minimum) == [0, 100, 25, -50])
        let maximum = try table("x: event\ny: { max: points }")
        #expect(column(maximum) == [40, 100, 25, -50])
    }

    @Test("distinct counts different members, not rows")
    func distinct() throws {
        let table = try table("x: { field: date, bucket: month }\ny: { distinct: member }")
        #expect(column(table).prefix(4) == [2, 2, 0, 1])
        #expect(try self.table("y: { distinct: member }\nx: event").values.map { $0[0] } == [3, 1, 1, 1])  // code: a, b and c
    }

    @Test("day, week (from Monday), quarter and year buckets")
    func buckets() throws {
        let days = try table("x: { field: date, bucket: day }\ny: { count: true }")
        #expect(days.x.count == 361)  // 5 January to 31 December
        #expect(column(days).compactMap { $0?.double }.reduce(0, +) == 8)
        let weeks = try table("x: { field: date, bucket: week }\ny: { count: true }")
        #expect(weeks.x.count == 52)  // the weeks of Monday 5 January to Monday 28 December
        #expect(column(weeks).prefix(6) == [1, 0, 1, 1, 1, 1])
        let format = ChartFormatter(language: "en", timeZone: TimeZone(identifier: "UTC")!)
        if case .date(let start) = weeks.x[2] { #expect(format.bucketLabel(start, .week) == "Jan 19, 2026") }
        let quarters = try table("x: { field: date, bucket: quarter }\ny: { count: true }")
        #expect(column(quarters) == [5, 2, 0, 1])
        if case .date(let start) = quarters.x[1] { #expect(format.bucketLabel(start, .quarter) == "Q2 2026") }
        let years = try table("x: { field: date, bucket: year }\ny: { sum: points }")
        #expect(column(years) == [175])
    }

    @Test("filters: a value, in, min, max, from and to (bounds included)")
    func filters() throws {
        func count(_ filter: String) throws -> ReportNumber? { try table("where: \(filter)\ny: { count: true }").values.first?[0] }
        #expect(try count("{ event: code }") == 5)
        #expect(try count("{ event: { in: [mission, questionnaire] } }") == 2)
        #expect(try count("{ points: { min: 1 } }") == 6)
        #expect(try count("{ points: { max: 20 } }") == 4)
        #expect(try count("{ points: { min: 0, max: 25 } }") == 4)
        #expect(try count("{ date: { from: 2026-02-01, to: 2026-04-10 } }") == 4)
        #expect(try count("{ event: code, member: b }") == 2)
    }

    @Test("sort by x or y either way, then limit keeps the first N")
    func sortAndLimit() throws {
        let top = try table("x: event\ny: { count: true }\nsort: -y\nlimit: 2")
        #expect(top.x == [.text("code"), .text("mission")])  // ties go by x
        #expect(column(top) == [5, 1])
        let ascending = try table("x: event\ny: { count: true }\nsort: y")
        #expect(ascending.x.last == .text("code"))
        let reversed = try table("x: event\ny: { count: true }\nsort: -x")
        #expect(reversed.x == [.text("redemption"), .text("questionnaire"), .text("mission"), .text("code")])
        let byX = try table("x: event\ny: { sum: points }\nsort: x\nlimit: 1")
        #expect(byX.x == [.text("code")] && column(byX) == [100])
    }

    @Test("series: one column per value of the series field")
    func series() throws {
        let table = try table("x: { field: date, bucket: month }\ny: { count: true }\nseries: event")
        #expect(table.series == ["code", "mission", "questionnaire", "redemption"])
        #expect(table.values[0] == [2, 0, 0, 1])
        #expect(table.values[1] == [1, 1, 0, 0])
    }

    @Test("histogram bins by width (aligned at multiples) and by explicit edges (last edge included)")
    func bins() throws {
        let byWidth = try table("x: { field: score, binWidth: 2 }\ny: { count: true }")
        #expect(byWidth.x == [.bin(0, 2), .bin(2, 4), .bin(4, 6)])
        #expect(column(byWidth) == [1, 2, 4])
        let byEdges = try table("x: { field: score, bins: [1, 3, 5] }\ny: { count: true }")
        #expect(column(byEdges) == [2, 5])
    }

    @Test("JSON Lines, streamed large-file reading and in-memory reading all give the same tables")
    func formatsAgree() throws {
        let yaml = "x: { field: date, bucket: month }\ny: { sum: points }\nseries: event"
        let fromCSV = try table(yaml)
        let fromJSONLines = try table(yaml, source: "stats/events.jsonl")
        #expect(fromCSV == fromJSONLines)
        engine.store.inMemoryLimit = 0
        let streamed = try table("x: { field: date, bucket: quarter }\ny: { avg: score }", source: "stats/events.jsonl")
        engine.store.inMemoryLimit = 32 << 20
        let inMemory = try table("x: { field: date, bucket: quarter }\ny: { avg: score }", source: "stats/events.csv")
        #expect(streamed == inMemory)
        #expect(column(inMemory) == [3.5, 3, nil, 4])  // (4 + 5 + 3 + 2) / 4: the empty score is left out
    }

    @Test("a large file is read once for all the queries collected, with the same tables as in memory")
    func largeFileReadOnce() throws {
        let byMonth = "x: { field: date, bucket: month }\ny: { sum: points }\nseries: event"
        let byMember = "x: member\ny: { avg: score }"
        let inMemory = try [table(byMonth), table(byMember)]
        // A new engine, so nothing is cached yet, treating every file as large.
        let (config, _) = SiteConfigLoader.load(siteFolder: SiteFolder(site.root))
        let streaming = try AggregationTests(engine: ReportEngine(config: #require(config), siteFolder: SiteFolder(site.root)), site: site)
        #expect(!streaming.engine.store.hasLargeFiles)
        streaming.engine.store.inMemoryLimit = 0
        #expect(streaming.engine.store.hasLargeFiles)
        streaming.engine.store.readTogether {
            _ = try? streaming.table(byMonth)
            _ = try? streaming.table(byMember)
        }
        // The file changes after that one reading: the collected queries keep what was read,
        // a query not collected reads the file again.
        try site.write("Content/stats/events.csv", "date,member,event,points,score\n2026-05-01,z,code,1,1\n")
        #expect(try [streaming.table(byMonth), streaming.table(byMember)] == inMemory)
        #expect(try streaming.table("x: member\ny: { count: true }").x == [.text("z")])
    }

    /// The buckets met are kept and searched; the counts must be the calendar's, also across
    /// daylight-saving changes and in zones with half-hour offsets and shifts, in any order of rows.
    @Test(
        "date buckets agree with the calendar in every time zone",
        arguments: ["Europe/Rome", "Asia/Kolkata", "Australia/Lord_Howe", "America/St_Johns"])
    func bucketsAgreeWithTheCalendar(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = 2  // weeks start on Monday, as in reports
        // Every 7 minutes 30 seconds over a year: each slot boundary, midnight and DST change is crossed.
        let dates = (0..<70_080).map { Date(timeIntervalSince1970: 1_767_225_600 + Double($0) * 450) }
        // Out of order, as events often are: 7,919 is prime to the count, so each date comes once.
        let shuffled = dates.indices.map { dates[($0 * 7_919) % dates.count] }
        for bucket in [DateBucket.day, .week, .month, .quarter, .year] {
            let query = AggregationQuery(filters: [], x: .init(field: "date", rule: .bucket(bucket), fixed: nil), measure: .count, series: nil)
            var aggregator = Aggregator(query: query, columns: [StatsColumn(name: "date", type: .date)], filters: [], timeZone: zone)
            for date in shuffled { aggregator.add([.date(date)]) }
            let table = try aggregator.result()
            var expected: [Date: Double] = [:]
            for date in dates {
                let start: Date
                switch bucket {
                case .day: start = calendar.startOfDay(for: date)
                case .week: start = try #require(calendar.dateInterval(of: .weekOfYear, for: date)).start
                case .month: start = try #require(calendar.dateInterval(of: .month, for: date)).start
                case .year: start = try #require(calendar.dateInterval(of: .year, for: date)).start
                case .quarter:
                    let parts = calendar.dateComponents([.year, .month], from: date)
                    start = try #require(calendar.date(from: DateComponents(year: parts.year, month: ((parts.month ?? 1) - 1) / 3 * 3 + 1, day: 1)))
                }
                expected[start, default: 0] += 1
            }
            let counted = Dictionary(
                uniqueKeysWithValues: zip(table.x, table.values.map { $0[0]?.double ?? 0 }).compactMap { key, count -> (Date, Double)? in
                    if case .date(let start) = key { return (start, count) } else { return nil }
                })
            #expect(counted == expected, "\(zoneName) \(bucket)")
        }
    }

    @Test("types are inferred from the first rows")
    func inference() throws {
        let source = try engine.store.source(named: "stats/events.csv", at: SourceLocation(file: "t.md")).get()
        #expect(source.columns.map(\.type) == [.date, .string, .string, .integer, .integer])
    }

    @Test("rows read ahead while documents parse give the tables and rows read when asked; a large or unknown source is left to the block")
    func readAhead() throws {
        let queries = [
            "x: { field: date, bucket: month }\ny: { sum: points }\nseries: event", "x: member\ny: { avg: score }", "y: { count: true }"
        ]
        let asked = try queries.map { try table($0) }
        let askedJSONLines = try queries.map { try table($0, source: "stats/events.jsonl") }
        let asker = SourceLocation(file: "Content/articles/a.md", line: 4, column: 1)
        let (config, _) = SiteConfigLoader.load(siteFolder: SiteFolder(site.root))
        let ahead = try AggregationTests(engine: ReportEngine(config: #require(config), siteFolder: SiteFolder(site.root)), site: site)
        ahead.engine.store.readAhead("stats/events.csv", at: asker)
        ahead.engine.store.readAhead("stats/events.jsonl", at: asker)
        ahead.engine.store.readAhead("stats/events.csv", at: asker)  // asked twice: read once
        #expect(try queries.map { try ahead.table($0) } == asked)
        #expect(try queries.map { try ahead.table($0, source: "stats/events.jsonl") } == askedJSONLines)
        // One mark per row (scatter, rows charts): the same rows, in file order.
        let source = try engine.store.source(named: "stats/events.csv", at: asker).get()
        let filter = Aggregator.ResolvedFilter.oneOf([.string("code")])
        let plain = try engine.store.matchingRows(source, filters: [(2, filter)], columns: [1, 3], limit: 3).get()
        let read = try ahead.engine.store.matchingRows(source, filters: [(2, filter)], columns: [1, 3], limit: 3).get()
        #expect(read.rows == plain.rows && read.total == plain.total)
        #expect(plain.total == 5 && plain.rows.map { $0[0] } == [.string("a"), .string("b"), .string("a")])

        // A name that is not a source: nothing read, and the block reports it where it stands.
        ahead.engine.store.readAhead("stats/nope.csv", at: asker)
        let node = try YAMLNode.parse("type: bar\nsource: stats/nope.csv\nx: member\ny: { count: true }", file: "t.md").get()
        let spec = try #require(BlockSpecParser.parse(node, kind: .chart, location: SourceLocation(file: "t.md", line: 1)).0)
        guard case .failure(let problems) = ahead.engine.table(for: spec) else {
            Issue.record("an unknown source gave a table")
            return
        }
        #expect(problems.diagnostics.map(\.message).contains { $0.contains("unknown statistics source 'stats/nope.csv'") })

        // Too large to keep: not read ahead; the block's query streams the file as before.
        let large = try AggregationTests(engine: ReportEngine(config: #require(config), siteFolder: SiteFolder(site.root)), site: site)
        large.engine.store.inMemoryLimit = 0
        large.engine.store.readAhead("stats/events.csv", at: asker)
        #expect(try queries.map { try large.table($0) } == asked)
    }

    @Test("a JSON Lines file streams in chunks: lines across chunk boundaries and a last line with no newline")
    func jsonLinesChunks() throws {
        var text = ""
        for index in 0..<5000 { text += "{\"n\": \(index), \"label\": \"row \\\"\(index)\\\" ü\"}\n" }
        text += "{\"n\": 5000, \"label\": \"last\"}"
        try site.write("Content/stats/many.jsonl", text)
        let reader = StatsRowReader(
            url: site.root.appendingPathComponent("Content/stats/many.jsonl"), path: "Content/stats/many.jsonl", format: .jsonLines)
        var rows = 0
        var total = 0
        var last = ""
        try reader.forEachRow(columns: ["n", "label"]) { row in
            rows += 1
            total += Int(row.fields[0]) ?? 0
            last = row.fields[1]
            return true
        }
        #expect(rows == 5001)
        #expect(total == 5000 * 5001 / 2)
        #expect(last == "last")
        var first = ""
        try reader.forEachRow(columns: ["label"]) { row in
            first = row.fields[0]
            return false
        }
        #expect(first == "row \"0\" ü")
    }
}
