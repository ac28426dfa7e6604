import Foundation
import Testing

@testable import MastheadBuild
@testable import MastheadContent
@testable import MastheadDatabases
@testable import MastheadReports
@testable import MastheadSupport

/// Blocks are drawn in parallel: equal statements asked at the same time are sent once.
@Suite("Database results kept within a build")
struct DatabaseResultsTests {
    @Test("an equal statement asked while the first runs waits for it and takes its result")
    func equalStatementsAskedTogetherAreSentOnce() {
        let results = DatabaseResults()
        let key = DatabaseResults.Key(
            database: "sqlite stats/events.sqlite", statement: .init(sql: "SELECT count(DISTINCT member) FROM events", parameters: []))
        let other = DatabaseResults.Key(database: key.database, statement: .init(sql: "SELECT count(*) FROM events", parameters: []))
        let sent = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let asked = index.isMultiple(of: 4) ? other : key
            let rows = results.oneAtATime(asked) { () -> Int in
                if let kept = results.entry(asked, readBy: "Content/reports/r\(index).md") { return kept.rows.count }
                sent.withLock { $0.append(asked.statement.sql) }
                Thread.sleep(forTimeInterval: 0.05)  // a statement taking its time on the server
                results.keep(
                    .init(columns: [], rows: [[.integer(7)]], fetched: Date(), poll: 10, readers: ["Content/reports/r\(index).md"]), for: asked)
                return 1
            }
            #expect(rows == 1)
        }
        #expect(sent.withLock { $0.sorted() } == ["SELECT count(*) FROM events", "SELECT count(DISTINCT member) FROM events"])
    }

    @Test("each result knows the files reading it, and a file's digest follows the rows it reads")
    func readersAndTheirDigests() {
        let results = DatabaseResults()
        let key = DatabaseResults.Key(database: "sqlite stats/events.sqlite", statement: .init(sql: "SELECT 1", parameters: []))
        let chart = DatabaseResults.Key(database: key.database, statement: .init(sql: "SELECT 2", parameters: []))
        results.keep(.init(columns: [], rows: [[.integer(7)]], fetched: Date(), poll: 10, readers: ["Content/pages/a.md"]), for: key)
        #expect(results.entry(key, readBy: "Content/articles/b.md")?.readers == ["Content/pages/a.md", "Content/articles/b.md"])
        #expect(results.digest(readBy: "Content/articles/c.md") == nil)
        let before = results.digest(readBy: "Content/pages/a.md")
        #expect(before != nil && before == results.digest(readBy: "Content/articles/b.md"))
        // New rows for the same statement: another digest for its readers, which keeps them.
        results.keep(.init(columns: [], rows: [[.integer(8)]], fetched: Date(), poll: 10), for: key)
        #expect(results.digest(readBy: "Content/pages/a.md") != before)
        #expect(results.entry(key, readBy: "Content/pages/a.md")?.readers.count == 2)
        // Rows read by no document (site.yml's named charts): in the digest of the others only.
        let documents: Set<String> = ["Content/pages/a.md", "Content/articles/b.md"]
        let withoutChart = results.digest(readByOtherThan: documents)
        results.keep(.init(columns: [], rows: [[.integer(9)]], fetched: Date(), poll: 10, readers: ["Content/site.yml"]), for: chart)
        #expect(results.digest(readByOtherThan: documents) != withoutChart)
        #expect(results.digest(readByOtherThan: documents.union(["Content/site.yml"])) == withoutChart)
    }

    @Test("a check whose rows JSON cannot hold stays in the manifest without them, so it is asked again")
    func aCheckWithRowsJSONCannotHoldIsKeptWithoutThem() throws {
        var check = DatabaseCheck(
            variable: "STATS_URL", database: "postgres STATS_URL 1234", timeZone: "UTC", timeout: 30,
            statement: .init(sql: "SELECT avg(points) FROM events", parameters: []), digest: "d", readers: ["Content/reports/r.md"])
        check.version = DatabaseResults.Version(sql: "SELECT max(id) FROM events", digest: "v")
        check.columns = [DatabaseColumn(name: "avg", type: .decimal)]
        check.rows = [[.decimal(.nan)]]
        var manifest = BuildManifest(key: "k")
        manifest.databaseChecks = [
            check,
            DatabaseCheck(
                variable: "STATS_URL", database: "postgres STATS_URL 1234", timeZone: "UTC", timeout: 30,
                statement: .init(sql: "SELECT 1", parameters: []), digest: "e", readers: [], version: check.version, columns: [],
                rows: [[.integer(1)]])
        ]
        let parsed = try #require(BuildManifest.parse(manifest.serialized()))
        #expect(parsed.databaseChecks.map(\.statement.sql) == ["SELECT avg(points) FROM events", "SELECT 1"])
        #expect(parsed.databaseChecks[0].rows == nil && parsed.databaseChecks[0].version == nil)
        #expect(parsed.databaseChecks[0].readers == ["Content/reports/r.md"])
        #expect(parsed.databaseChecks[1].rows == [[.integer(1)]] && parsed.databaseChecks[1].version == check.version)
    }

    @Test("the same groups in another order are the same result; other values are not")
    func theDigestIgnoresTheOrderOfGroups() {
        let rows: [[DataValue]] = [[.string("code"), .integer(111)], [.string("bonus"), .integer(222)]]
        #expect(DatabaseResults.digest(rows) == DatabaseResults.digest(rows.reversed()))
        #expect(DatabaseResults.digest(rows) != DatabaseResults.digest([[.string("code"), .integer(222)], [.string("bonus"), .integer(111)]]))
        #expect(DatabaseResults.digest(rows) != DatabaseResults.digest([rows[0], rows[0]]))
    }
}
