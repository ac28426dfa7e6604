import Foundation
import MastheadBuild
import MastheadContent
import Testing

@testable import MastheadServer

/// Saved articles, pages and static files patched into the kept build: the result must be
/// the full build's, byte for byte, and anything a patch cannot follow builds in full.
@Suite("masthead serve: patching saved files into the last build")
struct PatchTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A site of 12 articles in two tags, the fixture's page and stylesheet, built once.
    static func builtSite() throws -> (PreviewTestSite, PreviewBuilder) {
        let site = try PreviewTestSite()
        for number in 1...12 {
            try site.article(
                "a\(number).md", title: "Article \(number)", date: "2026-01-\(String(format: "%02d", number))",
                body: "Text \(number).", extra: "\ntags: [t\(number % 2)]")
        }
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
        #expect(builder.rebuild(now: now).failure == 0)
        return (site, builder)
    }

    static func output(_ outcome: PreviewBuilder.Outcome) -> [String: Data] {
        outcome.value.site.files.mapValues(\.data)
    }

    static func page(_ outcome: PreviewBuilder.Outcome, _ path: String) -> String {
        String(decoding: outcome.value.site.files[path]?.data ?? Data(), as: UTF8.self)
    }

    @Test func anArticleBodyIsPatchedIntoItsPageAndTheCardsShowingIt() throws {
        let (site, builder) = try Self.builtSite()
        try site.article("a5.md", title: "Article 5", date: "2026-01-05", body: "A *new* text for five.", extra: "\ntags: [t1]")
        let edited = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a5.md"]))
        #expect(edited.patched)
        #expect(edited.parsedDocuments == 1)
        #expect(Self.page(edited, "articles/a5/index.html").contains("A <em>new</em> text for five."))
        // Its page, the feeds that carry its text; not the other articles.
        #expect(edited.changed.contains("articles/a5/index.html"))
        #expect(edited.changed.contains("feed.xml"))
        #expect(!edited.changed.contains(where: { $0.hasPrefix("articles/a9/") }))
        #expect(edited.renderedPages < 15)
        #expect(Self.output(edited) == IncrementalBuildTests.fullBuild(site, now: Self.now))

        // A new title shows on every card of it.
        try site.article("a5.md", title: "Article five, retitled", date: "2026-01-05", body: "A *new* text for five.", extra: "\ntags: [t1]")
        let retitled = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a5.md"]))
        #expect(retitled.patched)
        for list in ["articles/index.html", "tags/t1/index.html", "categories/coffee-culture/index.html"] {
            #expect(Self.page(retitled, list).contains(">Article five, retitled</a>"))
            #expect(!Self.page(retitled, list).contains(">Article 5</a>"))
        }
        #expect(Self.output(retitled) == IncrementalBuildTests.fullBuild(site, now: Self.now))
    }

    @Test func theSearchIndexFollowsOnceThePatchedPageIsShown() throws {
        let site = try PreviewTestSite()
        try site.write("Templates/search.mustache", "{{<base}}{{$main}}<h1>Search</h1>{{/main}}{{/base}}")
        for number in 1...12 {
            try site.article("a\(number).md", title: "Article \(number)", date: "2026-01-\(String(format: "%02d", number))", body: "Text \(number).")
        }
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
        #expect(builder.rebuild(now: Self.now).failure == 0)
        #expect(builder.finishSearchPatch() == nil)
        try site.article("a5.md", title: "Article 5", date: "2026-01-05", body: "A new paragraph about zabaglione.")
        let edited = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a5.md"]))
        #expect(edited.patched)
        #expect(Self.page(edited, "articles/a5/index.html").contains("zabaglione"))
        // The page first; the index after, under the same build number (no reload for it).
        #expect(!edited.changed.contains { $0.hasPrefix("search/") })
        let indexed = try #require(builder.finishSearchPatch())
        #expect(indexed.site.number == edited.value.site.number)
        let shards = indexed.site.files.filter { $0.key.hasPrefix("search/shards/") }.values.map { String(decoding: $0.data, as: UTF8.self) }
        #expect(shards.contains { $0.contains("\"zabaglione\"") })
        // Every file of a full build, the index's entry included, as the preview now serves
        // it, and no other: the last index's replaced shards are gone.
        #expect(indexed.site.files.mapValues(\.data) == IncrementalBuildTests.fullBuild(site, now: Self.now))
        #expect(builder.finishSearchPatch() == nil)
    }

    @Test func aliasesAndTheirTitleMatchTheFullBuild() throws {
        let (site, builder) = try Self.builtSite()
        for (title, extra) in [
            ("Article 5", "\ntags: [t1]\naliases: [/old/five/]"), ("Article five", "\ntags: [t1]\naliases: [/old/five/]"),
            ("Article five", "\ntags: [t1]\naliases: [/old/five/, /older/five/]"), ("Article five", "\ntags: [t1]")
        ] {
            try site.article("a5.md", title: title, date: "2026-01-05", body: "Text 5.", extra: extra)
            let saved = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a5.md"]))
            #expect(Self.output(saved) == IncrementalBuildTests.fullBuild(site, now: Self.now), "\(title) \(extra)")
        }
        try site.article("a5.md", title: "Article five", date: "2026-01-05", body: "Text 5.", extra: "\ntags: [t1]\naliases: [/old/five/]")
        let saved = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a5.md"]))
        #expect(Self.page(saved, "old/five/index.html").contains("<title>Article five</title>"))
        #expect(Self.page(saved, "_redirects") == "/old/five/ /articles/a5/ 301\n")
    }

    @Test func aWarningFixedBySavingIsNoLongerShown() throws {
        let (site, builder) = try Self.builtSite()
        try site.article("a5.md", title: "Article 5", date: "2026-01-05", body: "Text 5.", extra: "\ntags: [t1]\ncategroy: tea")
        let warned = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a5.md"]))
        #expect(!warned.patched, "a file with a problem builds in full")
        #expect(warned.diagnostics.map(\.description).contains { $0.hasPrefix("Content/articles/a5.md:") && $0.contains("categroy") })
        try site.article("a5.md", title: "Article 5", date: "2026-01-05", body: "Text 5.", extra: "\ntags: [t1]")
        let fixed = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a5.md"]))
        #expect(fixed.patched)
        #expect(!fixed.diagnostics.contains { $0.file == "Content/articles/a5.md" })
    }

    @Test func pagesStaticFilesAndEditorTemporaryFilesArePatched() throws {
        let (site, builder) = try Self.builtSite()
        try site.write("Content/pages/about.md", "---\ntitle: About us\ndate: 2026-01-01\n---\nWe write about tea, too.\n")
        try site.write("Content/static/css/site.css", "body { color: navy; }\n")
        // An editor's atomic save leaves events for a temporary file already renamed away.
        let outcome = builder.rebuild(
            now: Self.now,
            changes: Changes(
                saved: ["Content/pages/about.md", "Content/static/css/site.css"],
                removed: ["Content/pages/.about.md.swp", "Content/pages/4913", "Templates/.article.mustache.tmp"]))
        #expect(outcome.patched)
        #expect(outcome.changed == ["about/index.html", "css/site.css"])
        #expect(Self.page(outcome, "about/index.html").contains("tea, too"))
        #expect(Self.output(outcome) == IncrementalBuildTests.fullBuild(site, now: Self.now))
    }

    /// Each change below alters more than the saved file's own pages and cards, or the
    /// files read: a full build follows, and its output is the full build's.
    @Test(arguments: [
        "date", "tags", "draft", "reorder", "new file", "deleted file", "template", "site.yml", "bad front matter", "folder"
    ])
    func changesAPatchCannotFollowBuildInFull(change: String) throws {
        let (site, builder) = try Self.builtSite()
        var changes: Changes? = Changes(saved: ["Content/articles/a5.md"])
        switch change {
        case "date":
            try site.article("a5.md", title: "Article 5", date: "2026-02-05", body: "Text 5.", extra: "\ntags: [t1]")
        case "tags":
            try site.article("a5.md", title: "Article 5", date: "2026-01-05", body: "Text 5.", extra: "\ntags: [t1, t7]")
        case "draft":
            try site.article("a5.md", title: "Article 5", date: "2026-01-05", body: "Text 5.", extra: "\ntags: [t1]\ndraft: true")
        case "reorder":
            // Articles 5 and 6 share a date, so the title decides their order: "Zebra" moves 5 after 6.
            try site.article("a6.md", title: "Article 6", date: "2026-01-05", body: "Text 6.", extra: "\ntags: [t0]")
            #expect(builder.rebuild(now: Self.now).failure == 0)
            try site.article("a5.md", title: "Zebra", date: "2026-01-05", body: "Text 5.", extra: "\ntags: [t1]")
        case "new file":
            try site.article("a13.md", title: "Article 13", date: "2026-01-13", body: "New.")
            changes = Changes(saved: ["Content/articles/a13.md"])
        case "deleted file":
            try FileManager.default.removeItem(at: site.url("Content/articles/a5.md"))
            changes = Changes(removed: ["Content/articles/a5.md"])
        case "template":
            try site.write("Templates/card.mustache", "<a class=\"card\" href=\"{{url}}\">{{title}} →</a>\n")
            changes = Changes(saved: ["Templates/card.mustache"])
        case "site.yml":
            try site.write("Content/site.yml", PreviewTestSite.config.replacingOccurrences(of: "Preview Magazine", with: "Another Magazine"))
            changes = Changes(saved: ["Content/site.yml"])
        case "bad front matter":
            try site.write("Content/articles/a5.md", "---\ntitle: [unclosed\n---\nBody\n")
        default:
            try site.article("2026/a14.md", title: "Article 14", date: "2026-01-14", body: "In a folder.")
            changes = nil  // what the watcher reports for a new folder
        }
        let outcome = builder.rebuild(now: Self.now, changes: changes)
        #expect(!outcome.patched)
        if change == "bad front matter" {
            #expect(outcome.failure == 1)
            #expect(outcome.value.problems.map(\.file) == ["Content/articles/a5.md"])
            // Fixed again: the failed build left nothing to patch, so this one builds in full too.
            try site.article("a5.md", title: "Article 5", date: "2026-01-05", body: "Fixed.", extra: "\ntags: [t1]")
            let fixed = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a5.md"]))
            #expect(!fixed.patched)
            #expect(fixed.failure == 0)
            #expect(Self.output(fixed) == IncrementalBuildTests.fullBuild(site, now: Self.now))
        } else {
            #expect(outcome.failure == 0)
            #expect(Self.output(outcome) == IncrementalBuildTests.fullBuild(site, now: Self.now))
            // And the next save patches the build that followed.
            try site.article("a3.md", title: "Article 3", date: "2026-01-03", body: "Three again.", extra: "\ntags: [t1]")
            let next = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a3.md"]))
            #expect(next.patched)
            #expect(Self.output(next) == IncrementalBuildTests.fullBuild(site, now: Self.now))
        }
    }

    @Test func aPublicationDateReachedBuildsInFull() throws {
        let (site, builder) = try Self.builtSite()
        try site.article("later.md", title: "Later", date: "2027-06-01", body: "Not yet.")
        #expect(!builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/later.md"])).patched)
        try site.article("a5.md", title: "Article 5", date: "2026-01-05", body: "Edited.", extra: "\ntags: [t1]")
        let published = Date(timeIntervalSince1970: 1_830_000_000)  // after 2027-06-01
        let outcome = builder.rebuild(now: published, changes: Changes(saved: ["Content/articles/a5.md"]))
        #expect(!outcome.patched)
        #expect(Self.page(outcome, "index.html").contains("Later"))
    }

    @Test func theWatcherNamesTheSavedFilesAndGivesUpOnFolders() async throws {
        let site = try PreviewTestSite()
        let watcher = SourceWatcher(siteFolder: SiteFolder(site.root), quietPeriod: 0.05)
        defer { watcher.stop() }
        var bursts = watcher.changes().makeAsyncIterator()
        try site.atomicSave("Content/articles/moka.md", "---\ntitle: Moka\ndate: 2026-01-02\ncategory: coffee-culture\n---\nSaved.\n")
        try site.write("Content/static/css/site.css", "body { color: navy; }\n")
        _ = await bursts.next()
        try await Task.sleep(for: .milliseconds(100))
        let saved = try #require(watcher.takeChanges())
        #expect(saved.saved == ["Content/articles/moka.md", "Content/static/css/site.css"])
        // The temporary file renamed over the article is named too, as removed; a patch ignores it.
        #expect(saved.removed.count == 1 && saved.removed.allSatisfy { $0.hasPrefix("Content/articles/.moka.md.tmp-") }, "\(saved.removed)")
        #expect(watcher.takeChanges() == Changes())

        try FileManager.default.createDirectory(at: site.url("Content/articles/2026"), withIntermediateDirectories: true)
        _ = await bursts.next()
        try await Task.sleep(for: .milliseconds(100))
        #expect(watcher.takeChanges() == nil)
    }
}
