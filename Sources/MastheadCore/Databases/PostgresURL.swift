import Foundation

/// A `postgres://user:password@host:port/database?sslmode=require` URL taken apart. Only
/// `where` (host, port, database) may be shown: the URL and its password never are.
public struct PostgresURL: Sendable {
    public enum TLSMode: Sendable {
        /// `sslmode=disable`, or none given.
        case disable
        /// `sslmode=prefer` or `allow`: TLS when the server offers it.
        case prefer
        /// `sslmode=require`: encrypted, the certificate not checked (as libpq does).
        case require
        /// `sslmode=verify-ca` or `verify-full`: encrypted, the certificate and host checked.
        case verify
    }

    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String?
    public var tls: TLSMode

    /// Host, port and database, for messages.
    public var place: String { "\(host):\(port)/\(database ?? user)" }

    /// Nil with the reason, which never quotes the URL.
    public static func parse(_ text: String) -> Result<PostgresURL, DatabaseError> {
        guard let parts = URLComponents(string: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            parts.scheme == "postgres" || parts.scheme == "postgresql", let host = parts.host, !host.isEmpty
        else {
            return .failure(DatabaseError(.connection, "expected a URL like postgres://user:password@host:5432/database"))
        }
        let user = parts.percentEncodedUser.flatMap { $0.removingPercentEncoding } ?? "postgres"
        let password = parts.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        let path = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        let mode = parts.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
        let tls: TLSMode
        switch mode {
        case "disable": tls = .disable
        case "allow", "prefer": tls = .prefer
        case "require": tls = .require
        case "verify-ca", "verify-full": tls = .verify
        default:
            return .failure(DatabaseError(.connection, "unknown sslmode '\(mode.prefix(20))' (disable, prefer, require, verify-ca, verify-full)"))
        }
        return .success(
            PostgresURL(
                host: host, port: parts.port ?? 5432, user: user, password: password, database: path.isEmpty ? nil : path, tls: tls))
    }
}
