import Foundation
import MastheadTesting
import Testing

@testable import MastheadSupport

#if canImport(Glibc)
import Glibc
#endif

/// `masthead serve` under `ulimit -n 160` with more idle connections than that (issue 57): it
/// stops accepting at its budget and says so once, instead of failing accepts in a loop; once
/// connections close, a new client is served.
@Suite("masthead serve at its descriptor limit", .serialized)
struct PreviewDescriptorLimitTests {
    /// A connected TCP socket to the preview, or nil.
    static func connect(port: Int) -> Int32? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            return nil
        }
        return socket
    }

    /// The status line of `GET /` on a new connection, or "" when none came within 10 s.
    static func statusLine(port: Int) -> String {
        guard let socket = connect(port: port) else { return "" }
        defer { close(socket) }
        let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(socket, &buffer, buffer.count, 0)
        guard count > 0 else { return "" }
        return String(decoding: buffer[..<count], as: UTF8.self).components(separatedBy: "\r\n")[0]
    }

    @Test("with more idle connections than the limit allows, the preview says so once and serves again once some close")
    func idleConnectionsPastTheLimit() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "ulimit -n 160 && exec \"$0\" serve --site \"$1\" --port 0", MastheadCommand.binary.path, site.root.path]
        process.environment = MastheadCommand.environment([:])
        let output = Locked(Data())
        let errors = Locked(Data())
        let outPipe = Pipe()
        let errPipe = Pipe()
        outPipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            output.withLock { $0.append(data) }
        }
        errPipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            errors.withLock { $0.append(data) }
        }
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        defer {
            process.interrupt()
            process.waitUntilExit()
            outPipe.fileHandleForReading.readabilityHandler = nil
            errPipe.fileHandleForReading.readabilityHandler = nil
        }
        func text(_ box: Locked<Data>) -> String { box.withLock { String(decoding: $0, as: UTF8.self) } }
        func waitFor(_ box: Locked<Data>, _ needle: String, seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if text(box).contains(needle) { return true }
                usleep(50_000)
            }
            return false
        }
        #expect(waitFor(output, "Ctrl-C stops", seconds: 120), "\(text(output))\(text(errors))")
        let portText = try #require(text(output).components(separatedBy: "http://127.0.0.1:").dropFirst().first?.prefix { $0.isNumber })
        let port = try #require(Int(portText))

        // 96 connections is the budget at 160 descriptors; the others wait in the kernel's queue.
        var idle: [Int32] = []
        for _ in 0..<150 {
            guard let socket = Self.connect(port: port) else { break }
            idle.append(socket)
        }
        #expect(idle.count == 150)
        let message = "masthead serve: 96 connections open, as many as the descriptor limit allows (ulimit -n 160): new ones wait until one closes"
        #expect(waitFor(errors, message, seconds: 20), "\(text(errors))")
        #expect(!text(errors).contains("Too many open files"), "\(text(errors))")

        for socket in idle { close(socket) }
        #expect(Self.statusLine(port: port) == "HTTP/1.1 200 OK")
        #expect(text(errors).components(separatedBy: message).count == 2, "said once: \(text(errors))")
    }
}
