import Foundation
import MastheadCore
import Testing
@testable import MastheadServer

@Suite("masthead serve: incremental rebuilds")
struct IncrementalBuildTests {
    /// Every output file of a fresh full build, as bytes.
    static func fullBuild(_ site: PreviewTestSite, now: Date) -> [String: Data] {
        let builder = PreviewBuilder(siteDirectory: site.root, includeDrafts: false, includeFuture: false, baseURL: "http://127.0.0.1:1/")
        builder.incremental = false
        return builder.rebuild(now: now).value.site.files.mapValues(\.data)
    }

    @Test func incrementalAndFullBuildsGiveIdenticalOutput() throws {
        let site = try PreviewTestSite()
        for number in 1...12 {
            try site.article("a\(number).md", title: "Article \(number)", date: "2026-01-\(String(format: "%02d", number))",
                             body: "Text \(number) with **bold** and a [link](https://example.org/\(number)).", extra: "\ntags: [t\(number % 3)]")
        }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let builder = PreviewBuilder(siteDirectory: site.root, includeDrafts: false, includeFuture: false, baseURL: "http://127.0.0.1:1/")
        let first = builder.rebuild(now: now)
        #expect(first.parsedDocuments == 15)
        #expect(first.value.site.files.mapValues(\.data) == Self.fullBuild(site, now: now))

        // One article's body: only it is parsed again.
        try site.article("a5.md", title: "Article 5", date: "2026-01-05", body: "A new text for five.", extra: "\ntags: [t2]")
        let edited = builder.rebuild(now: now)
        #expect(edited.parsedDocuments == 1)
        #expect(edited.reusedDocuments == 14)
        #expect(edited.changed.contains("articles/a5/index.html"))
        #expect(!edited.changed.contains("articles/a9/index.html"))
        #expect(edited.value.site.files.mapValues(\.data) == Self.fullBuild(site, now: now))

        // A title and date change moves the article in lists, feeds and neighbours.
        try site.article("a2.md", title: "Article two, renamed", date: "2026-02-01", body: "Moved to February.", extra: "\ntags: [t0, t1]")
        let moved = builder.rebuild(now: now)
        #expect(moved.parsedDocuments == 1)
        #expect(moved.changed.contains("index.html"))
        #expect(moved.changed.contains("feed.xml"))
        #expect(moved.value.site.files.mapValues(\.data) == Self.fullBuild(site, now: now))

        // A new file, a deleted file, a template and site.yml.
        try site.article("a13.md", title: "Article 13", body: "New.")
        try FileManager.default.removeItem(at: site.url("Content/articles/a1.md"))
        let added = builder.rebuild(now: now)
        #expect(added.parsedDocuments == 1)
        #expect(added.changed.contains("articles/a1/index.html"))
        #expect(added.value.site.files["articles/a1/index.html"] == nil)
        #expect(added.value.site.files.mapValues(\.data) == Self.fullBuild(site, now: now))

        try site.write("Templates/card.mustache", "<a class=\"card\" href=\"{{url}}\">{{title}} →</a>\n")
        let template = builder.rebuild(now: now)
        #expect(template.parsedDocuments == 0)
        #expect(template.value.site.files.mapValues(\.data) == Self.fullBuild(site, now: now))

        try site.write("Content/site.yml", PreviewTestSite.config.replacingOccurrences(of: "Preview Magazine", with: "Another Magazine"))
        let config = builder.rebuild(now: now)
        #expect(config.parsedDocuments == 15, "a site.yml change parses everything again")
        #expect(config.value.site.files.mapValues(\.data) == Self.fullBuild(site, now: now))
    }

    @Test func aFailedBuildKeepsTheCacheUsable() throws {
        let site = try PreviewTestSite()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let builder = PreviewBuilder(siteDirectory: site.root, includeDrafts: false, includeFuture: false, baseURL: "http://127.0.0.1:1/")
        _ = builder.rebuild(now: now)
        try site.write("Content/articles/moka.md", "---\ntitle: [unclosed\n---\nBody\n")
        let failed = builder.rebuild(now: now)
        #expect(failed.failure == 1)
        #expect(failed.value.problems.map(\.file).contains("Content/articles/moka.md"))
        try site.article("moka.md", title: "The moka pot", body: "Bialetti made it in 1933.")
        let fixed = builder.rebuild(now: now)
        #expect(fixed.failure == 0)
        #expect(fixed.parsedDocuments == 1)
        #expect(fixed.value.site.files.mapValues(\.data) == Self.fullBuild(site, now: now))
    }
}
