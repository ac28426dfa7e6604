import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One TCP connection to the server, driven byte by byte: for clients that are slow on
/// purpose (idle, slowloris) and for long event streams. Blocking calls run on a thread of
/// their own, never on the test's cooperative pool.
final class RawConnection: Sendable {
    let socket: Int32

    init(port: Int) throws {
        socket = try RawHTTP.connect(port: port)
    }

    deinit { close(socket) }

    /// What `watch` saw: whether the server closed the connection, and the bytes it sent.
    struct Watch: Sendable {
        var closedByServer: Bool
        var received: Data
        var text: String { String(decoding: received, as: UTF8.self) }
    }

    /// Reads for up to `seconds`, calling `step` every `interval` (to send a byte, say), until the
    /// server closes the connection or `stop` holds for what was received so far.
    func watch(
        seconds: Double, interval: Double = 0.2, step: @escaping @Sendable (RawConnection) -> Void = { _ in },
        stop: @escaping @Sendable (String) -> Bool = { _ in false }
    ) async -> Watch {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in
                continuation.resume(returning: watchBlocking(seconds: seconds, interval: interval, step: step, stop: stop))
            }
        }
    }

    /// Sends `text`; false when the connection is gone.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    private func watchBlocking(seconds: Double, interval: Double, step: (RawConnection) -> Void, stop: (String) -> Bool) -> Watch {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(seconds)
        var nextStep = Date()
        while Date() < deadline {
            if Date() >= nextStep {
                step(self)
                nextStep = Date().addingTimeInterval(interval)
            }
            var request = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(interval * 1000)) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return Watch(closedByServer: true, received: received) }
            received.append(contentsOf: buffer[0..<count])
            if stop(String(decoding: received, as: UTF8.self)) { break }
        }
        return Watch(closedByServer: false, received: received)
    }
}
