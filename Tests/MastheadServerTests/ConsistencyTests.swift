import Foundation
import Testing

@testable import MastheadServer

@Suite("masthead serve: requests during rebuilds", .serialized)
struct ConsistencyTests {
    /// Round k adds article k and says `round k` on every page (site.yml's description).
    /// Clients keep asking for the archive and article pages while the site is rebuilt
    /// again and again: every answer must be a whole page, a client never goes back to an
    /// older site, and every article an archive lists exists when asked for next.
    @Test func requestsSeeTheOldOrTheNewSiteNeverAMix() async throws {
        let site = try PreviewTestSite()
        try FileManager.default.removeItem(at: site.url("Content/articles"))
        try Self.writeBuild(1, in: site)
        let rounds = 8
        try await RunningServer.with(site) { server in
            let events = try EventStreamReader(port: server.port)
            _ = await events.waitFor { $0.name == "hello" }
            let clients = (0..<3).map { client in
                Task { try await Self.hammer(server, client: client, until: rounds) }
            }
            for build in 2...rounds {
                try Self.writeBuild(build, in: site)
                _ = await events.waitFor { $0.name == "rebuild" && $0.data.contains("\"articles/n\(build)/index.html\"") }
            }
            var answers = 0
            for client in clients { answers += try await client.value }
            // Every client was answered and checked. How many answers a round gets depends on the
            // machine's load (23 for 24 rounds once under the whole suite, 6 for 8 beside a release
            // build), so no count per round: the checks are in `hammer`, on every answer.
            #expect(answers >= clients.count)
        }
    }

    static func writeBuild(_ build: Int, in site: PreviewTestSite) throws {
        let config = PreviewTestSite.config.replacingOccurrences(of: "description: build 1", with: "description: build \(build)")
        try site.write("Content/site.yml", config + "\n")
        try site.article(
            "n\(build).md", title: "Number \(build)", date: "2026-01-\(String(format: "%02d", build))",
            body: String(repeating: "Words of article \(build). ", count: 400))
    }

    /// Returns how many answers were checked.
    static func hammer(_ server: RunningServer, client: Int, until lastBuild: Int) async throws -> Int {
        var newestSeen = 0
        var checked = 0
        let deadline = Date().addingTimeInterval(60)
        while newestSeen < lastBuild, Date() < deadline {
            let archive = try await server.get("/articles/")
            let build = try #require(Self.build(in: archive.text), "archive without a build marker: \(archive.text.prefix(200))")
            #expect(archive.status == 200)
            #expect(archive.text.hasSuffix("</html>\n"))
            #expect(build >= newestSeen, "client \(client) went back from round \(newestSeen) to \(build)")
            newestSeen = max(newestSeen, build)
            let links = archive.text.components(separatedBy: "class=\"card\" href=\"").dropFirst().compactMap {
                $0.split(separator: "\"").first.map(String.init)
            }
            #expect(links.count >= build - 1 && links.count <= build, "the archive of round \(build) lists \(links.count) articles")
            if let link = links.randomElement() {
                let page = try await server.get(link)
                #expect(page.status == 200, "\(link) listed in round \(build) is missing")
                let pageBuild = Self.build(in: page.text) ?? -1
                #expect(pageBuild >= build, "\(link) came from round \(pageBuild) after the archive of round \(build)")
                #expect(page.text.hasSuffix("</html>\n"))
                newestSeen = max(newestSeen, pageBuild)
            }
            checked += 1
        }
        return checked
    }

    static func build(in html: String) -> Int? {
        guard let range = html.range(of: "<p class=\"marker\">build ") else { return nil }
        return Int(html[range.upperBound...].prefix { $0.isNumber })
    }
}
