import Foundation
import MastheadContent
import MastheadDatabases
import MastheadSupport

/// The results of database statements, by where they were asked and the statement with its
/// parameters. A build keeps them for its own blocks, and hands those of servers to the build
/// cache (`checks()`), which asks them again at the next build. The preview keeps them between
/// builds (`RebuildMemory`) and asks each again every `poll:` seconds (`poll(now:)`), so saving
/// a page does not query the server again, while a changed result redraws the pages.
public final class DatabaseResults: Sendable {
    struct Key: Hashable, Sendable {
        /// The database: its file with size and time, or its variable with the URL's hash.
        var database: String
        var statement: SQLPushdown.Statement
    }

    struct Entry: Sendable {
        var columns: [DatabaseColumn]
        var rows: [[DataValue]]
        /// When the rows were fetched, or last found unchanged.
        var fetched: Date
        /// Seconds between two polls of the preview (`poll:`).
        var poll: Double
        /// Where to ask the statement again, and within how many seconds.
        var connection: (any DatabaseConnection)? = nil
        var timeout: Double = 30
        /// `Self.digest` of the rows.
        var digest: String = ""
        /// The first block that asked it, for `masthead check --explain`.
        var askedBy: Asker? = nil
        /// The files whose blocks read it (documents, site.yml for named charts, catalogs for
        /// their `blocks:`): what a change of its rows makes stale.
        var readers: Set<String> = []
        /// Its dataset's `version:` as it was asked before the rows were: while the version
        /// gives those rows again, the rows are taken as they are.
        var version: Version? = nil
    }

    /// A dataset's `version:` statement and a digest of its rows.
    package struct Version: Sendable, Hashable, Codable {
        package var sql: String
        package var digest: String
    }

    /// Where a statement was asked, and what an index serving it would hold.
    struct Asker: Sendable {
        var location: SourceLocation
        var dataset: String
        /// The dataset's table; nil for a `query:`.
        var table: String?
        /// The columns, as SQL, of an index that would serve it (`SQLPushdown.indexColumns`).
        var indexColumns: [String]
    }

    private let entries = Locked<[Key: Entry]>([:])
    private let running = Locked<[Key: NSLock]>([:])
    /// The files whose blocks asked each SQLite file, by its path in the site, whether or not
    /// the statement succeeded: what a change of that file makes stale.
    private let sqliteReaders = Locked<[String: Set<String>]>([:])
    /// The last digest of each `version:` statement, by database and statement.
    private let versions = Locked<[Key: String]>([:])
    /// The last failure of each `version:` statement, and when it happened.
    private let failedVersions = Locked<[Key: (error: DatabaseError, at: Date)]>([:])

    public init() {}

    /// The result kept for `key`, with `reader` noted as one of the files reading it.
    func entry(_ key: Key, readBy reader: String) -> Entry? {
        entries.withLock { entries in
            guard entries[key] != nil else { return nil }
            entries[key]?.readers.insert(reader)
            return entries[key]
        }
    }

    func keep(_ entry: Entry, for key: Key) {
        var entry = entry
        if entry.digest.isEmpty { entry.digest = Self.digest(entry.rows) }
        entries.withLock { entries in
            entry.readers.formUnion(entries[key]?.readers ?? [])
            entries[key] = entry
        }
    }

    /// A digest of the rows of every result `file` reads; nil when it reads none. A page's
    /// fingerprint takes it (`Document.sourceHash`): the same bytes drawn from other rows are another page.
    package func digest(readBy file: String) -> String? {
        let digests = entries.withLock { entries in entries.values.filter { $0.readers.contains(file) }.map(\.digest) }
        return digests.isEmpty ? nil : StableHash.digest(digests.sorted().joined(separator: ","))
    }

    /// A digest of the rows of every result read by a file not in `documents`: site.yml's named
    /// charts and catalogs' `blocks:`, which pages show without a document of their own.
    package func digest(readByOtherThan documents: Set<String>) -> String {
        let digests = entries.withLock { entries in
            entries.values.filter { !$0.readers.isSubset(of: documents) }.map(\.digest)
        }
        return StableHash.digest(digests.sorted().joined(separator: ","))
    }

    /// Notes that `reader`'s blocks ask the SQLite file `file` (its path in the site).
    func noteReader(_ reader: String, ofSQLiteFile file: String) {
        sqliteReaders.withLock { _ = $0[file, default: []].insert(reader) }
    }

    /// The SQLite files asked so far, by their path in the site, with the files reading each:
    /// the build cache's `dbfile` lines, and what a saved database makes stale in the preview.
    package var sqliteFiles: [String: Set<String>] { sqliteReaders.withLock { $0 } }

    /// Forgets the results asked of these SQLite files (paths in the site): they changed.
    package func forget(sqliteFiles files: Set<String>) {
        entries.withLock { entries in
            entries = entries.filter { key, _ in !files.contains { key.database.hasPrefix("sqlite \($0) ") } }
        }
    }

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

    /// The version of a dataset on a database: its `version:` statement's rows, asked once a
    /// build (the preview asks it again at each poll, `poll(now:)`). A failure is kept for a
    /// few seconds, so the blocks waiting on the same version take it rather than each waiting
    /// out the timeout again: a statement's timeout is its timeout, however many blocks ask.
    func version(_ sql: String, of database: String, on connection: any DatabaseConnection, timeout: Double) -> Result<Version, DatabaseError> {
        let key = Key(database: database, statement: SQLPushdown.Statement(sql: sql, parameters: []))
        return oneAtATime(key) {
            if let digest = versions.withLock({ $0[key] }) { return .success(Version(sql: sql, digest: digest)) }
            if let failure = failedVersions.withLock({ $0[key] }), Date().timeIntervalSince(failure.at) < Self.failureKept {
                return .failure(failure.error)
            }
            switch Self.askVersion(sql, on: connection, timeout: timeout) {
            case .success(let digest):
                versions.withLock { $0[key] = digest }
                return .success(Version(sql: sql, digest: digest))
            case .failure(let error):
                failedVersions.withLock { $0[key] = (error, Date()) }
                return .failure(error)
            }
        }
    }

    /// How long a failed `version:` is answered from memory.
    static let failureKept: TimeInterval = 5

    /// The most rows a `version:` statement may return: a version is a number or a time, a
    /// handful of rows at most; a statement returning the table itself is a mistake, and would
    /// be held in memory at every build and poll.
    static let versionRowLimit = 100

    /// The digest of a `version:` statement's rows, or why it could not be asked; past
    /// `versionRowLimit` rows, an error (the rows are not kept).
    static func askVersion(_ sql: String, on connection: any DatabaseConnection, timeout: Double) -> Result<String, DatabaseError> {
        var rows: [[DataValue]] = []
        do throws(DatabaseError) {
            _ = try connection.run(sql, parameters: [], timeout: timeout) { (row: inout [DataValue]) throws(DatabaseError) in
                guard rows.count < versionRowLimit else {
                    throw DatabaseError(
                        .statement,
                        "the version: statement returns more than \(versionRowLimit) rows; a version is one value that changes"
                            + " with the data, such as SELECT max(updated_at) FROM the table")
                }
                rows.append(row)
            }
            return .success(digest(rows))
        } catch {
            return .failure(error)
        }
    }

    /// A statement's columns and rows, or why it could not be asked.
    static func ask(_ sql: String, parameters: [SQLParameter] = [], on connection: any DatabaseConnection, timeout: Double) -> Result<
        (columns: [DatabaseColumn], rows: [[DataValue]]), DatabaseError
    > {
        var rows: [[DataValue]] = []
        do throws(DatabaseError) {
            let columns = try connection.run(sql, parameters: parameters, timeout: timeout) { (row: inout [DataValue]) throws(DatabaseError) in
                rows.append(row)
            }
            return .success((columns, rows))
        } catch {
            return .failure(error)
        }
    }

    /// Asks again every result whose `poll:` seconds have passed since it was fetched: first its
    /// dataset's `version:`, once for all, and when that gives other rows (or there is none),
    /// the statement itself. A result that changed is kept in place of the old; one that can
    /// no longer be asked (the server is down, the table gone) is forgotten, so the next build
    /// asks it and reports why. Returns the files reading the results that changed or went: the
    /// pages drawn from them must be drawn again (`Changes.databaseReaders`).
    package func poll(now: Date) -> Set<String> {
        let due = entries.withLock { entries in
            entries.filter { $0.value.connection != nil && now.timeIntervalSince($0.value.fetched) >= $0.value.poll }
        }
        guard !due.isEmpty else { return [] }
        // Each version once, on the connection of one of its results.
        var asked: [Key: (any DatabaseConnection, Double)] = [:]
        for (key, entry) in due {
            guard let version = entry.version, let connection = entry.connection else { continue }
            asked[Key(database: key.database, statement: SQLPushdown.Statement(sql: version.sql, parameters: []))] = (connection, entry.timeout)
        }
        let versionDigests: [Key: String?] = Dictionary(
            uniqueKeysWithValues: parallelMap(Array(asked)) { key, place -> (Key, String?) in
                (key, try? Self.askVersion(key.statement.sql, on: place.0, timeout: place.1).get())
            })
        versions.withLock { versions in
            for (key, digest) in versionDigests { versions[key] = digest }
        }
        let answers = parallelMap(Array(due)) { element -> (Key, Entry?) in
            let (key, entry) = element
            guard let connection = entry.connection else { return (key, entry) }
            if let version = entry.version,
                versionDigests[Key(database: key.database, statement: SQLPushdown.Statement(sql: version.sql, parameters: []))] == version.digest
            {
                var same = entry
                same.fetched = now
                return (key, same)
            }
            guard let (_, rows) = try? Self.ask(key.statement.sql, parameters: key.statement.parameters, on: connection, timeout: entry.timeout).get()
            else { return (key, nil) }
            var fresh = entry
            fresh.fetched = now
            if let version = entry.version {
                // Asked before the statement, so a row added since is never missed.
                let key = Key(database: key.database, statement: SQLPushdown.Statement(sql: version.sql, parameters: []))
                fresh.version = versionDigests[key]?.map { Version(sql: version.sql, digest: $0) }
            }
            let digest = Self.digest(rows)
            if digest != entry.digest {
                fresh.rows = rows
                fresh.digest = digest
            }
            return (key, fresh)
        }
        var stale: Set<String> = []
        entries.withLock { entries in
            for (key, answer) in answers {
                let readers = entries[key]?.readers ?? []
                if var answer {
                    if answer.digest != entries[key]?.digest { stale.formUnion(readers) }
                    answer.readers = readers
                    entries[key] = answer
                } else {
                    entries.removeValue(forKey: key)
                    stale.formUnion(readers)
                }
            }
        }
        return stale
    }

    /// The statements this build sent to PostgreSQL servers, with a digest of their rows, for
    /// the build cache: a server is no file, so the next build asks them again (`DatabaseCheck.changedReaders`).
    /// SQLite files are inputs of the cache already, by their bytes.
    package func checks() -> [DatabaseCheck] {
        entries.withLock { entries in
            entries.compactMap { key, entry -> DatabaseCheck? in
                guard let server = entry.connection as? PostgresServer else { return nil }
                var check = DatabaseCheck(
                    variable: server.variable, database: key.database, timeZone: server.timeZone.identifier, timeout: entry.timeout,
                    statement: key.statement, digest: entry.digest, readers: entry.readers.sorted())
                // With a version, the rows themselves: while it is unchanged, the next build takes them without asking.
                if let version = entry.version {
                    check.version = version
                    check.columns = entry.columns
                    check.rows = entry.rows
                }
                return check
            }
            .sorted { ($0.database, $0.statement.sql, $0.digest) < ($1.database, $1.statement.sql, $1.digest) }
        }
    }

    /// A digest of rows, the same for the same values.
    /// In any order: a `GROUP BY` gives its groups in the order its plan makes them (parallel
    /// workers on a large table change it from one run to the next), and Masthead orders them
    /// itself, so the same groups are the same result.
    static func digest(_ rows: [[DataValue]]) -> String {
        var lines: [String] = []
        lines.reserveCapacity(rows.count)
        for row in rows {
            var text = ""
            for value in row {
                switch value {
                case .null: text += "n"
                case .string(let string): text += "s\(string.utf8.count):\(string)"
                case .integer(let number): text += "i\(number)"
                case .decimal(let number): text += "d\(number.bitPattern)"
                case .boolean(let flag): text += flag ? "t" : "f"
                case .date(let date): text += "D\(date.timeIntervalSince1970.bitPattern)"
                case .list(let items): text += "l\(items.count):" + items.map { "\($0.utf8.count):\($0)" }.joined()
                }
                text += ","
            }
            lines.append(text)
        }
        return StableHash.digest(lines.sorted().joined(separator: "\n"))
    }

    /// Every statement kept with the block that asked it, in a fixed order.
    func asked() -> [(statement: SQLPushdown.Statement, entry: Entry)] {
        entries.withLock { entries in
            entries.map { ($0.key.statement, $0.value) }
        }
        .sorted { first, second in
            let (a, b) = (first.entry.askedBy?.location, second.entry.askedBy?.location)
            return (a?.file ?? "", a?.line ?? 0, a?.column ?? 0, first.statement.sql) < (
                b?.file ?? "", b?.line ?? 0, b?.column ?? 0, second.statement.sql
            )
        }
    }

    /// Results kept now, for tests and the timings.
    package var count: Int { entries.withLock { $0.count } }
}

/// One statement a build sent to a PostgreSQL server and a digest of its rows: a line of
/// the build cache's manifest, asked again at the next build (`changedReaders`).
package struct DatabaseCheck: Sendable, Hashable, Codable {
    /// The environment variable holding the server's URL.
    package var variable: String
    /// `postgres VARIABLE HASH-OF-URL`: another URL is another database.
    package var database: String
    package var timeZone: String
    package var timeout: Double
    var statement: SQLPushdown.Statement
    package var digest: String
    /// The files whose blocks read it: what the next build draws again when its rows change.
    package var readers: [String]
    /// Its dataset's `version:` when it has one, with the columns and rows it gave.
    var version: DatabaseResults.Version? = nil
    var columns: [DatabaseColumn]? = nil
    var rows: [[DataValue]]? = nil

    /// Every check asked again, several at a time: a check with a version asks the version
    /// (once for all its checks), and only when that changed, or without one, the statement.
    /// When each gives the rows it gave, none; otherwise the files reading those that changed
    /// or can no longer be asked, and `results` keeps the rows of each, so the build that
    /// follows takes them instead of sending every statement a second time.
    package static func changedReaders(_ checks: [DatabaseCheck], environment: [String: String], keepingIn results: DatabaseResults) -> Set<
        String
    > {
        guard !checks.isEmpty else { return [] }
        var versions = Set<VersionAsked>()
        for check in checks { if let version = check.version { versions.insert(VersionAsked(check: check, sql: version.sql)) } }
        let versionDigests: [VersionAsked: String?] = Dictionary(
            uniqueKeysWithValues: parallelMap(Array(versions)) { asked -> (VersionAsked, String?) in
                guard let server = asked.check.server(environment: environment) else { return (asked, nil) }
                return (asked, try? DatabaseResults.askVersion(asked.sql, on: server, timeout: asked.check.timeout).get())
            })
        let answers = parallelMap(checks) { check -> Answer? in
            if let version = check.version, let columns = check.columns, let rows = check.rows,
                versionDigests[VersionAsked(check: check, sql: version.sql)] == version.digest,
                let server = check.server(environment: environment)
            {
                return Answer(server: server, columns: columns, rows: rows, digest: check.digest, version: version, asked: false)
            }
            guard var answer = check.ask(environment: environment) else { return nil }
            if let version = check.version, let digest = versionDigests[VersionAsked(check: check, sql: version.sql)] ?? nil {
                answer.version = DatabaseResults.Version(sql: version.sql, digest: digest)
            }
            return answer
        }
        if PhaseTimer.isEnabled {
            let taken = answers.filter { $0?.asked == false }.count
            StandardError.write(
                "masthead: database checks: \(versions.count) version\(versions.count == 1 ? "" : "s") asked, \(checks.count - taken) "
                    + "statement\(checks.count - taken == 1 ? "" : "s") asked again, \(taken) taken as they were (version unchanged)\n")
        }
        let changed = zip(checks, answers).filter { check, answer in answer?.digest != check.digest }.map { check, _ in check }
        guard !changed.isEmpty else { return [] }
        for (check, answer) in zip(checks, answers) {
            guard let answer else { continue }
            let entry = DatabaseResults.Entry(
                columns: answer.columns, rows: answer.rows, fetched: Date(), poll: 0, connection: answer.server, timeout: check.timeout,
                digest: answer.digest, version: answer.version)
            results.keep(entry, for: DatabaseResults.Key(database: check.database, statement: check.statement))
        }
        return Set(changed.flatMap(\.readers))
    }

    /// The check without its version and rows: its statement is asked at the next build.
    package var withoutRows: DatabaseCheck {
        var check = self
        check.version = nil
        check.columns = nil
        check.rows = nil
        return check
    }

    /// A version statement on one database, asked once by `changedReaders`.
    private struct VersionAsked: Hashable, Sendable {
        var check: DatabaseCheck
        var sql: String

        static func == (first: Self, second: Self) -> Bool { first.check.database == second.check.database && first.sql == second.sql }
        func hash(into hasher: inout Hasher) {
            hasher.combine(check.database)
            hasher.combine(sql)
        }
    }

    /// A check's statement asked again, or its rows taken as they were.
    struct Answer: Sendable {
        var server: PostgresServer
        var columns: [DatabaseColumn]
        var rows: [[DataValue]]
        var digest: String
        var version: DatabaseResults.Version? = nil
        /// False when the rows were taken as they were, their version unchanged.
        var asked = true
    }

    /// The server the check asked, when its variable still holds the same URL.
    func server(environment: [String: String]) -> PostgresServer? {
        guard let text = environment[variable], !text.isEmpty,
            "postgres \(variable) \(StableHash.digest(Data(text.utf8)))" == database,
            case .success(let url) = PostgresURL.parse(text), let zone = TimeZone(identifier: timeZone)
        else { return nil }
        return PostgresServer(url: url, variable: variable, timeZone: zone, environment: environment)
    }

    /// The statement asked again: its server, columns, rows and their digest; nil when it cannot
    /// be asked (the build then asks it and reports why).
    func ask(environment: [String: String]) -> Answer? {
        guard let server = server(environment: environment) else { return nil }
        guard let (columns, rows) = try? DatabaseResults.ask(statement.sql, parameters: statement.parameters, on: server, timeout: timeout).get()
        else { return nil }
        return Answer(server: server, columns: columns, rows: rows, digest: DatabaseResults.digest(rows))
    }
}
