import Foundation
import MastheadDatabases
import MastheadSupport

/// `masthead check --explain`: asks each database for its plan of every statement a build
/// sent it, and warns, at the block that asked it, of each that reads a whole large table,
/// with the index that would serve it. The plan is the database's own (`QueryPlan`): what it
/// would do with its indexes and statistics as they are now.
package enum DatabasePlans {
    /// Tables with fewer rows are read whole at little cost; a database prefers it.
    package static let largeTable = 10_000

    package static func warnings(_ results: DatabaseResults, largeTable: Int = largeTable) -> [Diagnostic] {
        var rowsByTable: [String: Int] = [:]
        var warnings: [Diagnostic] = []
        for (statement, entry) in results.asked() {
            guard let connection = entry.connection, let asker = entry.askedBy else { continue }
            let engine = connection.dialect == .postgres ? "PostgreSQL" : "SQLite"
            let plan: QueryPlan
            do throws(DatabaseError) {
                plan = try connection.plan(statement.sql, parameters: statement.parameters, timeout: entry.timeout)
            } catch {
                warnings.append(
                    .warning("dataset \(asker.dataset): \(engine) gave no plan for this block's statement: \(error.message)", at: asker.location))
                continue
            }
            for scan in plan.fullScans {
                // SQLite names the table by its alias: the pushdown reads the dataset's relation as `t`.
                let table = scan.table == "t" ? asker.table ?? scan.table : scan.table
                let key = "\(entry.askedBy?.dataset ?? "") \(table)"
                if rowsByTable[key] == nil {
                    rowsByTable[key] = (try? connection.rowCount(of: table, timeout: entry.timeout)) ?? 0
                }
                let rows = rowsByTable[key] ?? 0
                guard rows >= largeTable else { continue }
                warnings.append(.warning(message(asker: asker, engine: engine, table: table, rows: rows, node: scan.node), at: asker.location))
            }
        }
        return warnings
    }

    static func message(asker: DatabaseResults.Asker, engine: String, table: String, rows: Int, node: String) -> String {
        var count = String(rows)
        for place in stride(from: count.count - 3, to: 0, by: -3) { count.insert(",", at: count.index(count.startIndex, offsetBy: place)) }
        var text = "dataset \(asker.dataset): \(engine) reads the whole table \(table) (\(count) rows) for this block (its plan: \(node))"
        guard !asker.indexColumns.isEmpty else { return text }
        let columns = asker.indexColumns.joined(separator: ", ")
        if asker.table == table {
            text += "; an index would serve it: CREATE INDEX ON \(table) (\(columns))"
        } else {
            text += "; an index on the columns of \(table) that the query's \(columns) come from would serve it"
        }
        return text
    }
}
