import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild

/// `masthead build` after an edit: a page whose fingerprint (`RouteFingerprints`) is the one the
/// last build recorded is that build's file, kept, not rendered again (`LastPages`); the
/// output folder is always a clean build's, byte for byte.
@Suite("Build cache: pages whose inputs are unchanged are kept, not rendered")
struct KeptPagesTests {
    let cache = CacheTests()

    func work(_ outcome: CachedBuild.Outcome) -> BuildResult.Work? {
        if case .built(let result, _) = outcome { return result.work }
        return nil
    }

    /// The sample site with eight more articles, so that lists and neighbours leave most pages apart from any one article.
    func site() throws -> TestSite {
        let site = try cache.sampleSite()
        for number in 1...8 {
            try site.article("n\(number).md", "title: N\(number)\ndate: 2026-02-0\(number)\ncategory: inspiring-cooking", body: "Note \(number).")
        }
        return site
    }

    /// `site()` built once into its `public/` folder, with the cache.
    func built() throws -> (site: TestSite, output: URL) {
        let site = try site()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        return (site, output)
    }

    /// The folder a build without the cache makes of the site as it is now.
    func clean(_ site: TestSite, now: String = "2026-11-23T10:00:00Z") throws -> [String: Data] {
        let folder = site.root.appendingPathComponent("clean-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try cache.build(site, into: folder, useCache: false, now: now)
        return try cache.contents(of: folder)
    }

    @Test("an article's body edited: its page and the pages showing its card are drawn again, the rest kept as they were")
    func bodyEdited() throws {
        let site = try site()
        let output = site.root.appendingPathComponent("public")
        let first = try #require(work(try cache.build(site, into: output)))
        #expect(first.keptPages == 0)
        let untouched = ["about/index.html", "tags/x/index.html", "articles/n5/index.html"]
        func statuses() -> [String] { untouched.map { "\(String(describing: cache.status(output.appendingPathComponent($0))))" } }
        let before = statuses()

        try site.article("c.md", "title: C\ndate: 2026-01-03\ncategory: coffee-culture", body: "Gamma, rewritten.")
        let edited = try #require(work(try cache.build(site, into: output)))
        #expect(edited.keptPages > edited.renderedPages, "\(edited)")
        #expect(edited.renderedPages >= 3 && edited.renderedPages < first.renderedPages, "\(edited)")
        let files = try cache.contents(of: output)
        #expect(String(decoding: files["articles/c/index.html"] ?? Data(), as: UTF8.self).contains("Gamma, rewritten."))
        #expect(statuses() == before, "kept pages keep their file and time")
        #expect(files == (try clean(site)))
    }

    @Test("an article's title changed: every list, neighbour and home section showing its card has the new title")
    func titleChanged() throws {
        let (site, output) = try built()
        try site.article("n4.md", "title: Renamed four\ndate: 2026-02-04\ncategory: inspiring-cooking", body: "Note 4.")
        let edited = try #require(work(try cache.build(site, into: output)))
        #expect(edited.keptPages > 0)
        let files = try cache.contents(of: output)
        for page in ["index.html", "articles/n3/index.html", "articles/n5/index.html"] {
            #expect(String(decoding: files[page] ?? Data(), as: UTF8.self).contains("Renamed four"), "\(page)")
        }
        #expect(files == (try clean(site)))
    }

    @Test("a template edited, or a build without the cache: every page is drawn again")
    func everyPageDrawn() throws {
        let (site, output) = try built()
        try site.write("Templates/card.mustache", "<a class=\"card\" href=\"{{url}}\">{{title}} ({{date}})</a>\n")
        let edited = try #require(work(try cache.build(site, into: output)))
        #expect(edited.keptPages == 0 && edited.renderedPages > 0, "\(edited)")
        let files = try cache.contents(of: output)
        #expect(files.values.contains { String(decoding: $0, as: UTF8.self).contains("\">N8 (") })
        #expect(files == (try clean(site)))
        let again = try #require(work(try cache.build(site, into: output, useCache: false)))
        #expect(again.keptPages == 0 && again.renderedPages == edited.renderedPages, "\(again)")
    }

    @Test("the default site, one article edited: the folder is a clean build's, byte for byte")
    func defaultSite() throws {
        let site = try TestSite(config: "", templates: [:])
        for folder in ["Content", "Templates"] {
            try? FileManager.default.removeItem(at: site.url(folder))
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(folder), to: site.url(folder))
        }
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        let folder = site.url("Content/articles").path
        let articles = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }.sorted()
        let article = site.url("Content/articles/" + articles[articles.count / 2])
        try (String(contentsOf: article, encoding: .utf8) + "\nA sentence added for the test.\n").write(
            to: article, atomically: true, encoding: .utf8)
        let edited = try #require(work(try cache.build(site, into: output)))
        #expect(edited.keptPages > edited.renderedPages, "\(edited)")
        let files = try cache.contents(of: output)
        #expect(files.values.contains { String(decoding: $0, as: UTF8.self).contains("A sentence added for the test.") })
        #expect(files == (try clean(site)))
    }

    @Test("a catalog item whose visible: date arrives, no file changed: the catalog's pages show it")
    func catalogItemAppears() throws {
        let templates = TestSite.minimalTemplates.merging([
            "catalog-index": "{{<base}}{{$main}}{{#items}}<p>{{key}}</p>{{/items}}{{/main}}{{/base}}",
            "catalog-item": "{{<base}}{{$main}}<h1>{{item.key}}</h1>{{/main}}{{/base}}"
        ]) { _, new in new }
        let offers =
            "catalogs:\n  offers:\n    file: catalogs/offers.csv\n    key: key\n    label: Offers\n"
            + "    schema:\n      key: { type: string, required: true }\n      start: date\n    visible: { from: start }\n"
        let site = try TestSite(config: TestSite.minimalConfig + "\n" + offers, templates: templates)
        try site.write("Content/catalogs/offers.csv", "key,start\nalways,\nlater,2026-12-01\n")
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output, now: "2026-11-23T10:00:00Z")
        let before = try cache.contents(of: output)
        #expect(before.values.contains { String(decoding: $0, as: UTF8.self).contains("<p>always</p>") })
        #expect(!before.values.contains { String(decoding: $0, as: UTF8.self).contains("<p>later</p>") })
        _ = try cache.build(site, into: output, now: "2026-12-02T10:00:00Z")
        let after = try cache.contents(of: output)
        #expect(after.values.contains { String(decoding: $0, as: UTF8.self).contains("<p>later</p>") })
        #expect(after == (try clean(site, now: "2026-12-02T10:00:00Z")))
    }
}
