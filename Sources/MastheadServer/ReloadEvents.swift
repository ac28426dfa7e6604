import Foundation

/// Sends rebuild news to every open page over Server-Sent Events.
final class ReloadEvents: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextID = 0
    private var closed = false

    /// A stream of SSE messages (`event: ...\ndata: ...\n\n`) for one open page.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        lock.lock()
        if closed {
            lock.unlock()
            continuation.finish()
            return stream
        }
        let id = nextID
        nextID += 1
        listeners[id] = continuation
        lock.unlock()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    var listenerCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return listeners.count
    }

    func send(event: String, data: String) {
        broadcast("event: \(event)\ndata: \(data)\n\n")
    }

    /// A comment line: keeps proxies from closing the stream and finds closed connections.
    func send(comment: String) {
        broadcast(": \(comment)\n\n")
    }

    private func broadcast(_ message: String) {
        lock.lock()
        let targets = Array(listeners.values)
        lock.unlock()
        for listener in targets { listener.yield(message) }
    }

    /// Ends every stream, so open pages do not hold the server up when it stops.
    func close() {
        lock.lock()
        closed = true
        let targets = Array(listeners.values)
        listeners.removeAll()
        lock.unlock()
        for listener in targets { listener.finish() }
    }

    private func remove(_ id: Int) {
        lock.lock()
        listeners[id] = nil
        lock.unlock()
    }
}
