import Foundation
import Synchronization

/// The results of database statements, by where they were asked and the statement with its
/// parameters. A build keeps them for its own blocks; the preview keeps them between
/// builds (`RebuildMemory`) until `refresh:` seconds have passed, so saving a page does not
/// query the server again, while a changed block or `site.yml` asks a new statement.
public final class DatabaseResults: Sendable {
    struct Key: Hashable, Sendable {
        /// The database: its file with size and time, or its variable with the URL's hash.
        var database: String
        var statement: SQLPushdown.Statement
    }

    struct Entry: Sendable {
        var columns: [DatabaseColumn]
        var rows: [[DataValue]]
        var fetched: Date
        var refresh: Double
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private let running = Mutex<[Key: NSLock]>([:])
    private let expiries = Mutex(0)

    /// Counts the times results were forgotten for age: part of the preview's context key, so
    /// documents drawn from them are parsed (and their blocks asked) again.
    public var generation: Int { expiries.withLock { $0 } }

    public init() {}

    func entry(_ key: Key) -> Entry? { entries.withLock { $0[key] } }

    func keep(_ entry: Entry, for key: Key) { entries.withLock { $0[key] = entry } }

    /// Runs `body` for `key` alone. Blocks are drawn in parallel: a second block asking the
    /// same statement waits for the first, then finds its result kept, so the statement is
    /// sent once (two equal `count(DISTINCT ...)` over 10 million rows took 21 s and 23 s side by side).
    func oneAtATime<Value>(_ key: Key, _ body: () -> Value) -> Value {
        let lock = running.withLock { running in
            if let lock = running[key] { return lock }
            let lock = NSLock()
            running[key] = lock
            return lock
        }
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Forgets results older than their `refresh:`; true when some were, so pages showing them are drawn again.
    public func expire(now: Date) -> Bool {
        entries.withLock { entries in
            let stale = entries.filter { now.timeIntervalSince($0.value.fetched) >= $0.value.refresh }.map(\.key)
            for key in stale { entries.removeValue(forKey: key) }
            if !stale.isEmpty { expiries.withLock { $0 += 1 } }
            return !stale.isEmpty
        }
    }

    /// Results kept now, for tests and the timings.
    public var count: Int { entries.withLock { $0.count } }
}
