import Foundation
import Testing

@testable import MastheadServer

#if canImport(Glibc)
import Glibc
#endif

/// Whatever a save does to the site, the server stays up: a build that fails keeps the last
/// good site served with the overlay listing the problems, and the save that fixes it clears
/// the overlay.
@Suite("masthead serve: failed builds never take the server down", .serialized)
struct FailedBuildTests {
    /// One way of breaking the site, and of repairing it.
    struct Breakage: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var breakSite: @Sendable (PreviewTestSite) throws -> Void
        var repair: @Sendable (PreviewTestSite) throws -> Void
        /// In the overlay while the site is broken: `<code ...>place</code> <strong>error</strong>: <span ...>message`.
        var place: String
        var message: String
    }

    static let breakages: [Breakage] = [
        Breakage(
            testDescription: "site.yml deleted",
            breakSite: { try FileManager.default.removeItem(at: $0.url("Content/site.yml")) },
            repair: { try $0.write("Content/site.yml", PreviewTestSite.config) },
            place: "Content/site.yml", message: "missing site configuration"),
        Breakage(
            testDescription: "site.yml replaced by a folder",
            breakSite: { site in
                try FileManager.default.removeItem(at: site.url("Content/site.yml"))
                try FileManager.default.createDirectory(at: site.url("Content/site.yml"), withIntermediateDirectories: false)
            },
            repair: { site in
                try FileManager.default.removeItem(at: site.url("Content/site.yml"))
                try site.write("Content/site.yml", PreviewTestSite.config)
            },
            // The system's reason, as for any file that cannot be read (SiteFolder.read).
            place: "Content/site.yml", message: "cannot read this file (Is a directory)"),
        Breakage(
            testDescription: "a template replaced by a folder",
            breakSite: { site in
                try FileManager.default.removeItem(at: site.url("Templates/article.mustache"))
                try FileManager.default.createDirectory(at: site.url("Templates/article.mustache"), withIntermediateDirectories: false)
            },
            repair: { site in
                try FileManager.default.removeItem(at: site.url("Templates/article.mustache"))
                try site.write("Templates/article.mustache", PreviewTestSite.templates["article"] ?? "")
            },
            place: "Content/articles/", message: "missing template &#39;article&#39;"),
        Breakage(
            testDescription: "Templates/ deleted",
            breakSite: { try FileManager.default.removeItem(at: $0.url("Templates")) },
            repair: { site in
                for (name, text) in PreviewTestSite.templates { try site.write("Templates/\(name).mustache", text) }
            },
            place: "Templates/", message: "missing template"),
        Breakage(
            testDescription: "Content/ deleted, then made again",
            breakSite: { try FileManager.default.removeItem(at: $0.url("Content")) },
            repair: { try FailedBuildTests.writeContent($0) },
            place: "Content", message: "missing Content/ folder"),
        Breakage(
            testDescription: "an article that is not UTF-8",
            breakSite: { try $0.write("Content/articles/moka.md", Data([0xff, 0xfe, 0x2d, 0x2d, 0x2d, 0x0a])) },
            repair: { try $0.article("moka.md", title: "The moka pot", body: "Bialetti made it in 1933.") },
            place: "Content/articles/moka.md:1", message: "not valid UTF-8"),
        Breakage(
            testDescription: "an article that cannot be read (a link to a socket)",
            breakSite: { site in
                try FailedBuildTests.makeSocket(at: site.url("unreadable.sock").path)
                try FileManager.default.createSymbolicLink(
                    atPath: site.url("Content/articles/unreadable.md").path,
                    withDestinationPath: "../../unreadable.sock")
            },
            repair: { try FileManager.default.removeItem(at: $0.url("Content/articles/unreadable.md")) },
            place: "Content/articles/unreadable.md", message: ""),
        Breakage(
            testDescription: "broken front matter",
            breakSite: { try $0.write("Content/articles/moka.md", "---\ntitle: [unclosed\ndate: 2026-01-02\n---\nText.\n") },
            repair: { try $0.article("moka.md", title: "The moka pot", body: "Bialetti made it in 1933.") },
            place: "Content/articles/moka.md:", message: "")
    ]

    @Test(arguments: breakages)
    func aBrokenSiteKeepsTheLastGoodOneWithTheOverlay(_ breakage: Breakage) async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site) { server in
            try breakage.breakSite(site)
            let broken = try await Self.page(server, "/articles/espresso/") {
                $0.contains("<code style=\"color:#ff8a80\" class=\"masthead-problem-place\">\(breakage.place)")
                    && $0.contains("<strong>error</strong>: <span class=\"masthead-problem-message\">\(breakage.message)")
            }
            #expect(broken.status == 200, "the last good site is still served")
            #expect(broken.text.contains("<h1>Espresso at the bar</h1>"))
            #expect(broken.text.contains("id=\"masthead-preview-overlay\""))
            #expect(try await server.get("/css/site.css").text == "body { color: black; }\n")
            #expect(try await server.get("/no-such-page/").status == 404)

            try breakage.repair(site)
            try site.article("espresso.md", title: "Espresso at the bar", body: "Repaired.")
            let repaired = try await Self.page(server, "/articles/espresso/") { $0.contains("Repaired.") && !$0.contains("masthead-preview-overlay") }
            #expect(repaired.status == 200)
            #expect(try await server.get("/articles/moka/").text.contains("Bialetti made it in 1933."))
        }
    }

    /// As root (CI containers) a mode of 000 does not stop reading, so this runs only as a user.
    @Test(.enabled(if: getuid() != 0, "root reads any file"))
    func anArticleWithoutReadPermission() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site) { server in
            chmod(site.url("Content/articles/moka.md").path, 0)
            try site.article("espresso.md", title: "Espresso at the bar", body: "Saved while moka.md is unreadable.")
            let broken = try await Self.page(server, "/articles/espresso/") { $0.contains("masthead-problem-place\">Content/articles/moka.md") }
            #expect(broken.status == 200)
            chmod(site.url("Content/articles/moka.md").path, 0o644)
            try site.article("moka.md", title: "The moka pot", body: "Readable again.")
            let repaired = try await Self.page(server, "/articles/moka/") { $0.contains("Readable again.") }
            #expect(!repaired.text.contains("masthead-preview-overlay"))
        }
    }

    /// The site folder moved away and a fresh copy put in its place (new folders, so the old
    /// watches are gone): the server says the site is missing, then follows the new folder.
    @Test func theSiteFolderReplacedIsFollowed() async throws {
        let site = try PreviewTestSite()
        let away = site.parent.appendingPathComponent("site-away")
        try await RunningServer.with(site) { server in
            let events = try EventStreamReader(port: server.port)
            _ = await events.waitFor { $0.name == "hello" }
            try FileManager.default.moveItem(at: site.root, to: away)
            let missing = try await Self.page(server, "/articles/moka/") { $0.contains("missing Content/ folder") }
            #expect(missing.status == 200)
            #expect(missing.text.contains("Bialetti made it in 1933."))

            try FileManager.default.copyItem(at: away, to: site.root)
            _ = try await Self.page(server, "/articles/moka/") { !$0.contains("masthead-preview-overlay") }
            try site.article("moka.md", title: "The moka pot", body: "Edited in the new folder.")
            let edited = try await Self.page(server, "/articles/moka/") { $0.contains("Edited in the new folder.") }
            #expect(!edited.text.contains("masthead-preview-overlay"))
        }
    }

    /// A named pipe in Content/static (reached through a link) must not block the build: it is
    /// left out with a warning, and later saves are still built.
    @Test func aNamedPipeDoesNotStopTheBuilds() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site) { server in
            #expect(mkfifo(site.url("pipe").path, 0o644) == 0)
            try FileManager.default.createSymbolicLink(atPath: site.url("Content/static/pipe.txt").path, withDestinationPath: "../../pipe")
            try site.article("moka.md", title: "The moka pot", body: "Saved after the pipe.")
            let page = try await Self.page(server, "/articles/moka/") { $0.contains("Saved after the pipe.") }
            #expect(!page.text.contains("masthead-preview-overlay"))
            #expect(try await server.get("/pipe.txt").status == 404)
            // The link and the save may reach the watcher in one rebuild or in two: the warning is
            // in the latest report once both have been built.
            var warned = false
            for _ in 0..<100 where !warned {
                warned = server.reports.last?.diagnostics.contains { $0.file == "Content/static/pipe.txt" && $0.severity == .warning } == true
                if !warned { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(warned)
        }
    }

    /// Changes that remove things without an error: the site follows them and stays up.
    @Test func filesReplacedByFoldersAreFollowed() async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site) { server in
            try FileManager.default.removeItem(at: site.url("Content/articles/moka.md"))
            try FileManager.default.createDirectory(at: site.url("Content/articles/moka.md"), withIntermediateDirectories: false)
            try FileManager.default.removeItem(at: site.url("Content/static/css/site.css"))
            try FileManager.default.createDirectory(at: site.url("Content/static/css/site.css"), withIntermediateDirectories: false)
            _ = try await Self.page(server, "/") { !$0.contains("The moka pot") }
            #expect(try await server.get("/articles/moka/").status == 404)
            #expect(try await server.get("/css/site.css").status == 404)

            try FileManager.default.removeItem(at: site.url("Content/articles/moka.md"))
            try FileManager.default.removeItem(at: site.url("Content/static/css/site.css"))
            try site.write("Content/static/css/site.css", "body { color: brown; }\n")
            try site.article("moka.md", title: "The moka pot", body: "Back as a file.")
            _ = try await Self.page(server, "/articles/moka/") { $0.contains("Back as a file.") }
            #expect(try await server.get("/css/site.css").text == "body { color: brown; }\n")
        }
    }

    // MARK: helpers

    struct NeverShown: Error, CustomStringConvertible { var description: String }

    /// `path` fetched until `condition` holds for its text (builds follow saves a little later; a minute, as the
    /// other preview tests wait: under the whole suite on two loaded cores, 20 s was once too short).
    static func page(
        _ server: RunningServer, _ path: String, seconds: Double = 60,
        until condition: (String) -> Bool
    ) async throws -> RawResponse {
        let deadline = Date().addingTimeInterval(seconds)
        var last = try await server.get(path)
        while !condition(last.text) {
            guard Date() < deadline else { throw NeverShown(description: "\(path) never showed what was expected; last:\n\(last.text)") }
            try await Task.sleep(for: .milliseconds(50))
            last = try await server.get(path)
        }
        return last
    }

    /// What `PreviewTestSite` writes in Content/.
    static func writeContent(_ site: PreviewTestSite) throws {
        try site.write("Content/site.yml", PreviewTestSite.config)
        try site.write("Content/static/css/site.css", "body { color: black; }\n")
        try site.article("moka.md", title: "The moka pot", body: "Bialetti made it in 1933.")
        try site.article("espresso.md", title: "Espresso at the bar", body: "A short coffee.")
        try site.write("Content/pages/about.md", "---\ntitle: About us\ndate: 2026-01-01\n---\nWe write about coffee.\n")
    }

    /// A Unix socket file: listed like a file, but opening it for reading fails.
    static func makeSocket(at path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw NeverShown(description: "socket path too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw NeverShown(description: "cannot make a socket at \(path)") }
    }
}
