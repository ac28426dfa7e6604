import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadReports

/// Database work with bounds (issue 57): a `version:` statement's timeout is its timeout however
/// many blocks ask it, and a `version:` returning more than a handful of rows is an error at its line.
@Suite("Databases: a version: statement's time and rows are bounded")
struct DatabaseBoundsTests {
    /// A site whose report has three blocks on one dataset, each a statement of its own.
    static func site(version: String) throws -> TestSite {
        let dataset = "{ sqlite: stats/events.sqlite, table: events, timeout: 1, version: \"\(version)\" }"
        let site = try ReportFeatureSite.make(config: "timezone: Europe/Rome\ndatasets:\n  events: \(dataset)\n", files: [:])
        let blocks = ["sum: points", "count: true", "max: points"].map { "```table\nsource: events\nx: kind\ny: { \($0) }\n```" }
        try ReportFeatureSite.report(site, blocks.joined(separator: "\n\n"))
        let rows = (0..<300).map { ["kind\($0 % 3)", String($0)] }
        try TestDatabases.sqlite(
            site.root.appendingPathComponent("Content/stats/events.sqlite"), ["CREATE TABLE events (kind TEXT, points INTEGER)"],
            rows: rows, insert: "INSERT INTO events VALUES (?1, ?2)")
        return site
    }

    @Test("a version: that never ends fails after its timeout once, not once per block")
    func versionTimeoutOnce() throws {
        let site = try Self.site(version: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
        let started = Date()
        let messages = site.build().messages
        let seconds = Date().timeIntervalSince(started)
        #expect(messages.contains { $0.contains("Content/site.yml:") && $0.contains("timeout") }, "\(messages)")
        #expect(seconds < 2.5, "\(seconds) s for a timeout of 1 s asked by three blocks")
    }

    @Test("a version: returning more than 100 rows is an error at its line")
    func versionRows() throws {
        let site = try Self.site(version: "SELECT points FROM events")
        let messages = site.build().messages
        #expect(
            messages.contains {
                $0.hasPrefix("Content/site.yml:") && $0.contains("datasets.events: the version: statement returns more than 100 rows")
            }, "\(messages)")
        let small = try Self.site(version: "SELECT max(points) FROM events")
        #expect(small.build().messages == [])
    }
}
