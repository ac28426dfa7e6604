import Foundation
import MastheadBuild
import MastheadContent
import Testing

@testable import MastheadServer

/// A poll that finds a database result changed (issue 40): the preview parses again only the
/// files whose blocks read it and renders only the pages showing them, and the result is the
/// full build's, byte for byte. A named chart's change renders only the pages whose template
/// shows named charts.
@Suite("masthead serve: a changed database result redraws only the pages reading it", .serialized)
struct DatabasePatchTests {
    static let now = PatchTests.now

    /// A page and an article drawn from the table, ten articles that are not, and a named chart
    /// of the table shown by the home page only.
    static func builtSite(table: String) throws -> (PreviewTestSite, PreviewBuilder) {
        let site = try PreviewTestSite()
        let dataset = "{ postgres: { url: env:MASTHEAD_TEST_POSTGRES_URL }, table: \(table), poll: 5 }"
        try site.write(
            "Content/site.yml",
            PreviewTestSite.config.replacingOccurrences(
                of: "    slug: coffee-culture", with: "    slug: coffee-culture\n  - name: Numbers\n    slug: numbers")
                + "\ndatasets:\n  events: \(dataset)\ncharts:\n  byKind:\n    type: bar\n    title: Points by kind\n    source: events\n"
                + "    x: kind\n    y: { sum: points }\n")
        try site.write(
            "Templates/home.mustache",
            "{{<base}}{{$main}}{{{charts.byKind}}}{{#sections}}{{#articles}}{{> card}}{{/articles}}{{/sections}}{{/main}}{{/base}}")
        let block = "```table\nsource: events\nx: kind\ny: { sum: points }\n```"
        try site.write("Content/pages/figures.md", "---\ntitle: Figures\ndate: 2026-01-01\n---\n\(block)\n")
        // In a category of its own, so that no other article lists it as related.
        try site.write(
            "Content/articles/drawn.md", "---\ntitle: Drawn from the table\ndate: 2026-01-20\ncategory: numbers\n---\nThe figures:\n\n\(block)\n")
        for number in 1...10 {
            try site.article("a\(number).md", title: "Article \(number)", date: "2026-01-\(String(format: "%02d", number))", body: "Text \(number).")
        }
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
        let first = builder.rebuild(now: now)
        #expect(first.failure == 0, "\(first.diagnostics)")
        #expect(PatchTests.page(first, "figures/index.html").contains(">111<"))
        return (site, builder)
    }

    /// The test server's URL and a new table in it, or nil and a recorded failure.
    static func table() throws -> (url: String, name: String)? {
        guard let url = ProcessInfo.processInfo.environment["MASTHEAD_TEST_POSTGRES_URL"], !url.isEmpty else {
            Issue.record("MASTHEAD_TEST_POSTGRES_URL is not set: run the suite through scripts/with-postgres.sh")
            return nil
        }
        let name = "patch_\(UUID().uuidString.prefix(8).lowercased())"
        try DatabasePollTests.psql(url, "CREATE TABLE \(name) (kind text, points integer); INSERT INTO \(name) VALUES ('code', 111), ('bonus', 222)")
        return (url, name)
    }

    @Test func aChangedRowPatchesTheDocumentsReadingIt() throws {
        guard let (url, table) = try Self.table() else { return }
        defer { try? DatabasePollTests.psql(url, "DROP TABLE IF EXISTS \(table)") }
        let (site, builder) = try Self.builtSite(table: table)
        // Nothing changed: a poll says so, and nothing is rebuilt.
        #expect(builder.databaseResults.poll(now: Date().addingTimeInterval(6)).isEmpty)

        try DatabasePollTests.psql(url, "UPDATE \(table) SET points = 333 WHERE kind = 'code'")
        let readers = builder.databaseResults.poll(now: Date().addingTimeInterval(12))
        #expect(readers == ["Content/site.yml", "Content/articles/drawn.md", "Content/pages/figures.md"])
        let polled = builder.rebuild(now: Self.now, changes: Changes(databaseReaders: readers))
        #expect(polled.failure == 0, "\(polled.diagnostics)")
        // The named chart is drawn from site.yml: the site is built again, from memory.
        #expect(!polled.patched)
        #expect(polled.parsedDocuments == 2, "the page and the article reading the table")
        #expect(PatchTests.page(polled, "figures/index.html").contains(">333<"))
        #expect(PatchTests.page(polled, "articles/drawn/index.html").contains(">333<"))
        #expect(PatchTests.page(polled, "index.html").contains("333"))
        // The two documents' pages, the home page (the chart, and the article's card), the lists
        // showing the article, its neighbour, and the files written by code (feeds, sitemap);
        // not the ten other articles' pages, their category's or the 404.
        #expect(!polled.changed.contains("articles/a3/index.html"), "\(polled.changed)")
        #expect(polled.renderedPages <= 14 && polled.reusedPages >= 15, "\(polled.renderedPages) rendered, \(polled.reusedPages) kept")
        #expect(PatchTests.output(polled) == IncrementalBuildTests.fullBuild(site, now: Self.now))
    }

    @Test func withoutANamedChartAPollIsAPatch() throws {
        guard let (url, table) = try Self.table() else { return }
        defer { try? DatabasePollTests.psql(url, "DROP TABLE IF EXISTS \(table)") }
        let (site, _) = try Self.builtSite(table: table)
        // The same site without the chart: only the page and the article read the table.
        let config = try String(contentsOf: site.url("Content/site.yml"), encoding: .utf8)
        try site.write("Content/site.yml", String(config[..<config.range(of: "charts:")!.lowerBound]))
        try site.write("Templates/home.mustache", PreviewTestSite.templates["home"]!)
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
        #expect(builder.rebuild(now: Self.now).failure == 0)

        try DatabasePollTests.psql(url, "UPDATE \(table) SET points = 444 WHERE kind = 'bonus'")
        let readers = builder.databaseResults.poll(now: Date().addingTimeInterval(6))
        #expect(readers == ["Content/articles/drawn.md", "Content/pages/figures.md"])
        let polled = builder.rebuild(now: Self.now, changes: Changes(databaseReaders: readers))
        #expect(polled.patched)
        #expect(polled.parsedDocuments == 2)
        #expect(PatchTests.page(polled, "figures/index.html").contains(">444<"))
        #expect(polled.changed.contains("figures/index.html") && polled.changed.contains("articles/drawn/index.html"))
        #expect(!polled.changed.contains("articles/a3/index.html"), "\(polled.changed)")
        #expect(PatchTests.output(polled) == IncrementalBuildTests.fullBuild(site, now: Self.now))

        // A save and a changed row together: both patched in one rebuild.
        try DatabasePollTests.psql(url, "UPDATE \(table) SET points = 555 WHERE kind = 'bonus'")
        let changedRows = builder.databaseResults.poll(now: Date().addingTimeInterval(12))
        #expect(!changedRows.isEmpty)
        try site.article("a4.md", title: "Article 4, retitled", date: "2026-01-04", body: "Text 4.")
        let both = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a4.md"], databaseReaders: changedRows))
        #expect(both.patched)
        #expect(both.parsedDocuments == 3)
        #expect(PatchTests.page(both, "figures/index.html").contains(">555<"))
        #expect(PatchTests.output(both) == IncrementalBuildTests.fullBuild(site, now: Self.now))
    }

    /// A saved SQLite database (the watcher's change): the documents reading it are patched in.
    @Test func aSavedSQLiteFileIsPatchedIntoThePagesReadingIt() throws {
        let site = try DatabasePollTests.sqliteSite()
        for number in 1...6 { try site.article("a\(number).md", title: "Article \(number)", date: "2026-01-0\(number)", body: "Text.") }
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
        let first = builder.rebuild(now: Self.now)
        #expect(PatchTests.page(first, "figures/index.html").contains(">111<"))

        try DatabasePollTests.sqlite(site, "UPDATE events SET points = 333;")
        let saved = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/stats/events.sqlite"]))
        #expect(saved.patched)
        #expect(saved.parsedDocuments == 1)
        #expect(saved.changed == ["figures/index.html"], "\(saved.changed)")
        #expect(PatchTests.page(saved, "figures/index.html").contains(">333<"))
        #expect(PatchTests.output(saved) == IncrementalBuildTests.fullBuild(site, now: Self.now))
    }
}
