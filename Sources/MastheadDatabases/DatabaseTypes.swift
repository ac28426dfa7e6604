import Foundation
import MastheadContent

/// A column of a database's result, with the type Masthead reads its values as.
package struct DatabaseColumn: Sendable, Hashable, Codable {
    package var name: String
    package var type: FieldType
    /// The database's own type name (`DATE`, `TIMESTAMPTZ`, `INTEGER`), as it declares it.
    package var databaseType: String = ""

    /// A day without a time of day: PostgreSQL's `date`, a column SQLite declares `DATE`.
    package var holdsDays: Bool { databaseType.uppercased() == "DATE" }
}

/// A value bound to a statement's placeholder: never spliced into its text.
package enum SQLParameter: Sendable, Hashable, Codable {
    case text(String)
    case integer(Int)
    case decimal(Double)
    case boolean(Bool)
    /// An instant (PostgreSQL) or its seconds since 1970 (SQLite).
    case date(Date)
}

/// What went wrong with a database, in Masthead's words. It never holds the URL or a password.
package struct DatabaseError: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The server cannot be reached, refuses the login, or has no such database; the file cannot be opened.
        case connection
        /// The statement is refused or fails (an unknown table or column, a cast that fails).
        case statement
        /// The statement ran past `timeout:`.
        case timeout
        /// The connection ended while rows were coming.
        case lost
    }

    package var kind: Kind
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// How one database writes what the pushdown needs.
package enum SQLDialect: Sendable {
    case sqlite, postgres

    /// `"name"`, doubled quotes inside.
    package func identifier(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// A table as `site.yml` names it, `schema.table` or `table`, each part quoted.
    package func tableName(_ name: String) -> String { name.split(separator: ".").map { identifier(String($0)) }.joined(separator: ".") }

    /// The placeholder of the parameter at `index` (from 1).
    package func placeholder(_ index: Int) -> String { self == .postgres ? "$\(index)" : "?\(index)" }
}

/// One database a dataset reads, opened for one statement at a time. `run` streams the
/// statement's rows to `onRow` as raw values (`DataValue`s of the database's own kind:
/// numbers, text, booleans, instants) and returns the result's columns, typed from the
/// database's types. Every statement runs read-only, within `timeout` seconds.
package protocol DatabaseConnection: Sendable {
    var dialect: SQLDialect { get }
    func run(
        _ sql: String, parameters: [SQLParameter], timeout: Double,
        onRow: (inout [DataValue]) throws(DatabaseError) -> Void
    ) throws(DatabaseError) -> [DatabaseColumn]
}

extension FieldType {
    /// The type Masthead reads a column of this declared SQL type as (SQLite's affinity rules, PostgreSQL's names).
    static func ofSQLType(_ declared: String) -> FieldType {
        let name = declared.lowercased()
        if name.contains("bool") { return .boolean }
        if name.contains("date") || name.contains("time") { return .date }
        if name.contains("int") || name == "serial" || name == "bigserial" { return .integer }
        if ["real", "floa", "doub", "numeric", "decimal"].contains(where: name.contains) { return .decimal }
        return .string
    }
}

extension DataValue {
    /// A database's raw value read as `type`, as the same text in a CSV file would be: text
    /// goes through `DataValue.parse`, numbers and instants are converted; the rest is an error.
    package func typed(as type: FieldType, timeZone: TimeZone) -> Result<DataValue, DataValueError> {
        switch (self, type) {
        case (.null, _): return .success(.null)
        case (.string(let text), .string): return .success(text.isEmpty ? .null : self)
        case (.string(let text), _): return DataValue.parse(text, as: type, timeZone: timeZone)
        case (.integer, .integer), (.decimal, .decimal), (.boolean, .boolean), (.date, .date): return .success(self)
        case (.integer(let number), .decimal): return .success(.decimal(Double(number)))
        case (.integer(let number), .boolean) where number == 0 || number == 1: return .success(.boolean(number == 1))
        case (.integer(let number), .date): return .success(.date(Date(timeIntervalSince1970: Double(number))))
        case (.decimal(let number), .integer) where number == number.rounded() && abs(number) < 9.2e18:
            return .success(.integer(Int(number)))
        case (.decimal(let number), .date): return .success(.date(Date(timeIntervalSince1970: number)))
        case (.integer(let number), .string): return .success(.string(String(number)))
        case (.decimal(let number), .string): return .success(.string(String(number)))
        case (.boolean(let flag), .string): return .success(.string(flag ? "true" : "false"))
        case (.date(let date), .string): return .success(.string(date.formatted(.iso8601)))
        default: return .failure(DataValueError(type: type, text: rawText))
        }
    }

    /// The value as it would be written, for messages.
    var rawText: String {
        switch self {
        case .null: ""
        case .string(let text): text
        case .integer(let number): String(number)
        case .decimal(let number): String(number)
        case .boolean(let flag): flag ? "true" : "false"
        case .date(let date): date.formatted(.iso8601)
        case .list(let items): items.joined(separator: "; ")
        }
    }
}
