import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

@Suite("The default site (the loyalty magazine)")
struct DefaultSiteTests {
    static var result: BuildResult { SharedSites.defaultSite }

    @Test("it builds with no errors and no warnings")
    func builds() {
        #expect(Self.result.succeeded)
        #expect(Self.result.diagnostics.isEmpty, "\(Self.result.messages)")
    }

    /// An archive page's navigation: its HTML from the archive-nav element on.
    static func archiveNavigation(_ html: String) -> String {
        html.components(separatedBy: "class=\"wrap archive-nav\"").dropFirst().first ?? ""
    }

    /// The month archives an archive page's navigation links to, as `2026/03`.
    static func monthLinks(_ html: String) -> Set<String> {
        let links = archiveNavigation(html).components(separatedBy: "href=\"/articles/").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        return Set(links.filter { $0.count == 8 }.map { String($0.dropLast()) })
    }

    @Test("the archive's navigation lists every year and the months of one: the newest, or the year shown")
    func archiveNavigation() throws {
        let archive = try #require(Self.result.text("articles/index.html"))
        let year2025 = try #require(Self.result.text("articles/2025/index.html"))
        #expect(archive.contains("href=\"/articles/2026/\"") && archive.contains("href=\"/articles/2025/\""))
        #expect(archive.components(separatedBy: "class=\"archive-months\"").count == 2)
        #expect(!Self.monthLinks(archive).isEmpty)
        #expect(Self.monthLinks(archive).allSatisfy { $0.hasPrefix("2026/") }, "\(Self.monthLinks(archive))")
        #expect(year2025.contains("href=\"/articles/2026/\""))
        #expect(!Self.monthLinks(year2025).isEmpty)
        #expect(Self.monthLinks(year2025).allSatisfy { $0.hasPrefix("2025/") }, "\(Self.monthLinks(year2025))")
        // Only the year itself is the current page, not each of its months.
        #expect(Self.archiveNavigation(year2025).components(separatedBy: "aria-current=\"page\"").count == 2)
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
