import Foundation
import MastheadSupport

#if canImport(Glibc)
import Glibc
#endif

/// A response read off the wire.
struct RawResponse: Sendable {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// HTTP/1.1 over a plain socket to 127.0.0.1, sending the request target exactly as given
/// (URL types would normalise `..` and `%2e` away before the server could refuse them).
/// Blocking calls run on their own threads, never on the test's cooperative pool.
enum RawHTTP {
    static func request(port: Int, _ target: String, method: String = "GET") async throws -> RawResponse {
        try await exchange(port: port, "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n", method: method)
    }

    /// Sends `request` as it is (any Host header, or none) to `address` and reads the response.
    static func exchange(port: Int, address: String = "127.0.0.1", _ request: String, method: String = "GET") async throws -> RawResponse {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try exchangeBlocking(port: port, address: address, request, method: method) })
            }
        }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    static func connect(port: Int, address host: String = "127.0.0.1", timeoutSeconds: Int = 10) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "connect to port \(port) failed")
        }
        return socket
    }

    static func send(_ socket: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    static func exchangeBlocking(port: Int, address: String, _ request: String, method: String) throws -> RawResponse {
        // A minute, not ten seconds: under the whole suite, on two busy cores, the preview's first
        // build of a test site has taken longer than ten before the first answer.
        let socket = try connect(port: port, address: address, timeoutSeconds: 60)
        defer { close(socket) }
        send(socket, request)
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return try parse(received, method: method)
    }

    static func parse(_ data: Data, method: String) throws -> RawResponse {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(description: "no response head in \(data.count) bytes") }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[split.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return RawResponse(status: status, headers: headers, body: body)
    }

    static func dechunk(_ data: Data) -> Data {
        var result = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16) ?? 0
            guard size > 0 else { break }
            let start = lineEnd.upperBound
            guard let end = rest.index(start, offsetBy: size, limitedBy: rest.endIndex) else { break }
            result.append(rest[start..<end])
            rest = rest[min(rest.endIndex, end + 2)...]
        }
        return result
    }
}

/// Reads the server's Server-Sent Events on a thread of its own, collecting them.
final class EventStreamReader: Sendable {
    struct Event: Sendable {
        var name: String
        var data: String
    }

    private let events = Locked<[Event]>([])
    private let socket: Int32

    init(port: Int) throws {
        socket = try RawHTTP.connect(port: port, timeoutSeconds: 1)
        RawHTTP.send(socket, "GET /__masthead/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        let socket = self.socket
        Thread.detachNewThread { [self] in
            var pending = ""
            var buffer = [UInt8](repeating: 0, count: 8192)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count == 0 { break }
                if count < 0 {
                    if errno == EAGAIN || errno == EWOULDBLOCK { continue }
                    break
                }
                pending += String(decoding: buffer[0..<count], as: UTF8.self)
                // Chunk sizes of the chunked encoding are lines of their own: blocks need event: and data:.
                while let end = pending.range(of: "\n\n") {
                    let block = pending[..<end.lowerBound]
                    pending = String(pending[end.upperBound...])
                    var name = ""
                    var data = ""
                    for line in block.split(whereSeparator: \.isNewline) {
                        if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                        if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                    }
                    if !name.isEmpty {
                        events.withLock { $0.append(Event(name: name, data: data)) }
                    }
                }
            }
        }
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    var received: [Event] {
        events.withLock { $0 }
    }

    /// The first event from index `start` on matching `predicate`, waiting up to `seconds` (a minute: under the
    /// whole suite on two loaded cores, a rebuild's event once came later than 20 s).
    func waitFor(from start: Int = 0, seconds: Double = 60, _ predicate: (Event) -> Bool) async -> Event? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let event = received.dropFirst(start).first(where: predicate) { return event }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}
