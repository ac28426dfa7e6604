import CSQLite
import Foundation
import MastheadBuild
import Testing

/// Databases for the SQL dataset tests: SQLite files the tests write, and tables in the
/// throwaway PostgreSQL that `make test` starts (`scripts/with-postgres.sh`), found through
/// `MASTHEAD_TEST_POSTGRES_URL`. Without it the PostgreSQL tests fail, saying how to run them.
package enum TestDatabases {
    package static let postgresVariable = "MASTHEAD_TEST_POSTGRES_URL"

    /// The server's URL, or a recorded failure naming the script.
    package static func postgresURL() -> String? {
        guard let url = ProcessInfo.processInfo.environment[postgresVariable], !url.isEmpty else {
            Issue.record(
                "\(postgresVariable) is not set: run the suite with `make test` or `scripts/with-postgres.sh swift test`, which start a PostgreSQL")
            return nil
        }
        return url
    }

    /// Runs SQL statements on a new SQLite file.
    package static func sqlite(_ path: URL, _ statements: [String], rows: [[String?]] = [], insert: String? = nil) throws {
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        var handle: OpaquePointer?
        guard sqlite3_open(path.path, &handle) == SQLITE_OK, let db = handle else { throw SQLiteFailure(message: "open \(path.path)") }
        defer { sqlite3_close(db) }
        func exec(_ sql: String) throws {
            var error: UnsafeMutablePointer<CChar>?
            guard sqlite3_exec(db, sql, nil, nil, &error) == SQLITE_OK else {
                let message = error.map { String(cString: $0) } ?? "?"
                sqlite3_free(error)
                throw SQLiteFailure(message: "\(message) in \(sql)")
            }
        }
        try exec("BEGIN")
        for statement in statements { try exec(statement) }
        if let insert {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(db, insert, -1, &statement, nil) == SQLITE_OK else { throw SQLiteFailure(message: insert) }
            defer { sqlite3_finalize(statement) }
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            for row in rows {
                sqlite3_reset(statement)
                for (index, value) in row.enumerated() {
                    if let value {
                        // Numbers as numbers, as an app would store them.
                        if let number = Int(value) {
                            sqlite3_bind_int64(statement, Int32(index + 1), Int64(number))
                        } else if value.contains("."), let number = Double(value) {
                            sqlite3_bind_double(statement, Int32(index + 1), number)
                        } else {
                            sqlite3_bind_text(statement, Int32(index + 1), value, -1, transient)
                        }
                    } else {
                        sqlite3_bind_null(statement, Int32(index + 1))
                    }
                }
                guard sqlite3_step(statement) == SQLITE_DONE else { throw SQLiteFailure(message: "insert") }
            }
        }
        try exec("COMMIT")
    }

    package struct SQLiteFailure: Error {
        package var message: String
    }

    /// Runs `psql` on the test server (its password in the URL, never printed); `timeZone` is the session's.
    @discardableResult
    package static func psql(_ url: String, _ arguments: [String], timeZone: String = "UTC") throws -> String {
        let process = Process()
        let psql =
            ["/usr/bin/psql"]
            + ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []).sorted().reversed()
            .map { "/usr/lib/postgresql/\($0)/bin/psql" }
        process.executableURL = URL(fileURLWithPath: psql.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/psql")
        process.arguments = [url, "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["PGTZ"] = timeZone
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw SQLiteFailure(message: "psql: \(problems)") }
        return text
    }

    /// A fresh table name for one test.
    package static func tableName(_ prefix: String) -> String {
        "\(prefix)_\(UUID().uuidString.prefix(8).lowercased())"
    }
}
