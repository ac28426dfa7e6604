import Foundation
import Testing

@testable import MastheadServer

/// DNS rebinding: a page of another site whose DNS name points at the preview's address must
/// not be able to read it. Its requests carry its own name in `Host`, which is refused.
@Suite("masthead serve: the Host header names the server (DNS rebinding)", .serialized)
struct HostHeaderTests {
    @Test(arguments: [
        ("127.0.0.1", true), ("127.0.0.1:8080", true), ("localhost", true), ("localhost:8080", true), ("LocalHost:8080", true),
        ("localhost.:8080", true), ("[::1]", true), ("[::1]:8080", true), ("127.0.0.2:8080", true), ("localhost:", true),
        ("evil.example", false), ("evil.example:8080", false), ("127.0.0.1.evil.example", false), ("localhost.evil.example:8080", false),
        ("mybox", false), ("10.0.0.1:8080", false), ("192.168.1.5", false), ("[::2]:8080", false), ("2130706433", false),
        ("localhost:80:80", false), ("localhost:abc", false), ("::1", false), ("[::1", false), (":8080", false), ("", false)
    ])
    func loopbackAnswersOnlyToLoopbackNames(host: String, allowed: Bool) {
        #expect(AllowedHosts(listeningOn: "127.0.0.1", machineName: "mybox").allows(host) == allowed, "\(host)")
    }

    @Test(arguments: [
        ("192.168.1.5:8080", true), ("localhost:8080", true), ("127.0.0.1", true), ("mybox:8080", true), ("mybox.local", true),
        ("MyBox.example.org", true), ("10.0.0.1:8080", false), ("evil.example", false), ("mybox.evil.example", false)
    ])
    func anAddressElsewhereAnswersToItselfAndTheMachinesName(host: String, allowed: Bool) {
        #expect(AllowedHosts(listeningOn: "192.168.1.5", machineName: "mybox.example.org").allows(host) == allowed, "\(host)")
    }

    @Test(arguments: ["0.0.0.0", "::", "[::]"])
    func everyInterfaceAnswersToAnyAddressButOnlyKnownNames(listen: String) {
        let hosts = AllowedHosts(listeningOn: listen, machineName: "mybox")
        for host in ["10.1.2.3:8080", "192.168.1.5", "[fe80::1%25eth0]:8080", "[2001:db8::1]", "localhost:8080", "mybox:8080", "mybox.local"] {
            #expect(hosts.allows(host), "\(host)")
        }
        for host in ["evil.example:8080", "mybox.evil.example", "rebind.127.0.0.1.nip.io:8080"] {
            #expect(!hosts.allows(host), "\(host)")
        }
        #expect(hosts.summary == "any IP address, localhost, mybox or mybox.local")
    }

    @Test func aNameGivenToHostIsAccepted() {
        let hosts = AllowedHosts(listeningOn: "preview.lan", machineName: "mybox")
        #expect(hosts.allows("preview.lan:8080"))
        #expect(hosts.allows("localhost"))
        #expect(!hosts.allows("evil.example"))
        #expect(AllowedHosts(listeningOn: "localhost", machineName: "mybox").summary == "localhost, 127.0.0.1 or [::1]")
        #expect(!AllowedHosts(listeningOn: "localhost", machineName: "mybox").allows("mybox"), "loopback only: not the machine's name")
    }

    /// Pages, static files, the 404 page, HEAD and the event stream are all refused.
    @Test func aForeignHostIsRefusedEverywhere() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site) { server in
            for target in ["/", "/articles/moka/", "/css/site.css", "/feed.xml", "/no-such-page/", "/__masthead/events"] {
                let refused = try await RawHTTP.exchange(
                    port: server.port, "GET \(target) HTTP/1.1\r\nHost: evil.example:\(server.port)\r\nConnection: close\r\n\r\n")
                #expect(refused.status == 403, "\(target)")
                #expect(refused.headers["content-type"] == "text/plain; charset=utf-8")
                #expect(
                    refused.text == "Refused: the Host \"evil.example:\(server.port)\" does not name this preview server, "
                        + "which answers to localhost, 127.0.0.1 or [::1]."
                        + " Another name could be a web site reading the preview through DNS rebinding.\n"
                )
                #expect(!refused.text.contains("moka") && !refused.text.contains("body {"), "\(target)")
            }
            let head = try await RawHTTP.exchange(
                port: server.port, "HEAD /articles/moka/ HTTP/1.1\r\nHost: rebind.example\r\nConnection: close\r\n\r\n", method: "HEAD")
            #expect(head.status == 403)
            #expect(head.body.isEmpty)

            let missing = try await RawHTTP.exchange(port: server.port, "GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
            #expect(missing.status == 400)
            #expect(missing.text == "Refused: the request has no Host header.\n")

            for host in ["localhost:\(server.port)", "[::1]:\(server.port)", "127.0.0.1", "LOCALHOST"] {
                let page = try await RawHTTP.exchange(port: server.port, "GET /articles/moka/ HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                #expect(page.status == 200, "\(host)")
                #expect(page.text.contains("Bialetti made it in 1933."), "\(host)")
            }
        }
    }

    @Test func aServerBoundElsewhereAnswersToThatAddress() async throws {
        let site = try PreviewTestSite()
        let boundElsewhere: (inout PreviewServer.Configuration) -> Void = { $0.host = "127.0.0.2" }
        try await RunningServer.with(site, configure: boundElsewhere) { server in
            let own = try await RawHTTP.exchange(
                port: server.port, address: "127.0.0.2", "GET / HTTP/1.1\r\nHost: 127.0.0.2:\(server.port)\r\nConnection: close\r\n\r\n")
            #expect(own.status == 200)
            let foreign = try await RawHTTP.exchange(
                port: server.port, address: "127.0.0.2", "GET / HTTP/1.1\r\nHost: evil.example:\(server.port)\r\nConnection: close\r\n\r\n")
            #expect(foreign.status == 403)
        }
    }

    @Test func aServerOnEveryInterfaceAnswersToAddressesAndTheMachinesName() async throws {
        let site = try PreviewTestSite()
        let machine = try #require(AllowedHosts.machineName())
        let everyInterface: (inout PreviewServer.Configuration) -> Void = { $0.host = "0.0.0.0" }
        try await RunningServer.with(site, configure: everyInterface) { server in
            for host in ["10.1.2.3:\(server.port)", "127.0.0.1:\(server.port)", "localhost", machine] {
                let page = try await RawHTTP.exchange(port: server.port, "GET / HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                #expect(page.status == 200, "\(host)")
            }
            let foreign = try await RawHTTP.exchange(port: server.port, "GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
            #expect(foreign.status == 403)
            #expect(foreign.text.contains("which answers to any IP address, localhost, "))
        }
    }
}
