import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// The sitemap of a site with more URLs than one file may list (sitemaps.org: 50,000): an index
/// at `/sitemap.xml` and the URLs in `/sitemap1.xml`, `/sitemap2.xml`... Tests cut at a few URLs.
@Suite("Sitemap in parts")
struct SitemapTests {
    static func locs(_ xml: String?, _ element: String = "url") -> [String] {
        (xml ?? "").components(separatedBy: "<\(element)><loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    /// Every `<url>` entry, whole (its lastmod and alternates with it).
    static func entries(_ xml: String?) -> [String] {
        (xml ?? "").components(separatedBy: "\n").filter { $0.hasPrefix("  <url>") }
    }

    func build(_ site: TestSite, urlsPerFile: Int) -> BuildResult {
        var options = site.options()
        options.sitemapURLsPerFile = urlsPerFile
        return Pipeline.run(options: options)
    }

    func site() throws -> TestSite {
        let site = try TestSite(config: TestSite.minimalConfig, templates: TestSite.minimalTemplates)
        for day in 1...9 {
            try site.article("a\(day).md", "title: Article \(day)\ndate: 2026-03-0\(day)\ncategory: coffee-culture")
        }
        return site
    }

    @Test("past the limit, sitemap.xml indexes parts that list every URL once, in order, none over the limit")
    func cutInParts() throws {
        let site = try site()
        let whole = build(site, urlsPerFile: 50_000)
        #expect(whole.succeeded, "\(whole.messages)")
        let all = Self.entries(whole.text("sitemap.xml"))
        #expect(all.count > 12, "the fixture lists \(all.count) URLs")
        #expect(!whole.paths.contains("sitemap1.xml"))

        let cut = build(site, urlsPerFile: 5)
        #expect(cut.succeeded, "\(cut.messages)")
        let index = try #require(cut.text("sitemap.xml"))
        let partCount = (all.count + 4) / 5
        #expect(index.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"))
        #expect(!index.contains("<urlset"))
        #expect(Self.locs(index, "sitemap") == (1...partCount).map { "https://example.org/sitemap\($0).xml" })
        var listed: [String] = []
        for number in 1...partCount {
            let part = try #require(cut.text("sitemap\(number).xml"), "sitemap\(number).xml missing")
            #expect(part.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset"))
            #expect(part.hasSuffix("</urlset>\n"))
            let entries = Self.entries(part)
            #expect(entries.count == (number < partCount ? 5 : all.count - 5 * (partCount - 1)))
            listed += entries
        }
        #expect(listed == all, "the parts list what the whole sitemap lists")
        #expect(!cut.paths.contains("sitemap\(partCount + 1).xml"))
        #expect(cut.text("robots.txt")?.contains("Sitemap: https://example.org/sitemap.xml") == true)
    }

    @Test("at the limit exactly, one sitemap; one URL more, two parts")
    func atTheLimit() throws {
        let site = try site()
        let count = Self.entries(build(site, urlsPerFile: 50_000).text("sitemap.xml")).count
        let exact = build(site, urlsPerFile: count)
        #expect(Self.entries(exact.text("sitemap.xml")).count == count)
        #expect(!exact.paths.contains("sitemap1.xml"))
        let over = build(site, urlsPerFile: count - 1)
        #expect(Self.locs(over.text("sitemap.xml"), "sitemap") == ["https://example.org/sitemap1.xml", "https://example.org/sitemap2.xml"])
        #expect(Self.entries(over.text("sitemap2.xml")).count == 1)
    }

    @Test("a multilingual site's parts count every language's pages, each with its alternates")
    func multilingual() throws {
        let site = try MultilingualFixture.site()
        var options = site.options()
        let whole = Pipeline.run(options: options)
        let all = Self.entries(whole.text("sitemap.xml"))
        #expect(all.contains { $0.contains("<loc>https://example.org/en/articles/the-moka-ritual/</loc>") })
        options.sitemapURLsPerFile = 4
        let cut = Pipeline.run(options: options)
        #expect(cut.succeeded, "\(cut.messages)")
        let parts = Self.locs(cut.text("sitemap.xml"), "sitemap")
        #expect(parts.count == (all.count + 3) / 4)
        let listed = parts.indices.flatMap { Self.entries(cut.text("sitemap\($0 + 1).xml")) }
        #expect(listed == all)
        #expect(cut.text("sitemap1.xml")?.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"") == true)
        #expect(!cut.paths.contains("en/sitemap1.xml"))
    }
}
