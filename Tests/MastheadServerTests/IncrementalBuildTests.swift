import Foundation
import MastheadBuild
import MastheadContent
import Testing

@testable import MastheadServer

@Suite("masthead serve: incremental rebuilds")
struct IncrementalBuildTests {
    /// Every output file of a fresh full build, as bytes.
    static func fullBuild(_ site: PreviewTestSite, now: Date) -> [String: Data] {
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
        builder.incremental = false
        return builder.rebuild(now: now).value.site.files.mapValues(\.data)
    }

    @Test func incrementalAndFullBuildsGiveIdenticalOutput() throws {
        let site = try PreviewTestSite()
        for number in 1...12 {
            try site.article(
                "a\(number).md", title: "Article \(number)", date: "2026-01-\(String(format: "%02d", number))",
                body: "Text \(number) with **bold** and a [link](https://example.org/\(number)).", extra: "\ntags: [t\(number % 3)]")
        }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
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

    /// Feeds (the site's and the category's), the sitemap and robots.txt are written by code on every build.
    static let codeFiles = 4

    @Test func aChangeRendersOnlyThePagesItTouches() throws {
        let site = try PreviewTestSite()
        for number in 1...30 {
            try site.article(
                "a\(number).md", title: "Article \(number)", date: "2026-01-\(String(format: "%02d", number))",
                body: "Text \(number).", extra: "\ntags: [t\(number % 5)]")
        }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
        let first = builder.rebuild(now: now)
        #expect(first.reusedPages == 0)
        let pageCount = first.renderedPages
        #expect(pageCount > 40)

        // Nothing changed: only the files written by code.
        let again = builder.rebuild(now: now)
        #expect(again.renderedPages == Self.codeFiles)
        #expect(again.changed.isEmpty)

        // A page: itself.
        try site.write("Content/pages/about.md", "---\ntitle: About us\ndate: 2026-01-01\n---\nWe write about tea, too.\n")
        let page = builder.rebuild(now: now)
        #expect(page.renderedPages == 1 + Self.codeFiles)
        #expect(page.changed.contains("about/index.html"))

        // A template: the pages using it (`terms`: the category and tag indexes).
        try site.write("Templates/terms.mustache", "{{<base}}{{$main}}<h1>{{terms.title}}!</h1>{{/main}}{{/base}}")
        let template = builder.rebuild(now: now)
        #expect(template.renderedPages == 2 + Self.codeFiles)
        #expect(template.changed == ["categories/index.html", "tags/index.html"])

        // One article's body: its page and the pages showing its card (home, archive, category,
        // its tag, its neighbours and the articles listing it as related), not the other articles.
        try site.article("a7.md", title: "Article 7", date: "2026-01-07", body: "A new text for seven.", extra: "\ntags: [t2]")
        let edited = builder.rebuild(now: now)
        #expect(edited.parsedDocuments == 1)
        #expect(edited.renderedPages < 15)
        #expect(edited.reusedPages > pageCount - 15)
        #expect(edited.changed.contains("articles/a7/index.html"))
        #expect(edited.value.site.files.mapValues(\.data) == Self.fullBuild(site, now: now))

        // A partial used everywhere: every page that includes it.
        try site.write("Templates/card.mustache", "<a class=\"card\" href=\"{{url}}\">{{title}} →</a>\n")
        let card = builder.rebuild(now: now)
        #expect(card.renderedPages >= 5)
        #expect(card.value.site.files.mapValues(\.data) == Self.fullBuild(site, now: now))
    }

    @Test func aStatisticsFileChangeRedrawsTheChartsThatUseIt() throws {
        let site = try PreviewTestSite()
        try site.write("Templates/report.mustache", "{{<base}}{{$main}}<h1>{{title}}</h1>{{{content}}}{{/main}}{{/base}}")
        try site.write("Content/stats/visits.csv", "day,visits\n2026-01-01,10\n2026-01-02,20\n")
        try site.write(
            "Content/reports/visits.md",
            "---\ntitle: Visits\ndate: 2026-01-01\n---\n```kpi\ntitle: Visits\nsource: stats/visits.csv\ny: { sum: visits }\n```\n")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
        let first = builder.rebuild(now: now)
        let before = String(decoding: first.value.site.files["reports/visits/index.html"]?.data ?? Data(), as: UTF8.self)
        #expect(before.contains(">30<"))
        try site.write("Content/stats/visits.csv", "day,visits\n2026-01-01,10\n2026-01-02,20\n2026-01-03,12\n")
        let second = builder.rebuild(now: now)
        let after = String(decoding: second.value.site.files["reports/visits/index.html"]?.data ?? Data(), as: UTF8.self)
        #expect(after.contains(">42<"))
        #expect(second.changed.contains("reports/visits/index.html"))
        #expect(second.value.site.files.mapValues(\.data) == Self.fullBuild(site, now: now))
    }

    @Test func aFailedBuildKeepsTheCacheUsable() throws {
        let site = try PreviewTestSite()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
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
