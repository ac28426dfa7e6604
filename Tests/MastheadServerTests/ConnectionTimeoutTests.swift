import Foundation
import Testing

@testable import MastheadServer

/// Idle and slow (slowloris) connections are closed; live-reload event streams are not.
/// The server runs with a 1 s request timeout; each test allows 15 s for the close, so a
/// loaded machine does not fail it, and a server that never closes does.
@Suite("masthead serve: idle and slow connections time out", .serialized)
struct ConnectionTimeoutTests {
    static func shortTimeouts(_ configuration: inout PreviewServer.Configuration) {
        configuration.requestTimeout = .seconds(1)
        configuration.heartbeat = .milliseconds(300)
    }

    @Test func aConnectionThatSendsNothingIsClosed() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site, configure: Self.shortTimeouts) { server in
            let connection = try RawConnection(port: server.port)
            let watch = await connection.watch(seconds: 15)
            #expect(watch.closedByServer)
            #expect(watch.received.isEmpty)
        }
    }

    @Test func aKeptAliveConnectionIsClosedAfterItsLastResponse() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site, configure: Self.shortTimeouts) { server in
            let connection = try RawConnection(port: server.port)
            connection.send("GET /css/site.css HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            let watch = await connection.watch(seconds: 15)
            #expect(watch.text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(watch.text.hasSuffix("body { color: black; }\n"))
            #expect(watch.closedByServer)
        }
    }

    /// Slowloris: a request head sent a byte at a time never ends, and the server must not wait for it.
    @Test func aHeadSentAByteAtATimeIsCut() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site, configure: Self.shortTimeouts) { server in
            let connection = try RawConnection(port: server.port)
            connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Slow: ")
            let watch = await connection.watch(seconds: 15, interval: 0.2, step: { $0.send("a") })
            #expect(watch.closedByServer)
            #expect(!watch.text.contains("200 OK"))
        }
    }

    @Test func aBodySentAByteAtATimeIsCut() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site, configure: Self.shortTimeouts) { server in
            let connection = try RawConnection(port: server.port)
            connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 1000000\r\n\r\n")
            let watch = await connection.watch(seconds: 15, interval: 0.2, step: { $0.send("a") })
            #expect(watch.closedByServer)
        }
    }

    /// An open page keeps its event stream past the timeout, with a `: ping` line now and then,
    /// and still hears of the next build.
    @Test func anEventStreamOutlivesTheTimeout() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site, configure: Self.shortTimeouts) { server in
            let connection = try RawConnection(port: server.port)
            connection.send("GET /__masthead/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAccept: text/event-stream\r\n\r\n")
            let quiet = await connection.watch(seconds: 4)
            #expect(!quiet.closedByServer, "4 s is four times the request timeout")
            #expect(quiet.text.contains("event: hello\ndata: {\"build\":1,\"failure\":0}"))
            #expect(quiet.text.components(separatedBy: ": ping\n").count > 3)

            try site.article("moka.md", title: "The moka pot", body: "Saved after a long wait.")
            let news = await connection.watch(seconds: 20, stop: { $0.contains("event: rebuild") })
            #expect(news.text.contains("event: rebuild\ndata: {\"build\":2,\"failure\":0,"))
            #expect(!news.closedByServer)
            #expect(try await server.get("/articles/moka/").text.contains("Saved after a long wait."))
        }
    }
}
