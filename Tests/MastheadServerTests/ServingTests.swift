import Foundation
import MastheadTesting
import Testing

@testable import MastheadServer

@Suite("masthead serve: routes, content types, HEAD and 404", .serialized)
struct ServingTests {
    @Test func servesPagesFilesAndTheSites404() async throws {
        let site = try PreviewTestSite()
        let types: [(String, String)] = [
            ("js/app.js", "text/javascript; charset=utf-8"), ("images/logo.svg", "image/svg+xml"),
            ("data/points.json", "application/json"), ("favicon.ico", "image/x-icon"),
            ("fonts/serif.woff2", "font/woff2"), ("notes/readme.txt", "text/plain; charset=utf-8")
        ]
        for (path, _) in types { try site.write("Content/static/\(path)", "contents of \(path)") }
        // Raster images are published as resized copies (docs/images.md); an animation as it is.
        let animation = repositoryRoot.appendingPathComponent("Tests/Fixtures/images/animated.gif")
        try FileManager.default.copyItem(at: animation, to: site.root.appendingPathComponent("Content/static/images/d.gif"))
        try site.write("Content/static/images/my photo.svg", "<svg/>")
        try await RunningServer.with(site) { server in

            let home = try await server.get("/")
            #expect(home.status == 200)
            #expect(home.headers["content-type"] == "text/html; charset=utf-8")
            #expect(home.headers["cache-control"] == "no-store")
            #expect(home.text.contains("<a class=\"card\" href=\"/articles/moka/\">The moka pot</a>"))
            #expect(home.text.contains("<script id=\"masthead-live-reload\">"))

            let article = try await server.get("/articles/moka/")
            #expect(article.status == 200)
            #expect(article.text.contains("<h1>The moka pot</h1>"))
            #expect(article.text.contains("Bialetti made it in 1933."))

            let redirect = try await server.get("/articles/moka?from=home")
            #expect(redirect.status == 301)
            #expect(redirect.headers["location"] == "/articles/moka/?from=home")

            let css = try await server.get("/css/site.css")
            #expect(css.status == 200)
            #expect(css.headers["content-type"] == "text/css; charset=utf-8")
            #expect(css.text == "body { color: black; }\n", "no script is injected outside HTML")

            for (path, type) in types {
                let response = try await server.get("/" + path)
                #expect(response.status == 200, "\(path)")
                #expect(response.headers["content-type"] == type, "\(path)")
                #expect(response.headers["cache-control"] == "no-store", "\(path)")
                #expect(response.text == "contents of \(path)", "\(path)")
            }
            let gif = try await server.get("/images/d.gif")
            #expect(gif.status == 200 && gif.headers["content-type"] == "image/gif")
            let feed = try await server.get("/feed.xml")
            #expect(feed.status == 200)
            #expect(feed.headers["content-type"] == "application/xml; charset=utf-8")

            let encoded = try await server.get("/images/my%20photo.svg")
            #expect(encoded.status == 200)
            #expect(encoded.text == "<svg/>")

            let head = try await server.head("/articles/moka/")
            #expect(head.status == 200)
            #expect(head.headers["content-type"] == "text/html; charset=utf-8")
            #expect(head.headers["content-length"] == String(article.body.count))
            #expect(head.body.isEmpty)

            let missing = try await server.get("/articles/no-such-article/")
            #expect(missing.status == 404)
            #expect(missing.headers["content-type"] == "text/html; charset=utf-8")
            #expect(missing.text.contains("This page is not in the magazine"))
            let missingHead = try await server.head("/nothing-here.png")
            #expect(missingHead.status == 404)
            #expect(missingHead.body.isEmpty)
        }
    }

    @Test(arguments: [
        "/../secret.txt", "/../../secret.txt", "/articles/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
        "/.%2e/secret.txt", "/%2e%2e%2fsecret.txt", "/css%2f..%2f..%2fsecret.txt", "/css/%2e%2e/%2e%2e/secret.txt",
        "/..%5csecret.txt", "/\\..\\secret.txt", "/css\\..\\..\\secret.txt", "//secret.txt", "//etc/passwd",
        "/etc/passwd", "/%2fetc%2fpasswd", "/a%00.txt", "/css/site.css%00.txt", "/%zz", "http://127.0.0.1/../secret.txt",
        "/./css/site.css", "/leak.txt", "/Content/site.yml", "/../site/Content/site.yml"
    ])
    func refusesEveryWayOut(target: String) async throws {
        let site = try PreviewTestSite()
        try await RunningServer.with(site) { server in
            let response = try await server.get(target)
            #expect(response.status == 400 || response.status == 404, "\(target) gave \(response.status)")
            #expect(!response.text.contains(PreviewTestSite.secret))
            #expect(!response.text.contains("baseURL"))
        }
    }

    @Test func servesALinkThatStaysInsideTheSite() async throws {
        let site = try PreviewTestSite()
        try site.write("Content/static/real.txt", "inside")
        try FileManager.default.createSymbolicLink(
            atPath: site.url("Content/static/alias.txt").path, withDestinationPath: site.url("Content/static/real.txt").path)
        try await RunningServer.with(site) { server in
            let alias = try await server.get("/alias.txt")
            #expect(alias.text == "inside")
        }
    }

    @Test func marksDraftAndScheduledArticlesWithABanner() async throws {
        let site = try PreviewTestSite()
        try site.article("secret-blend.md", title: "The secret blend", body: "Not yet.", extra: "\ndraft: true")
        try site.article("next-year.md", title: "Next year", date: "2999-01-01", body: "Later.")
        try await RunningServer.with(site, drafts: true, future: true) { server in
            let draft = try await server.get("/articles/secret-blend/")
            #expect(draft.status == 200)
            #expect(draft.text.contains("id=\"masthead-preview-banner\""))
            #expect(draft.text.contains("Draft: not published. Shown because of --drafts."))
            let future = try await server.get("/articles/next-year/")
            #expect(future.text.contains("Scheduled: publishes on 2999-01-01. Shown because of --future."))
            let published = try await server.get("/articles/moka/")
            #expect(!published.text.contains("masthead-preview-banner"))
        }
    }
}
