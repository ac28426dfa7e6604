import Foundation
import MastheadContent

/// What a database's own plan says about one statement: the tables it reads whole
/// (`masthead check --explain`). Read from PostgreSQL's `EXPLAIN (FORMAT JSON)` and
/// SQLite's `EXPLAIN QUERY PLAN`; the statement itself is not run.
package struct QueryPlan: Sendable, Equatable {
    /// A table read row by row from start to end: PostgreSQL's `Seq Scan`, SQLite's `SCAN`
    /// without an index.
    package struct FullScan: Sendable, Equatable {
        /// The table, as the plan names it (PostgreSQL's relation; SQLite's alias when it has one).
        package var table: String
        /// The plan's own words for it.
        package var node: String
    }

    package var fullScans: [FullScan]

    /// The nodes of PostgreSQL's JSON plan, walked from the top; nil when it is not one.
    init?(postgresJSON text: String) {
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]],
            let top = parsed.first?["Plan"] as? [String: Any]
        else { return nil }
        var scans: [FullScan] = []
        func walk(_ node: [String: Any]) {
            if node["Node Type"] as? String == "Seq Scan", let table = node["Relation Name"] as? String {
                let parallel = node["Parallel Aware"] as? Bool == true ? "Parallel " : ""
                scans.append(FullScan(table: table, node: "\(parallel)Seq Scan on \(table)"))
            }
            for child in node["Plans"] as? [[String: Any]] ?? [] { walk(child) }
        }
        walk(top)
        fullScans = scans
    }

    /// SQLite's `detail` lines: `SCAN t` reads the table whole; `SCAN t USING INDEX i`
    /// and `SEARCH t USING ...` read an index.
    init(sqliteDetails details: [String]) {
        fullScans = details.compactMap { detail in
            let words = detail.split(separator: " ").map(String.init)
            guard words.count >= 2, words[0] == "SCAN", !words.contains("USING"), !detail.contains("CONSTANT ROW") else { return nil }
            return FullScan(table: words[1], node: detail)
        }
    }
}

extension DatabaseConnection {
    /// The database's plan for a statement, with its parameters bound as they would be.
    package func plan(_ sql: String, parameters: [SQLParameter], timeout: Double) throws(DatabaseError) -> QueryPlan {
        var lines: [String] = []
        switch dialect {
        case .postgres:
            _ = try run("EXPLAIN (FORMAT JSON) " + sql, parameters: parameters, timeout: timeout) { (row: inout [DataValue]) throws(DatabaseError) in
                if case .string(let text)? = row.first { lines.append(text) }
            }
            guard let plan = QueryPlan(postgresJSON: lines.joined()) else {
                throw DatabaseError(.statement, "the server's plan could not be read")
            }
            return plan
        case .sqlite:
            _ = try run("EXPLAIN QUERY PLAN " + sql, parameters: parameters, timeout: timeout) { (row: inout [DataValue]) throws(DatabaseError) in
                if case .string(let detail)? = row.last { lines.append(detail) }
            }
            return QueryPlan(sqliteDetails: lines)
        }
    }

    /// The rows of a table: PostgreSQL's estimate from its statistics when it has one, else a count.
    package func rowCount(of table: String, timeout: Double) throws(DatabaseError) -> Int {
        var count = -1
        func read(_ row: inout [DataValue]) {
            switch row.first {
            case .integer(let number)?: count = number
            case .decimal(let number)?: count = Int(number)
            default: break
            }
        }
        let name = dialect.tableName(table)
        if dialect == .postgres {
            _ = try run("SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass($1)", parameters: [.text(name)], timeout: timeout) {
                (row: inout [DataValue]) throws(DatabaseError) in read(&row)
            }
            if count >= 0 { return count }
        }
        _ = try run("SELECT count(*) FROM \(name)", parameters: [], timeout: timeout) { (row: inout [DataValue]) throws(DatabaseError) in
            read(&row)
        }
        return max(count, 0)
    }
}
