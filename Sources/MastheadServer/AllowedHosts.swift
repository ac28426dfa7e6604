import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The `Host` header values the preview answers: names of the address it listens on.
///
/// DNS rebinding: a page on another site points a DNS name of its own at 127.0.0.1 and then
/// reads the preview as if it were its own origin. Its requests carry that name in `Host`,
/// so only names the server is known by are accepted: `localhost`, the loopback addresses,
/// the address given to `--host`, and, when the server listens beyond loopback, the
/// machine's own name. An IP literal cannot be rebound, so a server listening on every
/// interface (`0.0.0.0`, `::`) accepts any of them: other devices reach it by address.
/// The port is not compared: a forwarded port (`ssh -L 9000:localhost:8080`) keeps working.
struct AllowedHosts: Sendable {
    /// Lowercased, without a final dot.
    let names: Set<String>
    /// The listening address as 4 or 16 bytes; nil when `--host` was a name.
    let listeningAddress: [UInt8]?
    /// Listening on every interface: any IP literal names the server.
    let anyAddress: Bool
    /// Reachable from other machines: the editor is off there unless `--edit` (docs/editor.md).
    let beyondLoopback: Bool

    /// `host` is the `--host` value; `machineName` the machine's host name (tests pass their own).
    init(listeningOn host: String, machineName: String? = AllowedHosts.machineName()) {
        let address = Self.address(host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host)
        listeningAddress = address
        anyAddress = address.map { $0.allSatisfy { $0 == 0 } } ?? false
        var names: Set<String> = ["localhost"]
        if address == nil { names.insert(Self.normalisedName(host)) }
        let beyondLoopback = anyAddress || address.map { !Self.isLoopback($0) } ?? !Self.isLocalhost(host)
        self.beyondLoopback = beyondLoopback
        if beyondLoopback, let machineName, !machineName.isEmpty {
            // `mybox.example.org` is also reached as `mybox`, and as `mybox.local` over mDNS.
            let full = Self.normalisedName(machineName)
            let short = String(full.prefix { $0 != "." })
            names.formUnion([full, short, short + ".local"])
        }
        self.names = names
    }

    /// Whether a request's `Host` value (`127.0.0.1:8080`, `[::1]`, `localhost`) names this server.
    func allows(_ authority: String) -> Bool {
        switch Self.host(of: authority) {
        case .address(let bytes): anyAddress || Self.isLoopback(bytes) || bytes == listeningAddress
        case .name(let name): names.contains(name)
        case nil: false
        }
    }

    /// For messages: `localhost, 127.0.0.1 or [::1]`.
    var summary: String {
        let loopback = ["127.0.0.1", "[::1]"]
        var parts: [String] = anyAddress ? ["any IP address"] : []
        if let listeningAddress, !anyAddress, !loopback.contains(Self.format(listeningAddress)) { parts.append(Self.format(listeningAddress)) }
        parts += names.sorted { ($0 == "localhost" ? 0 : 1, $0) < ($1 == "localhost" ? 0 : 1, $1) }
        if !anyAddress { parts += loopback }
        return parts.dropLast().joined(separator: ", ") + (parts.count > 1 ? " or " : "") + (parts.last ?? "")
    }

    enum Host: Equatable {
        case address([UInt8])
        case name(String)
    }

    /// The host part of a `Host` value, without its port; nil when malformed.
    static func host(of authority: String) -> Host? {
        var rest = Substring(authority)
        let host: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            guard let bytes = address(String(host.prefix { $0 != "%" })), bytes.count == 16 else { return nil }
            guard rest.isEmpty || isPort(rest) else { return nil }
            return .address(bytes)
        }
        if let colon = rest.firstIndex(of: ":") {
            guard isPort(rest[colon...]) else { return nil }
            rest = rest[..<colon]
        }
        guard !rest.isEmpty else { return nil }
        if let bytes = address(String(rest)), bytes.count == 4 { return .address(bytes) }
        return .name(normalisedName(String(rest)))
    }

    /// `:8080`, or `:` alone (an empty port is allowed).
    private static func isPort(_ text: Substring) -> Bool {
        text.first == ":" && text.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// An IPv4 (4 bytes) or IPv6 (16 bytes) literal; nil for anything else.
    static func address(_ text: String) -> [UInt8]? {
        var four = [UInt8](repeating: 0, count: 4)
        if inet_pton(AF_INET, text, &four) == 1 { return four }
        var sixteen = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET6, text, &sixteen) == 1 { return sixteen }
        return nil
    }

    /// 127.0.0.0/8, ::1, and 127.x written as an IPv4-mapped IPv6 address.
    static func isLoopback(_ bytes: [UInt8]) -> Bool {
        if bytes.count == 4 { return bytes[0] == 127 }
        guard bytes.count == 16 else { return false }
        if bytes[..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        return bytes[..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
    }

    private static func isLocalhost(_ host: String) -> Bool { normalisedName(host) == "localhost" }

    private static func normalisedName(_ name: String) -> String {
        let lower = name.lowercased()
        return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
    }

    private static func format(_ bytes: [UInt8]) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(bytes.count == 4 ? AF_INET : AF_INET6, bytes, &text, socklen_t(text.count)) != nil else { return "?" }
        let literal = String(cString: text)
        return bytes.count == 4 ? literal : "[\(literal)]"
    }

    /// The name the machine gives itself (`gethostname`), without asking DNS.
    static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        return String(cString: buffer)
    }
}
