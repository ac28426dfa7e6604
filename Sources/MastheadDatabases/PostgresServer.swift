import CPostgres
import Foundation
import MastheadContent

/// A PostgreSQL server reached through libpq, PostgreSQL's own client library (the only
/// user of it). Each statement gets its own connection, opened as `psql` would open it
/// (the URL, then the `PG...` variables, `~/.pgpass`, `pg_service.conf`, `sslmode`), with
/// `default_transaction_read_only`, `statement_timeout` and the site's `TimeZone` set at
/// startup. The statement runs inside `BEGIN READ ONLY` and is always rolled back: whatever
/// a function it calls writes (a large object, a session setting) is undone, and the
/// connection, with its locks, ends with it. Values come in the text format.
package struct PostgresServer: DatabaseConnection {
    package let url: PostgresURL
    /// The environment variable the URL came from, to name the server in messages.
    package let variable: String
    package let timeZone: TimeZone
    /// Where libpq's `PG...` variables are read (the build's environment).
    package let environment: [String: String]
    package var dialect: SQLDialect { .postgres }

    package init(url: PostgresURL, variable: String, timeZone: TimeZone, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.url = url
        self.variable = variable
        self.timeZone = timeZone
        self.environment = environment
    }

    package func run(
        _ sql: String, parameters: [SQLParameter], timeout: Double,
        onRow: (inout [DataValue]) throws(DatabaseError) -> Void
    ) throws(DatabaseError) -> [DatabaseColumn] {
        let connection = try connect(timeout: timeout)
        defer { PQfinish(connection) }
        // One round trip: BEGIN, the statement and ROLLBACK are sent together (libpq's pipeline mode).
        guard PQenterPipelineMode(connection) == 1 else { throw lost(connection) }
        let values = parameters.map(Self.text)
        let types = parameters.map(Self.type)
        let sent =
            PQsendQueryParams(connection, "BEGIN READ ONLY", 0, nil, nil, nil, nil, 0) == 1
            && Self.withCStrings(values) { pointers in
                PQsendQueryParams(connection, sql, Int32(values.count), types, pointers, nil, nil, 0) == 1
            }
            && PQsendQueryParams(connection, "ROLLBACK", 0, nil, nil, nil, nil, 0) == 1
            && PQpipelineSync(connection) == 1
        guard sent else { throw lost(connection) }
        var columns: [DatabaseColumn] = []
        var failure: DatabaseError?
        // The results of BEGIN, of the statement and of ROLLBACK, each followed by a null, then the sync.
        for step in 0..<3 {
            while let result = PQgetResult(connection) {
                // The result owns every value PQgetvalue points to: `read` copies each row before this frees it.
                defer { PQclear(result) }
                let status = PQresultStatus(result)
                if status == PGRES_FATAL_ERROR, failure == nil {
                    failure = describe(result, connection)
                } else if step == 1, status == PGRES_TUPLES_OK, failure == nil {
                    do throws(DatabaseError) {
                        columns = try read(result, onRow: onRow)
                    } catch {
                        failure = error
                    }
                }
            }
            if PQstatus(connection) == CONNECTION_BAD { break }
        }
        if let failure { throw failure }
        if PQstatus(connection) == CONNECTION_BAD { throw lost(connection) }
        return columns
    }

    /// The rows of a result, handed over one at a time, and its columns.
    private func read(_ result: OpaquePointer, onRow: (inout [DataValue]) throws(DatabaseError) -> Void) throws(DatabaseError) -> [DatabaseColumn] {
        let count = PQnfields(result)
        let oids = (0..<count).map { PQftype(result, $0) }
        let columns = (0..<count).map { index in
            DatabaseColumn(
                name: String(cString: PQfname(result, index)), type: PostgresValues.fieldType(oids[Int(index)]),
                databaseType: PostgresValues.typeName(oids[Int(index)]))
        }
        let reader = PostgresValues(timeZone: timeZone)
        var row = [DataValue](repeating: .null, count: Int(count))
        for tuple in 0..<PQntuples(result) {
            for index in 0..<count {
                if PQgetisnull(result, tuple, index) == 1 {
                    row[Int(index)] = .null
                } else {
                    // Read by its length (a value may hold a NUL in bytea's text form): copied into a Swift value.
                    row[Int(index)] = reader.value(
                        PQgetvalue(result, tuple, index), count: Int(PQgetlength(result, tuple, index)), oid: oids[Int(index)])
                }
            }
            try onRow(&row)
        }
        return columns
    }

    private func connect(timeout: Double) throws(DatabaseError) -> OpaquePointer {
        var settings: [(String, String)] = []
        // libpq's variables from the build's environment first, then the URL's settings, which win, as in libpq.
        if let defaults = PQconndefaults() {
            var option = defaults
            while let keyword = option.pointee.keyword {
                if let name = option.pointee.envvar.map({ String(cString: $0) }), let value = environment[name], !value.isEmpty {
                    settings.append((String(cString: keyword), value))
                }
                option += 1
            }
            PQconninfoFree(defaults)
        }
        settings += url.settings.filter { $0.keyword != "options" }
        let startup = [
            "-c default_transaction_read_only=on",
            "-c statement_timeout=\(Int((timeout * 1000).rounded(.up)))",
            // Dates and wall-clock timestamps are read, and buckets cut, in the site's time zone.
            "-c TimeZone=\(timeZone.identifier.replacingOccurrences(of: " ", with: "\\ "))",
            "-c DateStyle=ISO"
        ]
        settings.append(("options", ([url.value("options")].compactMap { $0 } + startup).joined(separator: " ")))
        settings.append(("fallback_application_name", "masthead"))
        if url.value("connect_timeout") == nil && environment["PGCONNECT_TIMEOUT"] == nil { settings.append(("connect_timeout", "10")) }
        let connection = Self.withCStrings(settings.map(\.0)) { keywords in
            Self.withCStrings(settings.map(\.1)) { values in PQconnectdbParams(keywords, values, 0) }
        }
        guard let connection else { throw DatabaseError(.connection, "cannot reach the PostgreSQL server of \(variable): out of memory") }
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        guard PQstatus(connection) == CONNECTION_OK else {
            let error = describeConnection(connection)
            PQfinish(connection)
            throw error
        }
        return connection
    }

    /// `the PostgreSQL server of STATS_URL (127.0.0.1:5432)`: the host and port libpq tried, never the URL.
    private func server(_ connection: OpaquePointer) -> String {
        let host = PQhost(connection).map { String(cString: $0) } ?? ""
        let port = PQport(connection).map { String(cString: $0) } ?? ""
        return "the PostgreSQL server of \(variable) (\(host.isEmpty ? "localhost" : host):\(port.isEmpty ? "5432" : port))"
    }

    /// Why the connection failed, from libpq's message (its last attempt's reason, after `failed:`).
    private func describeConnection(_ connection: OpaquePointer) -> DatabaseError {
        let message = PQerrorMessage(connection).map { String(cString: $0) } ?? ""
        let attempt = message.components(separatedBy: "failed: ").last ?? message
        var reason = (attempt.split(separator: "\n").first.map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
        for prefix in ["FATAL:  ", "ERROR:  "] where reason.hasPrefix(prefix) { reason = String(reason.dropFirst(prefix.count)) }
        let user = PQuser(connection).map { String(cString: $0) } ?? ""
        let database = PQdb(connection).map { String(cString: $0) } ?? user
        let server = server(connection)
        if reason.contains("authentication failed") || reason.contains("role \"") && reason.contains("does not exist") {
            return DatabaseError(.connection, "\(server) refused the login of user '\(user)': \(reason)")
        }
        if reason.contains("no password supplied") {
            return DatabaseError(
                .connection, "\(server) asks a password of user '\(user)' and none was given (in the URL, PGPASSWORD or ~/.pgpass)")
        }
        if reason.hasPrefix("database \"") && reason.hasSuffix("does not exist") {
            return DatabaseError(.connection, "\(server) has no database '\(database)': \(reason)")
        }
        if reason.contains("does not support SSL") {
            return DatabaseError(.connection, "\(server) does not offer TLS, which the URL's sslmode asks for")
        }
        let lowered = reason.prefix(1).lowercased() + reason.dropFirst()
        return DatabaseError(.connection, "cannot reach \(server)\(lowered.isEmpty ? "" : ": \(lowered)")")
    }

    /// A statement's failure in Masthead's words: the server's own message, never the URL.
    private func describe(_ result: OpaquePointer, _ connection: OpaquePointer) -> DatabaseError {
        func field(_ code: Character) -> String? {
            PQresultErrorField(result, Int32(code.asciiValue!)).map { String(cString: $0) }
        }
        let message = field("M") ?? PQresultErrorMessage(result).map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        switch field("C") ?? "" {
        case "57014": return DatabaseError(.timeout, "the statement ran past its timeout: \(message)")
        case "57P01", "57P02", "57P03": return DatabaseError(.lost, "the connection to \(server(connection)) was lost: \(message)")
        case "" where PQstatus(connection) == CONNECTION_BAD: return lost(connection)
        default:
            let hint = field("H").map { " (\($0))" } ?? ""
            return DatabaseError(.statement, "\(message)\(hint)")
        }
    }

    private func lost(_ connection: OpaquePointer) -> DatabaseError {
        DatabaseError(.lost, "the connection to \(server(connection)) was lost")
    }

    /// A parameter in PostgreSQL's text format, typed as postgres-nio typed it (text, bigint, double, boolean, timestamptz).
    private static func text(_ parameter: SQLParameter) -> String {
        switch parameter {
        case .text(let text): text
        case .integer(let number): String(number)
        case .decimal(let number): number.isNaN ? "NaN" : number.isInfinite ? (number > 0 ? "Infinity" : "-Infinity") : "\(number)"
        case .boolean(let flag): flag ? "true" : "false"
        case .date(let date): PostgresValues.text(date)
        }
    }

    private static func type(_ parameter: SQLParameter) -> UInt32 {
        switch parameter {
        case .text: PostgresValues.OID.text
        case .integer: PostgresValues.OID.int8
        case .decimal: PostgresValues.OID.float8
        case .boolean: PostgresValues.OID.bool
        case .date: PostgresValues.OID.timestamptz
        }
    }

    /// `strings` as C strings for the length of `body`.
    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        return body(copies.map { UnsafePointer($0) } + [nil])
    }
}
