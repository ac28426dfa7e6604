import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import Synchronization

/// A PostgreSQL server reached through postgres-nio (the only user of it). Each statement
/// gets its own connection, started read-only with a statement timeout
/// (`default_transaction_read_only`, `statement_timeout`), so every statement runs in a
/// read-only transaction whatever it holds. Rows are decoded on the connection's event loop
/// and handed to the caller's thread as they come.
public struct PostgresServer: DatabaseConnection {
    public let url: PostgresURL
    /// The environment variable the URL came from, to name the server in messages.
    public let variable: String
    public let timeZone: TimeZone
    public var dialect: SQLDialect { .postgres }

    public init(url: PostgresURL, variable: String, timeZone: TimeZone) {
        self.url = url
        self.variable = variable
        self.timeZone = timeZone
    }

    public func run(
        _ sql: String, parameters: [SQLParameter], timeout: Double,
        onRow: (inout [DataValue]) throws(DatabaseError) -> Void
    ) throws(DatabaseError) -> [DatabaseColumn] {
        let connection = try connect(timeout: timeout)
        defer { _ = try? connection.close().wait() }
        var bindings = PostgresBindings()
        for parameter in parameters {
            switch parameter {
            case .text(let text): bindings.append(text)
            case .integer(let number): bindings.append(number)
            case .decimal(let number): bindings.append(number)
            case .boolean(let flag): bindings.append(flag)
            case .date(let date): bindings.append(date)
            }
        }
        let queue = RowQueue()
        let zone = timeZone
        let done = connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: Self.logger) { row in
            queue.add(row, timeZone: zone)
        }
        done.whenComplete { result in
            switch result {
            case .success: queue.finish(nil)
            case .failure(let error): queue.finish(error)
            }
        }
        var columns: [DatabaseColumn]?
        while let (rows, described) = queue.next() {
            columns = columns ?? described
            for var row in rows { try onRow(&row) }
        }
        if let error = queue.failure { throw describe(error) }
        return columns ?? queue.columns ?? []
    }

    private static let logger: Logger = {
        var logger = Logger(label: "masthead.postgres")
        logger.logLevel = .critical
        return logger
    }()

    private func connect(timeout: Double) throws(DatabaseError) -> PostgresConnection {
        let tls: PostgresConnection.Configuration.TLS
        do {
            switch url.tls {
            case .disable: tls = .disable
            case .prefer, .require:
                var configuration = TLSConfiguration.makeClientConfiguration()
                configuration.certificateVerification = .none
                let context = try NIOSSLContext(configuration: configuration)
                tls = url.tls == .prefer ? .prefer(context) : .require(context)
            case .verify:
                tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        } catch {
            throw DatabaseError(.connection, "cannot set up TLS for the server of \(variable)")
        }
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database, tls: tls)
        configuration.options.connectTimeout = .seconds(10)
        configuration.options.additionalStartupParameters = [
            ("default_transaction_read_only", "on"),
            ("statement_timeout", String(Int((timeout * 1000).rounded(.up)))),
            ("application_name", "masthead"),
            // Dates and wall-clock timestamps are read, and buckets cut, in the site's time zone.
            ("TimeZone", timeZone.identifier)
        ]
        do {
            return try PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration, id: 1, logger: Self.logger
            ).wait()
        } catch {
            throw describe(error, connecting: true)
        }
    }

    /// postgres-nio's error in Masthead's words: the server's own message where it sent one, never the URL.
    func describe(_ error: any Error, connecting: Bool = false) -> DatabaseError {
        let server = "the PostgreSQL server of \(variable) (\(url.host):\(url.port))"
        guard let error = error as? PSQLError else {
            return DatabaseError(.connection, "cannot reach \(server): \(error)")
        }
        if let info = error.serverInfo, let message = info[.message] {
            let state = info[.sqlState] ?? ""
            switch state {
            case "57014": return DatabaseError(.timeout, "the statement ran past its timeout: \(message)")
            case "28P01", "28000": return DatabaseError(.connection, "\(server) refused the login of user '\(url.user)': \(message)")
            case "3D000": return DatabaseError(.connection, "\(server) has no database '\(url.database ?? url.user)': \(message)")
            case "57P01", "57P02", "57P03": return DatabaseError(.lost, "the connection to \(server) was lost: \(message)")
            default:
                let hint = info[.hint].map { " (\($0))" } ?? ""
                return DatabaseError(.statement, "\(message)\(hint)")
            }
        }
        switch error.code {
        case .serverClosedConnection, .uncleanShutdown, .clientClosedConnection:
            return DatabaseError(connecting ? .connection : .lost, "the connection to \(server) was lost")
        case .sslUnsupported:
            return DatabaseError(.connection, "\(server) does not offer TLS, which the URL's sslmode asks for")
        default:
            let reason = error.underlying.map { ": \(Self.reason($0))" } ?? ""
            return DatabaseError(.connection, "cannot reach \(server)\(reason)")
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return error.description }
        let text = String(describing: error)
        return text.contains("Connection refused") || text.contains("connectionRefused") ? "connection refused" : text
    }
}

/// Rows decoded on the event loop, waiting for the caller's thread. A lock and a condition:
/// the producer is postgres-nio's callback, the consumer a plain thread of the build.
private final class RowQueue: @unchecked Sendable {
    // @unchecked: every stored property is read and written holding `condition`.
    private let condition = NSCondition()
    private var rows: [[DataValue]] = []
    private var finished = false
    private(set) var failure: (any Error)?
    private(set) var columns: [DatabaseColumn]?

    func add(_ row: PostgresRow, timeZone: TimeZone) {
        var values: [DataValue] = []
        var described: [DatabaseColumn] = []
        for cell in row {
            values.append(PostgresValues.value(cell, timeZone: timeZone))
            if columns == nil {
                described.append(
                    DatabaseColumn(
                        name: cell.columnName, type: PostgresValues.fieldType(cell.dataType),
                        databaseType: cell.dataType.knownSQLName ?? ""))
            }
        }
        condition.lock()
        if columns == nil { columns = described }
        rows.append(values)
        condition.signal()
        condition.unlock()
    }

    func finish(_ error: (any Error)?) {
        condition.lock()
        finished = true
        failure = error
        condition.signal()
        condition.unlock()
    }

    /// The rows come so far and the columns, or nil once the query has ended and every row is taken.
    func next() -> ([[DataValue]], [DatabaseColumn]?)? {
        condition.lock()
        defer { condition.unlock() }
        while rows.isEmpty && !finished { condition.wait() }
        guard !rows.isEmpty else { return nil }
        let taken = rows
        rows = []
        return (taken, columns)
    }
}
