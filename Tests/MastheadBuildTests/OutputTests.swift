import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

@Suite("Feeds, sitemap, determinism and writing")
struct OutputTests {
    func sampleSite() throws -> TestSite {
        let site = try TestSite()
        try site.article(
            "a.md", "title: A & B <tests>\ndate: 2026-01-01T09:30:00+01:00\ncategory: coffee-culture\ntags: [x]",
            body: "Body with [a link](/articles/b/).")
        try site.article("b.md", "title: B\ndate: 2026-01-02\ncategory: inspiring-cooking")
        try site.write("Content/pages/about.md", "---\ntitle: About\ndate: 2026-01-01\n---\nAbout us.")
        try site.write("Content/static/images/x.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        return site
    }

    @Test("the Atom feeds are well-formed, with absolute URLs and RFC 3339 dates")
    func feeds() throws {
        let site = try sampleSite()
        let result = site.build()
        for path in ["feed.xml", "categories/coffee-culture/feed.xml", "categories/inspiring-cooking/feed.xml"] {
            let xml = try #require(result.text(path), "\(path) missing")
            let feed = XMLCheck.parse(xml)
            #expect(feed.error == nil, "\(path): \(feed.error ?? "")")
            #expect(feed.attributes(of: "link", "href").allSatisfy { $0.hasPrefix("https://example.org/") })
            #expect(feed.texts(of: "id").allSatisfy { $0.hasPrefix("https://example.org/") })
            for date in feed.texts(of: "updated") + feed.texts(of: "published") {
                #expect(date.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$"#, options: .regularExpression) != nil, "\(date)")
            }
        }
        let siteFeed = XMLCheck.parse(try #require(result.text("feed.xml")))
        #expect(siteFeed.texts(of: "title").contains("A & B <tests>"))
        #expect(siteFeed.texts(of: "published").contains("2026-01-01T08:30:00Z"))
        #expect(
            siteFeed.texts(of: "id").filter { $0.contains("/articles/") } == ["https://example.org/articles/b/", "https://example.org/articles/a/"])
    }

    @Test("the sitemap lists every page with an absolute URL, and robots.txt points at it")
    func sitemap() throws {
        let result = try sampleSite().build()
        let sitemap = XMLCheck.parse(try #require(result.text("sitemap.xml")))
        #expect(sitemap.error == nil)
        let locations = sitemap.texts(of: "loc")
        #expect(locations.allSatisfy { $0.hasPrefix("https://example.org/") })
        for path in ["", "articles/a/", "articles/b/", "about/", "tags/x/", "categories/coffee-culture/", "articles/"] {
            #expect(locations.contains("https://example.org/\(path)"), "\(path)")
        }
        #expect(!locations.contains { $0.contains("404") })
        #expect(result.text("robots.txt")?.contains("Sitemap: https://example.org/sitemap.xml") == true)
    }

    @Test("the same content built twice gives byte-identical files")
    func deterministic() throws {
        let site = try sampleSite()
        let first = site.build()
        let second = site.build()
        #expect(first.paths == second.paths)
        for file in first.files {
            #expect(first.text(file.path) == second.text(file.path), "\(file.path) differs")
        }
        let outA = site.root.appendingPathComponent("outA")
        let outB = site.root.appendingPathComponent("outB")
        try OutputWriter.write(first.files, to: outA, siteFolder: SiteFolder(site.root))
        try OutputWriter.write(second.files, to: outB, siteFolder: SiteFolder(site.root))
        for path in first.paths {
            let a = try Data(contentsOf: outA.appendingPathComponent(path))
            let b = try Data(contentsOf: outB.appendingPathComponent(path))
            #expect(a == b, "\(path) differs on disk")
        }
    }

    @Test("a build writes its pages in batches as they are rendered, and the folder holds exactly the in-memory build")
    func pagesWrittenInBatches() throws {
        let site = try TestSite()
        // More routes than one batch (`RenderStage.batchSize`).
        for number in 1...2100 {
            try site.article(
                "a\(number).md",
                "title: Article \(number)\ndate: 2026-01-01T\(String(format: "%02d:%02d", number / 60 % 24, number % 60)):00Z\n"
                    + "category: coffee-culture",
                body: "Text \(number).")
        }
        var options = BuildOptions(siteFolder: SiteFolder(site.root))
        options.now = try #require(ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!))
        let inMemory = Pipeline.run(options: options)
        #expect(inMemory.succeeded)
        #expect(inMemory.files.count > RenderStage.batchSize)

        let output = site.root.appendingPathComponent("public")
        guard case .built(let written, let report) = try CachedBuild.run(options, output: output, useCache: false) else {
            Issue.record("the build did not write")
            return
        }
        #expect(written.files.count < 10, "pages went to the disk, not into the result")
        #expect(written.streamedPages == inMemory.site?.routes.count)
        #expect(report.written == inMemory.files.count)
        for file in inMemory.files {
            #expect(try Data(contentsOf: output.appendingPathComponent(file.path)) == file.data(), "\(file.path)")
        }
        let onDisk = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(onDisk.count == inMemory.files.count + 1, "the site's files and Masthead's marker")
    }

    @Test("a page sink that fails stops the build with its error")
    func failingSink() throws {
        let site = try sampleSite()
        var options = BuildOptions(siteFolder: SiteFolder(site.root))
        options.pageDelivery = .streamed { _ in throw OutputWriter.Failure(description: "disk full") }
        let result = Pipeline.run(options: options)
        #expect(!result.succeeded)
        #expect(result.diagnostics.map(\.description).contains("masthead: error: cannot write the site: disk full"))
    }

    @Test("writing swaps the whole folder in, leaving no stale file and no staging folder")
    func swapIn() throws {
        let site = try sampleSite()
        let output = site.root.appendingPathComponent("public")
        try OutputWriter.write(site.build().files, to: output, siteFolder: SiteFolder(site.root))
        try Data("old".utf8).write(to: output.appendingPathComponent("stale.html"))
        try OutputWriter.write(site.build().files, to: output, siteFolder: SiteFolder(site.root))
        let manager = FileManager.default
        #expect(!manager.fileExists(atPath: output.appendingPathComponent("stale.html").path))
        #expect(manager.fileExists(atPath: output.appendingPathComponent("articles/a/index.html").path))
        #expect(manager.fileExists(atPath: output.appendingPathComponent("images/x.svg").path))
        #expect(!manager.fileExists(atPath: output.path + ".masthead-new"))
        #expect(!manager.fileExists(atPath: output.path + ".masthead-old"))
    }

    @Test("output folders that would destroy the site are refused")
    func unsafeOutput() throws {
        let site = try TestSite()
        for target in [
            "/", site.root.path, site.root.appendingPathComponent("Content").path,
            site.root.appendingPathComponent("Templates").path, site.root.deletingLastPathComponent().path,
            site.root.appendingPathComponent("Content/static/out").path
        ] {
            #expect(OutputWriter.checkSafe(output: URL(fileURLWithPath: target), siteFolder: SiteFolder(site.root)) != nil, "\(target)")
        }
        #expect(OutputWriter.checkSafe(output: site.root.appendingPathComponent("public"), siteFolder: SiteFolder(site.root)) == nil)
        #expect(!OutputWriter.isSafeRelativePath("../etc/passwd"))
        #expect(!OutputWriter.isSafeRelativePath("/etc/passwd"))
    }
}
