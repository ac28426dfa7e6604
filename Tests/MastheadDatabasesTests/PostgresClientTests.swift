import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadContent
@testable import MastheadDatabases
@testable import MastheadSupport

/// PostgreSQL through libpq: connected as `psql` is (a password from `~/.pgpass`, `PG...`
/// variables, TLS as `sslmode` says), values read from the text format as Masthead's own.
@Suite("Databases: PostgreSQL through libpq", .serialized)
struct PostgresClientTests {
    static let zone = TimeZone(identifier: "Europe/Rome")!

    /// The rows of `sql` on the server at `url`, with `environment` as the build's.
    static func rows(
        _ url: String, _ sql: String, parameters: [SQLParameter] = [], environment: [String: String] = [:]
    ) throws -> (columns: [DatabaseColumn], rows: [[DataValue]]) {
        let server = PostgresServer(url: try PostgresURL.parse(url).get(), variable: "STATS_URL", timeZone: zone, environment: environment)
        var rows: [[DataValue]] = []
        let columns = try server.run(sql, parameters: parameters, timeout: 10) { (row: inout [DataValue]) throws(DatabaseError) in rows.append(row) }
        return (columns, rows)
    }

    /// The URL with another user and password (nil leaves it out), and settings appended.
    static func url(_ base: String, user: String? = nil, password: String?, query: String = "") -> String {
        var parts = URLComponents(string: base)!
        if let user { parts.user = user }
        parts.password = password
        return parts.string! + query
    }

    /// A role made for one test, with SELECT on `activities`; dropped by `dropRole`.
    static func makeRole(_ url: String, password: String) throws -> String {
        let role = TestDatabases.tableName("reader")
        try TestDatabases.psql(
            url,
            [
                "-c", "CREATE ROLE \(role) LOGIN PASSWORD '\(password)' NOSUPERUSER",
                "-c", "ALTER ROLE \(role) SET default_transaction_read_only = on",
                "-c", "GRANT SELECT ON activities TO \(role)"
            ])
        return role
    }

    static func dropRole(_ url: String, _ role: String) {
        _ = try? TestDatabases.psql(url, ["-c", "DROP OWNED BY \(role)", "-c", "DROP ROLE \(role)"])
    }

    @Test func aPasswordReadFromPgpass() throws {
        guard let admin = TestDatabases.postgresURL() else { return }
        let password = "pw-\(UUID().uuidString.prefix(8))"
        let role = try Self.makeRole(admin, password: password)
        defer { Self.dropRole(admin, role) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let passfile = folder.appendingPathComponent("pgpass")
        let parts = URLComponents(string: admin)!
        try Data("\(parts.host!):\(parts.port!):*:\(role):\(password)\n".utf8).write(to: passfile)
        // libpq ignores a password file others can read.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passfile.path)
        let withoutPassword = Self.url(admin, user: role, password: nil)
        #expect(!withoutPassword.contains(password))

        let found = try Self.rows(
            withoutPassword, "SELECT current_user::text AS who, count(*) AS n FROM activities", environment: ["PGPASSFILE": passfile.path])
        #expect(found.rows.first?.first == .string(role))

        // Without the file: refused, saying where a password could come from.
        #expect {
            try Self.rows(withoutPassword, "SELECT 1", environment: ["PGPASSFILE": folder.appendingPathComponent("none").path])
        } throws: { error in
            (error as? DatabaseError)?.message
                == "the PostgreSQL server of STATS_URL (\(parts.host!):\(parts.port!)) asks a password of user '\(role)' "
                + "and none was given (in the URL, PGPASSWORD or ~/.pgpass)"
        }

        // The same through a site: the dataset's variable holds the URL without its password.
        let site = try ReportFeatureSite.make(
            config: "timezone: Europe/Rome\ndatasets:\n  events: { postgres: { url: env:STATS_URL }, table: activities }\n", files: [:])
        try ReportFeatureSite.report(site, "```table\nsource: events\nx: event\n```")
        var options = BuildOptions(siteFolder: SiteFolder(site.root))
        options.environment = ["STATS_URL": withoutPassword, "PGPASSFILE": passfile.path]
        let result = Pipeline.run(options: options)
        #expect(result.messages == [])
        #expect(result.text("reports/r/index.html")?.contains(">code<") == true)
    }

    @Test func libpqVariablesFillWhatTheURLLeavesOut() throws {
        guard let admin = TestDatabases.postgresURL() else { return }
        let parts = URLComponents(string: admin)!
        let environment = [
            "PGHOST": parts.host!, "PGPORT": String(parts.port!), "PGUSER": parts.user!, "PGPASSWORD": parts.password!,
            "PGDATABASE": "masthead"
        ]
        let found = try Self.rows("postgres://", "SELECT current_database()::text AS db, count(*) AS n FROM activities", environment: environment)
        #expect(found.rows.first?.first == .string("masthead"))
        // libpq's key=value settings work as well as a URL.
        let settings = "host=\(parts.host!) port=\(parts.port!) dbname=masthead user=\(parts.user!)"
        let again = try Self.rows(settings, "SELECT 41 + 1 AS answer", environment: ["PGPASSWORD": parts.password!])
        #expect(again.rows == [[.integer(42)]])
    }

    /// Whether the statement's own connection is encrypted, from the server's view.
    static func encrypted(_ url: String, environment: [String: String] = [:]) throws -> DataValue? {
        try rows(url, "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", environment: environment).rows.first?.first
    }

    @Test func tlsAsSslmodeSays() throws {
        guard let admin = TestDatabases.postgresURL() else { return }
        // scripts/with-postgres.sh turns TLS on with a self-signed certificate it makes.
        #expect(try Self.encrypted(admin + "?sslmode=require") == .boolean(true))
        #expect(try Self.encrypted(admin + "?sslmode=disable") == .boolean(false))
        #expect(try Self.encrypted(admin, environment: ["PGSSLMODE": "require"]) == .boolean(true))
        if let certificate = ProcessInfo.processInfo.environment["MASTHEAD_TEST_POSTGRES_CERT"] {
            #expect(try Self.encrypted(admin + "?sslmode=verify-full&sslrootcert=\(certificate)") == .boolean(true))
        }
        // A certificate no authority signed is refused when it must be checked, without the URL.
        let password = URLComponents(string: admin)!.password!
        #expect {
            try Self.encrypted(admin + "?sslmode=verify-full&sslrootcert=/nonexistent/root.crt")
        } throws: { error in
            let message = (error as? DatabaseError)?.message ?? ""
            return message.hasPrefix("cannot reach the PostgreSQL server of STATS_URL (127.0.0.1:") && message.contains("root.crt")
                && !message.contains(password)
        }

        // Through a site: the page shows what the server saw.
        let site = try ReportFeatureSite.make(
            config:
                "datasets:\n  tls: { postgres: { url: env:STATS_URL }, query: \"SELECT ssl::text AS kind FROM pg_stat_ssl WHERE pid ="
                + " pg_backend_pid()\" }\n",
            files: [:])
        try ReportFeatureSite.report(site, "```table\nsource: tls\nx: kind\n```")
        var options = BuildOptions(siteFolder: SiteFolder(site.root))
        options.environment = ["STATS_URL": admin + "?sslmode=require"]
        let result = Pipeline.run(options: options)
        #expect(result.messages == [])
        #expect(result.text("reports/r/index.html")?.contains(">true<") == true)
    }

    @Test func anUnknownSslmodeIsRefusedBeforeConnecting() {
        #expect(
            PostgresURL.parse("postgres://u:s3cret@db/x?sslmode=always").failureMessage
                == "unknown sslmode 'always' (disable, allow, prefer, require, verify-ca, verify-full)")
        let garbled = PostgresURL.parse("postgres://u:s3cret@db:x/y?nonsense=s3cret").failureMessage ?? ""
        #expect(garbled.hasPrefix("expected a URL like postgres://user:password@host:5432/database"))
        #expect(!garbled.contains("s3cret"))
        #expect(PostgresURL.parse("just words").failureMessage?.hasPrefix("expected a URL like") == true)
    }

    @Test func valuesOfEachTypeAsMastheadReadsThem() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let found = try Self.rows(
            url,
            """
            SELECT 7::int2 AS a, 70000::int4 AS b, 9000000000000000000::int8 AS c, 12.000::numeric AS d, 12.25::numeric AS e,
                   0.1::float8 AS f, 'NaN'::float8 AS g, true AS h, 'café'::text AS i, NULL::int4 AS j,
                   DATE '2026-03-29' AS k, TIMESTAMP '2026-03-29 02:30:00.25' AS l,
                   TIMESTAMPTZ '2026-03-29 01:30:00.5+00' AS m, 'infinity'::timestamptz AS n, 123456789012345678901234::numeric AS o
            """)
        let row = try #require(found.rows.first)
        #expect(
            found.columns.map(\.type) == [
                .integer, .integer, .integer, .decimal, .decimal, .decimal, .decimal, .boolean, .string, .integer,
                .date, .date, .date, .date, .decimal
            ])
        #expect(found.columns[10].holdsDays && !found.columns[11].holdsDays)
        #expect(
            Array(row[0..<6]) == [.integer(7), .integer(70000), .integer(9_000_000_000_000_000_000), .integer(12), .decimal(12.25), .decimal(0.1)])
        if case .decimal(let nan) = row[6] { #expect(nan.isNaN) } else { Issue.record("NaN: \(row[6])") }
        #expect(Array(row[7..<10]) == [.boolean(true), .string("café"), .null])
        // A day and a wall-clock time are read in the site's zone, as a CSV file's; an instant keeps its offset.
        #expect(row[10] == .date(ContentDate.parse("2026-03-29", timeZone: Self.zone)!))
        #expect(row[11] == .date(ContentDate.parse("2026-03-29 02:30", timeZone: Self.zone)!.addingTimeInterval(0.25)))
        #expect(row[12] == .date(ContentDate.parse("2026-03-29T01:30:00Z", timeZone: Self.zone)!.addingTimeInterval(0.5)))
        #expect(row[13] == .date(.distantFuture))
        #expect(row[14] == .decimal(123_456_789_012_345_678_901_234))
    }

    @Test func parametersAreBoundTypedNeverSpliced() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let instant = Date(timeIntervalSince1970: 1_774_747_800.123456)
        let found = try Self.rows(
            url, "SELECT $1 AS a, $2 + 1 AS b, $3 * 2 AS c, NOT $4 AS d, $5 AS e, pg_typeof($5)::text AS f",
            parameters: [.text("it's; DROP TABLE activities"), .integer(41), .decimal(1.25), .boolean(false), .date(instant)])
        let row = try #require(found.rows.first)
        #expect(Array(row[0..<4]) == [.string("it's; DROP TABLE activities"), .integer(42), .decimal(2.5), .boolean(true)])
        if case .date(let date) = row[4] { #expect(abs(date.timeIntervalSince(instant)) < 0.000_001) } else { Issue.record("\(row[4])") }
        #expect(row[5] == .string("timestamp with time zone"))
        #expect(PostgresValues.text(Date(timeIntervalSince1970: -0.5)) == "1969-12-31 23:59:59.500000+00")
    }
}

extension Result where Failure == DatabaseError {
    var failureMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
}
