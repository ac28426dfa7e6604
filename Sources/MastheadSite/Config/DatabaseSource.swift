import Foundation
import MastheadContent
import MastheadSupport

/// A dataset read from a database instead of a file: `sqlite:` or `postgres:` in
/// `datasets:`, with the `table:` or read-only `query:` it reads.
package struct DatabaseSource: Sendable, Hashable {
    package enum Engine: Sendable, Hashable {
        /// A database file under Content/ (`Content/budget.sqlite`).
        case sqlite(file: String)
        /// A server whose URL is in this environment variable (`url: env:MASTHEAD_STATS_URL`).
        case postgres(urlVariable: String)
    }

    /// What the dataset reads: a table (or view) by name, or one SELECT or WITH statement.
    package enum Relation: Sendable, Hashable {
        case table(String)
        case query(String)
    }

    package var engine: Engine
    package var relation: Relation
    /// Seconds a statement may run (`timeout:`, default 30).
    package var timeout: Double
    /// Seconds between two times the preview asks a result again, to redraw the pages when it
    /// changed (`poll:`, default 10; `refresh:` is its older name).
    package var poll: Double
    /// A statement whose rows change whenever the dataset's do (`version:`, such as
    /// `SELECT max(id) FROM events` for a table rows are only added to): asked first, and when
    /// its rows are those of the last time, the dataset's results are taken as they were.
    package var version: String? = nil
    package var versionLocation: SourceLocation? = nil
    /// Where `query:` or `table:` is written, for problems with the statement.
    package var relationLocation: SourceLocation
    /// Where `sqlite:` or `postgres:` is written, for problems with the database itself.
    package var engineLocation: SourceLocation? = nil

    package var engineName: String {
        switch engine {
        case .sqlite: "sqlite"
        case .postgres: "postgres"
        }
    }
}

/// Reads the database keys of one `datasets:` entry.
enum DatabaseSourceReader {
    static let keys = ["sqlite", "postgres", "table", "query", "timeout", "poll", "refresh", "version"]
    static let postgresKeys = ["url"]
    static let defaultTimeout = 30.0
    static let defaultPoll = 10.0

    /// Nil when the entry names no database (a `file:` dataset) or has errors (reported in `reader`).
    static func read(_ name: String, _ reader: inout YAMLReader) -> DatabaseSource? {
        let engine: DatabaseSource.Engine
        if reader.has("sqlite") {
            guard let value = reader.string("sqlite") else { return nil }
            let fileName = SiteFolders.relativeToContent(value)
            guard !fileName.contains(".."), !fileName.hasPrefix("/"), !fileName.isEmpty else {
                reader.error(
                    "sqlite: expected a database file inside \(SiteFolders.content)/, like stats/\(name).sqlite, got \"\(value)\"",
                    at: reader.locationOf("sqlite"))
                return nil
            }
            engine = .sqlite(file: SiteFolders.inContent(fileName))
        } else if reader.has("postgres") {
            guard let variable = readPostgres(&reader) else { return nil }
            engine = .postgres(urlVariable: variable)
        } else {
            return nil
        }
        let relation: DatabaseSource.Relation
        let relationLocation: SourceLocation
        switch (reader.string("table"), reader.string("query")) {
        case (let table?, nil):
            relation = .table(table.trimmingCharacters(in: .whitespaces))
            relationLocation = reader.locationOf("table")
        case (nil, let query?):
            relation = .query(query)
            relationLocation = reader.locationOf("query")
        case (.some, .some):
            reader.error("datasets.\(name): name a table: or a query:, not both", at: reader.locationOf("query"))
            return nil
        case (nil, nil):
            reader.error(
                "datasets.\(name): a database dataset needs a table: (a table or view) or a query: (one SELECT or WITH statement)",
                at: reader.node.location)
            return nil
        }
        let timeout = seconds("timeout", &reader) ?? defaultTimeout
        let poll = seconds("poll", &reader) ?? seconds("refresh", &reader) ?? defaultPoll
        var source = DatabaseSource(engine: engine, relation: relation, timeout: timeout, poll: poll, relationLocation: relationLocation)
        if reader.has("version") {
            guard let version = reader.string("version"), !version.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                reader.error("version: expected a statement whose rows change whenever the dataset's do", at: reader.locationOf("version"))
                return nil
            }
            source.version = version
            source.versionLocation = reader.locationOf("version")
        }
        return source
    }

    /// `postgres: { url: env:NAME }`: the name of the variable; a URL written out is refused, so no password is committed.
    private static func readPostgres(_ reader: inout YAMLReader) -> String? {
        guard reader.node["postgres"]?.entries != nil else {
            // Not echoed: a URL written here may hold a password.
            reader.error(
                "postgres: expected { url: env:VARIABLE }, the environment variable holding the connection URL", at: reader.locationOf("postgres"))
            return nil
        }
        return reader.mapping("postgres") { postgres -> String? in
            postgres.warnAboutUnknownKeys(postgresKeys, what: "postgres")
            guard let url = postgres.string("url", required: true) else { return nil }
            let trimmed = url.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("env:"), case let variable = String(trimmed.dropFirst(4)), !variable.isEmpty,
                variable.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                // Never echo the value: it may be a URL with its password.
                postgres.error(
                    "postgres.url: expected env:VARIABLE, the environment variable holding the connection URL "
                        + "(a URL is never written in site.yml)",
                    at: postgres.locationOf("url"))
                return nil
            }
            return variable
        }
    }

    private static func seconds(_ key: String, _ reader: inout YAMLReader) -> Double? {
        guard let node = reader.node[key], !node.isNull else { return nil }
        guard let text = node.string, let value = Double(text), value.isFinite, value > 0 else {
            reader.error("\(key): expected a number of seconds above 0, got \(node.kindName)", at: node.location)
            return nil
        }
        return value
    }
}

extension DatabaseSourceReader {
    /// Whether the entry names a database, even one with errors (then it is not read as a file).
    static func namesDatabase(_ reader: YAMLReader) -> Bool { reader.has("sqlite") || reader.has("postgres") }
}
