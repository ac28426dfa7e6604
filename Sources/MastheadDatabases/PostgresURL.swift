import CPostgres
import Foundation

/// The connection settings in a dataset's variable, read by libpq itself (`PQconninfoParse`):
/// a URL (`postgres://user:password@host:5432/database?sslmode=require`) or libpq's
/// `key=value` settings (`service=stats`). What the URL leaves out, libpq takes from the
/// `PG...` variables, `~/.pgpass` and `pg_service.conf`, as for `psql`. The settings, and
/// above all the password, are never shown: messages name the server by host and port.
package struct PostgresURL: Sendable {
    /// libpq's keywords and values as the URL gives them (`host`, `port`, `sslmode`, ...).
    package var settings: [(keyword: String, value: String)]

    static let sslModes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]

    /// A setting's value, when the URL gives it.
    package func value(_ keyword: String) -> String? { settings.last { $0.keyword == keyword }?.value }

    /// The settings, or the reason they cannot be read (which never quotes them).
    package static func parse(_ text: String) -> Result<PostgresURL, DatabaseError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let isURL = trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://")
        let expected = "expected a URL like postgres://user:password@host:5432/database, or libpq's key=value settings"
        guard isURL || trimmed.contains("=") else { return .failure(DatabaseError(.connection, expected)) }
        var problem: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(trimmed, &problem) else {
            // libpq's reason quotes the part it could not read, which may be the password: left out.
            let reason = problem.map { String(cString: $0) }.map(Self.unquoted) ?? ""
            PQfreemem(problem)
            return .failure(DatabaseError(.connection, expected + (reason.isEmpty ? "" : " (\(reason))")))
        }
        defer { PQconninfoFree(options) }
        var settings: [(String, String)] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { settings.append((String(cString: keyword), String(cString: value))) }
            option += 1
        }
        let url = PostgresURL(settings: settings)
        if let mode = url.value("sslmode"), !sslModes.contains(mode) {
            return .failure(DatabaseError(.connection, "unknown sslmode '\(mode.prefix(20))' (\(sslModes.joined(separator: ", ")))"))
        }
        return .success(url)
    }

    /// libpq's message without what it quotes (`invalid URI query parameter: "…"`), on one line.
    static func unquoted(_ message: String) -> String {
        var result = ""
        var quoted = false
        for character in message where character != "\n" {
            if character == "\"" {
                quoted.toggle()
                if quoted { result += "\"…\"" }
            } else if !quoted {
                result.append(character)
            }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
