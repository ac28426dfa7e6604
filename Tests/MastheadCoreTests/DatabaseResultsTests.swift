import Foundation
import Testing

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
                if let kept = results.entry(asked) { return kept.rows.count }
                sent.withLock { $0.append(asked.statement.sql) }
                Thread.sleep(forTimeInterval: 0.05)  // a statement taking its time on the server
                results.keep(.init(columns: [], rows: [[.integer(7)]], fetched: Date(), poll: 10), for: asked)
                return 1
            }
            #expect(rows == 1)
        }
        #expect(sent.withLock { $0.sorted() } == ["SELECT count(*) FROM events", "SELECT count(DISTINCT member) FROM events"])
    }
}
