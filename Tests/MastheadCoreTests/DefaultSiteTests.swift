import Foundation
import Testing

@testable import MastheadCore

@Suite("The default site (the loyalty magazine)")
struct DefaultSiteTests {
    static let result: BuildResult = {
        var options = BuildOptions(siteDirectory: repositoryRoot)
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        return SiteBuilder.build(options)
    }()

    @Test("it builds with no errors and no warnings")
    func builds() {
        #expect(Self.result.succeeded)
        #expect(Self.result.diagnostics.isEmpty, "\(Self.result.messages)")
    }

    @Test("it has the magazine's pages")
    func pages() throws {
        let result = Self.result
        let site = try #require(result.site)
        #expect(site.articles.count >= 24)
        #expect(site.articles.contains { $0.document.format == .html })
        #expect(site.articles.contains { $0.document.video != nil })
        #expect(site.articles.contains { !$0.document.gallery.isEmpty })
        #expect(site.categories.map(\.config.name) == ["Coffee Culture", "Art and Culture", "Inspiring Cooking"])
        #expect(site.categories.allSatisfy { !$0.articles.isEmpty })
        for path in [
            "index.html", "404.html", "feed.xml", "sitemap.xml", "robots.txt", "tags/index.html", "categories/index.html",
            "how-to-collect-points/index.html", "faq/index.html", "contacts/index.html",
            "categories/inspiring-cooking/feed.xml"
        ] {
            #expect(result.paths.contains(path), "\(path) missing")
        }
        let home = try #require(result.text("index.html"))
        for title in ["In evidenza", "Scopri nuove ricette", "Altre news"] {
            #expect(home.contains(title), "home lacks \(title)")
        }
    }

    @Test("every internal link and image points at a file that exists")
    func linksResolve() throws {
        let result = Self.result
        let paths = Set(result.paths)
        var broken: [String] = []
        for file in result.files where file.path.hasSuffix(".html") {
            let html = try #require(result.text(file.path))
            for target in Self.references(in: html) {
                guard target.hasPrefix("/"), !target.hasPrefix("//") else { continue }
                var path = String(target.drop { $0 == "/" }.prefix { $0 != "#" && $0 != "?" })
                path = path.removingPercentEncoding ?? path
                if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
                if !paths.contains(path) { broken.append("\(file.path) → \(target)") }
            }
        }
        #expect(broken.count == 0, "\(broken.prefix(20))")
    }

    @Test("every article page shows its category, and the video articles a click-to-load preview")
    func articlePages() throws {
        let result = Self.result
        let site = try #require(result.site)
        for article in site.articles {
            let html = try #require(result.text(String(article.path.dropFirst()) + "index.html"))
            #expect(html.contains(article.category?.name ?? "?"), "\(article.path)")
            if let video = article.document.video {
                #expect(html.contains(video.embedURL), "\(article.path)")
                #expect(!html.contains("<iframe"), "\(article.path): the player must load only on click")
            }
        }
    }

    /// `href` and `src` attribute values.
    static func references(in html: String) -> [String] {
        var found: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let value = rest[start.upperBound...].prefix { $0 != "\"" }
                found.append(String(value).replacingOccurrences(of: "&amp;", with: "&"))
                rest = rest[start.upperBound...]
            }
        }
        return found
    }
}
