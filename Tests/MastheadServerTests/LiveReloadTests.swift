import Foundation
import Testing

@testable import MastheadServer

@Suite("masthead serve: watching, live reload and the error overlay", .serialized)
struct LiveReloadTests {
    /// The `rebuild` event of the build after `build` that changed `path`.
    static func rebuild(_ events: EventStreamReader, from start: Int = 0, changing path: String) async -> EventStreamReader.Event? {
        await events.waitFor(from: start) { $0.name == "rebuild" && $0.data.contains("\"\(path)\"") }
    }

    @Test func anEditSendsAnEventAndServesTheNewPage() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site) { server in
            let events = try EventStreamReader(port: server.port)
            let hello = await events.waitFor { $0.name == "hello" }
            #expect(hello?.data == "{\"build\":1,\"failure\":0}")

            try site.article("moka.md", title: "The moka pot", body: "Alfonso Bialetti patented it in 1933.")
            let event = await Self.rebuild(events, changing: "articles/moka/index.html")
            #expect(event?.data.hasPrefix("{\"build\":2,\"failure\":0,\"changed\":[") == true)
            let page = try await server.get("/articles/moka/")
            #expect(page.text.contains("Alfonso Bialetti patented it in 1933."))
            #expect(page.text.contains("var served = \"articles/moka/index.html\", build = 2, failure = 0;"))
        }
    }

    @Test func noticesAtomicSavesNewFilesRenamesAndDeletions() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site) { server in
            let events = try EventStreamReader(port: server.port)
            _ = await events.waitFor { $0.name == "hello" }

            try site.atomicSave(
                "Content/articles/espresso.md", "---\ntitle: Espresso, saved atomically\ndate: 2026-01-02\ncategory: coffee-culture\n---\nNew.\n")
            #expect(await Self.rebuild(events, changing: "articles/espresso/index.html") != nil)
            #expect(try await server.get("/articles/espresso/").text.contains("Espresso, saved atomically"))

            try site.article("cortado.md", title: "Cortado", body: "Half and half.")
            #expect(await Self.rebuild(events, changing: "articles/cortado/index.html") != nil)
            #expect(try await server.get("/articles/cortado/").status == 200)

            try FileManager.default.moveItem(at: site.url("Content/articles/cortado.md"), to: site.url("Content/articles/cortadito.md"))
            #expect(await Self.rebuild(events, changing: "articles/cortadito/index.html") != nil)
            #expect(try await server.get("/articles/cortado/").status == 404)
            #expect(try await server.get("/articles/cortadito/").status == 200)

            try FileManager.default.createDirectory(at: site.url("Content/static/new-folder"), withIntermediateDirectories: true)
            try await Task.sleep(for: .milliseconds(200))
            try site.write("Content/static/new-folder/note.txt", "in a folder made while serving")
            #expect(await Self.rebuild(events, changing: "new-folder/note.txt") != nil)
            #expect(try await server.get("/new-folder/note.txt").text == "in a folder made while serving")

            let beforeDeletion = events.received.count
            try FileManager.default.removeItem(at: site.url("Content/articles/espresso.md"))
            #expect(await Self.rebuild(events, from: beforeDeletion, changing: "articles/espresso/index.html") != nil)
            #expect(try await server.get("/articles/espresso/").status == 404)
        }
    }

    /// The served index's shards, as one text (found through `search/index.json`).
    static func servedShards(_ server: RunningServer) async throws -> String {
        let entry = try await server.get("/search/index.json").text
        var shards = ""
        for match in entry.matches(of: /"([0-9a-f]{16})"/) { shards += try await server.get("/search/shards/\(match.1).json").text }
        return shards
    }

    @Test func twoSavesInARowReloadBothPagesAndTheIndexFollowsBoth() async throws {
        let site = try PreviewTestSite()
        try site.write("Templates/search.mustache", "{{<base}}{{$main}}<h1>Search</h1>{{/main}}{{/base}}")
        try await RunningServer.with(site) { server in
            let events = try EventStreamReader(port: server.port)
            _ = await events.waitFor { $0.name == "hello" }
            // The second save comes as soon as the first page reloads, while the index is being made.
            try site.article("moka.md", title: "The moka pot", body: "Served with zabaglione.")
            #expect(await Self.rebuild(events, changing: "articles/moka/index.html") != nil)
            try site.article("espresso.md", title: "Espresso at the bar", body: "Served with panettone.")
            #expect(await Self.rebuild(events, changing: "articles/espresso/index.html") != nil)
            #expect(try await server.get("/articles/espresso/").text.contains("Served with panettone."))
            var shards = ""
            for _ in 0..<100 {
                shards = try await Self.servedShards(server)
                if shards.contains("\"zabaglione\""), shards.contains("\"panettone\"") { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(shards.contains("\"zabaglione\""))
            #expect(shards.contains("\"panettone\""))
        }
    }

    @Test func aCSSChangeIsAnnouncedWithoutThePages() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site) { server in
            let events = try EventStreamReader(port: server.port)
            _ = await events.waitFor { $0.name == "hello" }
            try site.write("Content/static/css/site.css", "body { color: brown; }\n")
            let event = await Self.rebuild(events, changing: "css/site.css")
            #expect(event?.data == "{\"build\":2,\"failure\":0,\"changed\":[\"css/site.css\"]}")
            #expect(try await server.get("/css/site.css").text == "body { color: brown; }\n")
        }
    }

    @Test func theOverlayListsProblemsThenClears() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site) { server in
            let events = try EventStreamReader(port: server.port)
            _ = await events.waitFor { $0.name == "hello" }

            try site.write(
                "Content/articles/moka.md", "---\ntitle: The moka pot\ndate: 2026-13-40\ncategory: coffee-culture\n---\nA <broken> front matter.\n")
            let failed = await events.waitFor { $0.name == "rebuild" && $0.data.contains("\"failure\":1") }
            #expect(failed?.data == "{\"build\":1,\"failure\":1,\"changed\":[]}")
            let page = try await server.get("/articles/espresso/")
            #expect(page.status == 200, "the last good site is still served")
            #expect(page.text.contains("<h1>Espresso at the bar</h1>"))
            #expect(page.text.contains("id=\"masthead-preview-overlay\""))
            #expect(page.text.contains("Content/articles/moka.md:3:7</code> <strong>error</strong>"))
            #expect(page.text.contains("Build failed with 1 error"))
            let old = try await server.get("/articles/moka/")
            #expect(old.text.contains("Bialetti made it in 1933."), "the page of the broken file keeps its last good version")

            try site.write("Content/templates-are-fine.txt", "")
            try site.write("Templates/article.mustache", "{{<base}}{{$main}}<h1>{{article.title}</h1>{{/main}}{{/base}}")
            let templateFailure = await events.waitFor { $0.name == "rebuild" && $0.data.contains("\"failure\":2") }
            #expect(templateFailure != nil)
            let both = try await server.get("/")
            #expect(both.text.contains("Templates/article.mustache:1:"))
            #expect(both.text.contains("Content/articles/moka.md:3:7"))

            try site.write("Templates/article.mustache", PreviewTestSite.templates["article"] ?? "")
            try site.article("moka.md", title: "The moka pot", body: "Fixed: Bialetti made it in 1933.")
            let fixed = await events.waitFor { $0.name == "rebuild" && $0.data.contains("\"failure\":0") }
            #expect(fixed?.data.hasPrefix("{\"build\":2,\"failure\":0,") == true)
            let clean = try await server.get("/articles/moka/")
            #expect(!clean.text.contains("masthead-preview-overlay"))
            #expect(clean.text.contains("Fixed: Bialetti made it in 1933."))
        }
    }

    @Test func aMissingContentFolderIsShownNotFatal() async throws {
        let site = try PreviewTestSite()
        try FileManager.default.moveItem(at: site.url("Content"), to: site.url("Elsewhere"))
        try await RunningServer.with(site) { server in
            let page = try await server.get("/")
            #expect(page.status == 500)
            #expect(page.text.contains("missing Content/ folder"))
            #expect(page.text.contains("id=\"masthead-preview-overlay\""))

            let events = try EventStreamReader(port: server.port)
            _ = await events.waitFor { $0.name == "hello" }
            try FileManager.default.moveItem(at: site.url("Elsewhere"), to: site.url("Content"))
            #expect(await events.waitFor { $0.name == "rebuild" && $0.data.contains("\"failure\":0") } != nil)
            #expect(try await server.get("/articles/moka/").status == 200)
        }
    }
}
