import Foundation
import MastheadSupport

/// Sends rebuild news to every open page over Server-Sent Events.
final class ReloadEvents: Sendable {
    private struct State: Sendable {
        var listeners: [Int: AsyncStream<String>.Continuation] = [:]
        var nextID = 0
        var closed = false
    }

    private let state = Locked(State())

    /// A stream of SSE messages (`event: ...\ndata: ...\n\n`) for one open page.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            defer { state.nextID += 1 }
            state.listeners[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    var listenerCount: Int {
        state.withLock { $0.listeners.count }
    }

    func send(event: String, data: String) {
        broadcast("event: \(event)\ndata: \(data)\n\n")
    }

    /// A comment line: keeps proxies from closing the stream and finds closed connections.
    func send(comment: String) {
        broadcast(": \(comment)\n\n")
    }

    private func broadcast(_ message: String) {
        let targets = state.withLock { Array($0.listeners.values) }
        for listener in targets { listener.yield(message) }
    }

    /// Ends every stream, so open pages do not hold the server up when it stops.
    func close() {
        let targets = state.withLock { state in
            state.closed = true
            defer { state.listeners.removeAll() }
            return Array(state.listeners.values)
        }
        for listener in targets { listener.finish() }
    }

    private func remove(_ id: Int) {
        state.withLock { $0.listeners[id] = nil }
    }
}
