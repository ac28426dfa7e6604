import Foundation
import MastheadTesting
import Testing

@testable import MastheadDatabases

/// Read-only means no side effects (issue 44, item 9): a query calling a function that
/// writes is refused at its `query:` line, and whatever a view or function still runs on
/// PostgreSQL leaves no trace, because the statement's transaction is always rolled back.
@Suite("Databases: read-only means no side effects", .serialized)
struct SQLSideEffectTests {
    static let refusedCalls = [
        "lo_import('/etc/hostname')", "lo_create(0)", "lo_from_bytea(0, 'ab')", "pg_read_file('/etc/hostname')",
        "dblink('dbname=x', 'SELECT 1')", "set_config('a.b', 'c', false)", "nextval('s')", "pg_advisory_lock(1)",
        "pg_notify('channel', 'hello')", "pg_terminate_backend(1)", "query_to_xml('SELECT lo_create(0)', true, true, '')",
        "lo_unlink(1)", "setval('s', 1)"
    ]

    @Test("a query calling a function with side effects is refused before anything is sent", arguments: refusedCalls)
    func refused(call: String) throws {
        let name = String(call.prefix { $0 != "(" })
        let (messages, _) = try SQLFaultTests.build("{ postgres: { url: env:NOWHERE }, query: \"SELECT \(call) AS kind\" }")
        #expect(
            messages == [
                "Content/site.yml:12:52: error: datasets.events.query: \(name)() has side effects (it writes, reads the server's files "
                    + "or acts on other sessions): not accepted in a query; a query only reads, in one SELECT or WITH statement"
            ])
    }

    @Test("written any way: qualified, quoted, in capitals, a comment before the parenthesis, inside a subquery")
    func spellings() {
        for query in [
            "SELECT pg_catalog.lo_import('/etc/passwd')", "SELECT \"lo_create\"(0)", "SELECT LO_FROM_BYTEA (0, 'x')",
            "SELECT nextval /* a sequence */ ('s')", "WITH t AS (SELECT set_config('x.y', '1', false) AS v) SELECT v FROM t",
            "SELECT * FROM events WHERE id IN (SELECT pg_advisory_lock(id) FROM events)"
        ] {
            #expect(SQLStatementCheck.problem(query)?.contains("has side effects") == true, "\(query)")
        }
        // The same words as columns, in text or in comments are no calls.
        for query in [
            "SELECT nextval, lo_create FROM events", "SELECT 'lo_import(1)' AS kind", "SELECT kind -- set_config(1)\nFROM events",
            "SELECT \"set_config\" FROM events"
        ] {
            #expect(SQLStatementCheck.problem(query) == nil, "\(query)")
        }
    }

    /// `SELECT count(*) FROM pg_largeobject_metadata`, and the advisory locks held.
    static func traces(_ url: String) throws -> String {
        try TestDatabases.psql(
            url, ["-c", "SELECT (SELECT count(*) FROM pg_largeobject_metadata) || ' ' || (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory')"]
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What the test server holds that a function could change, listed as it is now.
    static func state(_ url: String, sequence: String) throws -> String {
        try traces(url) + " " + TestDatabases.psql(url, ["-c", "SELECT last_value FROM \(sequence)"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The check is the first guard; behind it, the server. Views hide the calls from the check: each runs, and leaves nothing.
    @Test func whatAViewRunsIsRolledBack() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let sequence = TestDatabases.tableName("seq")
        try TestDatabases.psql(url, ["-c", "CREATE SEQUENCE \(sequence)"])
        defer { _ = try? TestDatabases.psql(url, ["-c", "DROP SEQUENCE \(sequence)"]) }
        let before = try Self.state(url, sequence: sequence)
        let views: [(call: String, error: String?)] = [
            ("lo_import('/etc/hostname')", nil), ("lo_create(0)", nil), ("lo_from_bytea(0, 'ab')", nil),
            ("set_config('masthead.probe', 'x', false)", nil), ("pg_advisory_lock(42)", nil), ("pg_notify('masthead', 'x')", nil),
            ("length(pg_read_file('/etc/hostname'))", nil),
            ("nextval('\(sequence)')", "cannot execute nextval() in a read-only transaction")
        ]
        for (call, expected) in views {
            let view = TestDatabases.tableName("v")
            try TestDatabases.psql(url, ["-c", "CREATE VIEW \(view) AS SELECT \(call)::text AS kind"])
            defer { _ = try? TestDatabases.psql(url, ["-c", "DROP VIEW \(view)"]) }
            let (messages, _) = try SQLFaultTests.build(
                "{ postgres: { url: env:STATS_URL }, table: \(view) }", environment: ["STATS_URL": url])
            if let expected {
                // Refused by the server, at the block whose statement ran it.
                #expect(messages.count == 1)
                #expect(messages.first?.hasPrefix("Content/reports/r.md:") == true)
                #expect(messages.first?.contains("datasets.events: \(expected)") == true, "\(messages)")
            } else {
                #expect(messages == [], "\(call)")
            }
            #expect(try Self.state(url, sequence: sequence) == before, "\(call) left a trace")
        }
    }

    /// The server's guard on its own, without the check: the statement is sent as it is.
    @Test func theTransactionIsRolledBackWhateverTheStatement() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let before = try Self.traces(url)
        for sql in ["SELECT lo_create(0)", "SELECT lo_import('/etc/hostname')", "SELECT lo_from_bytea(0, 'x'), pg_advisory_lock(7)"] {
            let rows = try PostgresClientTests.rows(url, sql).rows
            #expect(rows.count == 1)
        }
        #expect(try Self.traces(url) == before)
        // Writing is refused by the read-only transaction, in the server's words.
        let table = TestDatabases.tableName("t")
        #expect {
            try PostgresClientTests.rows(url, "SELECT 1 FROM (SELECT 1) AS x; CREATE TABLE \(table) (a int)")
        } throws: { error in
            (error as? DatabaseError)?.kind == .statement
        }
        #expect {
            try PostgresClientTests.rows(url, "WITH d AS (INSERT INTO activities (member) VALUES ('x') RETURNING 1) SELECT * FROM d")
        } throws: { error in
            (error as? DatabaseError)?.message.hasSuffix("in a read-only transaction") == true
        }
    }

    @Test func aRoleThatOnlyReads() throws {
        guard let admin = TestDatabases.postgresURL() else { return }
        let password = "pw-\(UUID().uuidString.prefix(8))"
        let role = try PostgresClientTests.makeRole(admin, password: password)
        defer { PostgresClientTests.dropRole(admin, role) }
        let url = PostgresClientTests.url(admin, user: role, password: password)
        #expect(try PostgresClientTests.rows(url, "SELECT count(*) FROM activities").rows.first?.first.map { $0 != .null } == true)
        // Server files are out of its reach, whatever Masthead lets through.
        #expect {
            try PostgresClientTests.rows(url, "SELECT lo_import('/etc/hostname')")
        } throws: { error in
            (error as? DatabaseError)?.message.contains("permission denied for function lo_import") == true
        }
        #expect {
            try PostgresClientTests.rows(url, "SELECT count(*) FROM members")
        } throws: { error in
            (error as? DatabaseError)?.message == "permission denied for table members"
        }
    }
}
