import Foundation

/// An access key for S3, read from the usual places in the usual order (`load`): never from
/// site.yml, never printed. Errors show the key id masked (`AKIA…MPLE`).
package struct S3Credentials: Sendable, Equatable {
    package var accessKeyID: String
    package var secretAccessKey: String
    package var sessionToken: String?

    package init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// The key id with all but its first and last four characters hidden.
    package var maskedKeyID: String {
        accessKeyID.count <= 8 ? String(repeating: "…", count: 1) : "\(accessKeyID.prefix(4))…\(accessKeyID.suffix(4))"
    }

    /// `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (with `AWS_SESSION_TOKEN`), then the
    /// profile `AWS_PROFILE` (or `default`) of `AWS_SHARED_CREDENTIALS_FILE` (or `~/.aws/credentials`).
    package static func load(environment: [String: String]) throws -> S3Credentials {
        if let id = environment["AWS_ACCESS_KEY_ID"], !id.isEmpty {
            guard let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty else {
                throw DeployError("AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not: set both, or neither to use ~/.aws/credentials")
            }
            let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            return S3Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: token)
        }
        let profile = environment["AWS_PROFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        let path =
            environment["AWS_SHARED_CREDENTIALS_FILE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.aws/credentials"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DeployError(
                "no S3 credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or write the profile [\(profile)] in \(path)")
        }
        let sections = parseINI(String(decoding: data, as: UTF8.self))
        guard let section = sections[profile] else {
            throw DeployError("no profile [\(profile)] in \(path) (AWS_PROFILE chooses the profile)")
        }
        guard let id = section["aws_access_key_id"], let secret = section["aws_secret_access_key"], !id.isEmpty, !secret.isEmpty else {
            throw DeployError("the profile [\(profile)] in \(path) needs aws_access_key_id and aws_secret_access_key")
        }
        return S3Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: section["aws_session_token"])
    }

    /// `[name]` sections of `key = value` lines; `#` and `;` start comments.
    static func parseINI(_ text: String) -> [String: [String: String]] {
        var sections: [String: [String: String]] = [:]
        var current: String?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                var name = String(line.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
                if name.hasPrefix("profile ") { name = String(name.dropFirst(8)).trimmingCharacters(in: .whitespaces) }
                current = name
                sections[name, default: [:]] = sections[name] ?? [:]
                continue
            }
            guard let current, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            sections[current]?[key] = value
        }
        return sections
    }
}
