import Foundation
import Testing

@testable import MastheadCore

/// An SQLite dataset whose file is empty or not a database is an error at the `sqlite:` line
/// that names it, saying so, not "no such table" at the query (issue 44, minor).
@Suite("Databases: SQLite files that are not databases")
struct SQLiteFileTests {
    /// site.yml's `sqlite:` line is 13 (after the minimal config, `timezone:`, `datasets:` and `events:`).
    static func build(file bytes: Data, relation: String = "table: events") throws -> [String] {
        let site = try ReportFeatureSite.make(
            config: "timezone: Europe/Rome\ndatasets:\n  events:\n    sqlite: stats/events.sqlite\n    \(relation)\n", files: [:])
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Content/stats"), withIntermediateDirectories: true)
        try bytes.write(to: site.root.appendingPathComponent("Content/stats/events.sqlite"))
        try ReportFeatureSite.report(site, "```table\nsource: events\nx: kind\n```")
        return site.build().messages
    }

    @Test("an empty file: at the sqlite: line, 'is empty'")
    func empty() throws {
        #expect(
            try Self.build(file: Data())
                == [
                    "Content/site.yml:13:13: error: datasets.events: the SQLite database Content/stats/events.sqlite is empty (0 bytes): "
                        + "it holds no tables; export the database again"
                ])
    }

    @Test(
        "a CSV, a text file, a truncated header, a PNG: at the sqlite: line, 'not an SQLite database', with a table or a query",
        arguments: [Data("kind,points\ncode,1\n".utf8), Data("hello".utf8), Data("SQLite format".utf8), Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0])])
    func notADatabase(bytes: Data) throws {
        let message =
            "Content/site.yml:13:13: error: datasets.events: Content/stats/events.sqlite is not an SQLite database "
            + "(it does not begin with SQLite's header \"SQLite format 3\")"
        #expect(try Self.build(file: bytes) == [message])
        #expect(try Self.build(file: bytes, relation: "query: \"SELECT kind FROM events\"") == [message])
    }
}
