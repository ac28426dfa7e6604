import Foundation
import MastheadContent
import MastheadSupport
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadDatabases

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

    /// A database of 2,000 events (several pages of 4 KB), its bytes.
    static func wholeDatabase() throws -> Data {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-whole-\(UUID().uuidString).sqlite")
        defer { try? FileManager.default.removeItem(at: url) }
        let rows = (0..<2000).map { ["kind\($0 % 7)", String($0)] }
        try TestDatabases.sqlite(url, ["CREATE TABLE events (kind TEXT, points INTEGER)"], rows: rows, insert: "INSERT INTO events VALUES (?, ?)")
        return try Data(contentsOf: url)
    }

    @Test("a truncated database (cut inside a page, or at a page's end) is an error at the sqlite: line, never empty tables")
    func truncated() throws {
        let whole = try Self.wholeDatabase()
        #expect(whole.count > 16384)
        #expect(try Self.build(file: whole) == [])
        for size in [5000, 8192, 100, 60] {
            let messages = try Self.build(file: whole.prefix(size))
            #expect(messages.count == 1, "\(size): \(messages)")
            #expect(
                messages.first?.hasPrefix(
                    "Content/site.yml:13:13: error: datasets.events: the SQLite database Content/stats/events.sqlite is damaged: ")
                    == true, "\(size): \(messages)")
        }
    }

    /// Builds the site with something that is not a file at the database's path, within 20 seconds.
    static func build(replacingDatabaseWith make: (String) throws -> Void) throws -> [String]? {
        let site = try ReportFeatureSite.make(
            config: "timezone: Europe/Rome\ndatasets:\n  events:\n    sqlite: stats/events.sqlite\n    table: events\n", files: [:])
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Content/stats"), withIntermediateDirectories: true)
        try make(site.root.appendingPathComponent("Content/stats/events.sqlite").path)
        try ReportFeatureSite.report(site, "```table\nsource: events\nx: kind\n```")
        let done = DispatchSemaphore(value: 0)
        let messages = Locked<[String]?>(nil)
        let options = site.options()
        Thread.detachNewThread {
            let built = Pipeline.run(options: options).messages
            messages.withLock { $0 = built }
            done.signal()
        }
        guard done.wait(timeout: .now() + 20) == .success else { return nil }
        return withExtendedLifetime(site) { messages.withLock { $0 } }
    }

    @Test("a folder or a FIFO at the database's path is named at the sqlite: line, and the build never waits on the FIFO")
    func notAFile() throws {
        let folder = try Self.build { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) }
        #expect(
            folder == [
                "Content/site.yml:13:13: error: datasets.events: Content/stats/events.sqlite is a folder, not an SQLite database file; "
                    + "export the database there as a file"
            ])
        let fifo = try Self.build { #expect(mkfifo($0, 0o644) == 0) }
        #expect(fifo != nil, "the build hung on the FIFO")
        #expect(
            fifo == [
                "Content/site.yml:13:13: error: datasets.events: Content/stats/events.sqlite is a FIFO (a named pipe), not an SQLite database file; "
                    + "export the database there as a file"
            ])
    }

    @Test("the header check: page counts and sizes")
    func headerArithmetic() {
        var header = [UInt8](repeating: 0, count: 100)
        header[16] = 0x10  // 4096-byte pages
        header[31] = 4  // 4 pages
        #expect(SQLiteConnection.truncation(header: Data(header), size: 16384, hasLog: false) == nil)
        #expect(SQLiteConnection.truncation(header: Data(header), size: 8192, hasLog: false)?.contains("counts 4 pages") == true)
        #expect(SQLiteConnection.truncation(header: Data(header), size: 8192, hasLog: true) == nil)
        #expect(SQLiteConnection.truncation(header: Data(header), size: 5000, hasLog: true)?.contains("not a whole number") == true)
        header[92] = 1  // the count is stale: only the size's multiple is checked
        #expect(SQLiteConnection.truncation(header: Data(header), size: 8192, hasLog: false) == nil)
    }

    /// A connection to a small database of one table, for the C boundary's tests.
    static func connection() throws -> (SQLiteConnection, URL) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-boundary-\(UUID().uuidString).sqlite")
        try TestDatabases.sqlite(url, ["CREATE TABLE t (a TEXT)"], rows: [["x"]], insert: "INSERT INTO t VALUES (?)")
        return (SQLiteConnection(path: url.path, displayPath: "t.sqlite", timeZone: TimeZone(identifier: "UTC")!), url)
    }

    /// What follows a statement is read while its C string lives: a short SQL text (a Swift small
    /// string, copied to the stack by withCString) read after it would be read from a dead buffer.
    @Test("text after a short statement is an error, read while the statement's C string is alive", arguments: ["select 1;x", "select 1; select 2"])
    func statementTail(sql: String) throws {
        let (connection, url) = try Self.connection()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: DatabaseError.self) { try connection.run(sql, parameters: [], timeout: 5) { _ in } }
        var rows: [[DataValue]] = []
        _ = try connection.run("select a from t;  ", parameters: [], timeout: 5) { rows.append($0) }
        #expect(rows == [[.string("x")]])
    }

    /// SQLite's text is copied by its length before the next step frees it: a NUL inside is kept,
    /// and a parameter bound as text is SQLite's own copy (SQLITE_TRANSIENT).
    @Test("a text value holding a NUL is read whole, by its length; a bound text parameter comes back intact")
    func textByLength() throws {
        let (connection, url) = try Self.connection()
        defer { try? FileManager.default.removeItem(at: url) }
        var rows: [[DataValue]] = []
        _ = try connection.run(
            "select 'a' || char(0) || 'b', ?, cast(x'63616666c3a8' as text)", parameters: [.text("caffè " + String(repeating: "x", count: 100))],
            timeout: 5
        ) { rows.append($0) }
        #expect(rows == [[.string("a\u{0}b"), .string("caffè " + String(repeating: "x", count: 100)), .string("caffè")]])
    }
}
