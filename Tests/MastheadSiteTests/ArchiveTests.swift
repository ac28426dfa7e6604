import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

@Suite("year and month archives")
struct ArchiveTests {
    static let templates = TestSite.minimalTemplates.merging([
        "list":
            "{{<base}}{{$main}}<h1>{{list.title}}</h1>{{#articles}}{{> card}}{{/articles}}"
            + "{{#pagination}}<nav>{{#pages}}<a href=\"{{url}}\">{{number}}</a>{{/pages}}</nav>{{/pagination}}"
            + "{{#list.archive.years}}<p class=\"year\"><a href=\"{{url}}\">{{name}}</a> {{count}}{{#current}} *{{/current}}:"
            + "{{#months}} <a href=\"{{url}}\">{{name}}</a> {{count}}{{#current}} *{{/current}}{{/months}}</p>{{/list.archive.years}}"
            + "{{/main}}{{/base}}",
        "article": "{{<base}}{{$main}}<a class=\"date\" href=\"{{article.archiveURL}}\">{{article.date}}</a>{{/main}}{{/base}}"
    ]) { _, new in new }

    func site(language: String = "en", extra: String = "") throws -> TestSite {
        let config =
            TestSite.minimalConfig.replacingOccurrences(of: "language: en", with: "language: \(language)")
            + "\ntimezone: Europe/Rome\n" + extra
        let site = try TestSite(config: config, templates: Self.templates)
        // Rome is an hour ahead of UTC in March: 1 March 00:30 there is 28 February in UTC.
        try site.article("a.md", "title: A\ndate: 2026-03-01T00:30:00+01:00\ncategory: coffee-culture")
        try site.article("b.md", "title: B\ndate: 2026-03-10\ncategory: coffee-culture")
        try site.article("c.md", "title: C\ndate: 2026-03-20\ncategory: coffee-culture")
        try site.article("d.md", "title: D\ndate: 2026-02-14\ncategory: coffee-culture")
        try site.article("e.md", "title: E\ndate: 2025-12-31T23:30:00+01:00\ncategory: coffee-culture")
        return site
    }

    func cards(_ html: String?) -> [String] {
        (html ?? "").components(separatedBy: "class=\"card\" href=\"/articles/").dropFirst().map { String($0.prefix { $0 != "/" }) }
    }

    @Test("a page per year and per month, newest first, paginated, in the site's time zone")
    func pagesAndOrder() throws {
        let result = try site().build()
        #expect(!result.diagnostics.hasErrors, "\(result.messages)")
        #expect(cards(result.text("articles/2026/index.html")) == ["c", "b"])
        #expect(cards(result.text("articles/2026/page/2/index.html")) == ["a", "d"])
        #expect(cards(result.text("articles/2026/03/index.html")) == ["c", "b"])
        #expect(cards(result.text("articles/2026/03/page/2/index.html")) == ["a"])
        #expect(cards(result.text("articles/2026/02/index.html")) == ["d"])
        #expect(cards(result.text("articles/2025/12/index.html")) == ["e"])
        // The archive of every article: its pages take their slice of all articles in order.
        #expect(cards(result.text("articles/index.html")) == ["c", "b"])
        #expect(cards(result.text("articles/page/2/index.html")) == ["a", "d"])
        #expect(cards(result.text("articles/page/3/index.html")) == ["e"])
        #expect(result.text("articles/2026/01/index.html") == nil)
        #expect(result.text("articles/2026/03/index.html")?.contains("<h1>Articles: March 2026</h1>") == true)
        #expect(result.text("articles/2026/index.html")?.contains("<title>Articles: 2026 · Test Magazine</title>") == true)
    }

    @Test("the archive index lists every year and the months of the newest or the one shown, the current marked; dates link to months")
    func indexAndLinks() throws {
        let result = try site().build()
        let newestOpen =
            "<p class=\"year\"><a href=\"/articles/2026/\">2026</a> 4: <a href=\"/articles/2026/03/\">March</a> 3"
            + " <a href=\"/articles/2026/02/\">February</a> 1</p>"
            + "<p class=\"year\"><a href=\"/articles/2025/\">2025</a> 1:</p>"
        #expect(result.text("articles/index.html")?.contains(newestOpen) == true)
        #expect(result.text("articles/page/3/index.html")?.contains(newestOpen) == true)
        #expect(result.text("articles/2026/03/index.html")?.contains("<a href=\"/articles/2026/03/\">March</a> 3 *") == true)
        #expect(result.text("articles/2026/index.html")?.contains("<a href=\"/articles/2026/\">2026</a> 4 *:") == true)
        // The pages of 2025 list its months and not 2026's.
        let olderOpen =
            "<p class=\"year\"><a href=\"/articles/2026/\">2026</a> 4:</p>"
            + "<p class=\"year\"><a href=\"/articles/2025/\">2025</a> 1: <a href=\"/articles/2025/12/\">December</a> 1 *</p>"
        #expect(result.text("articles/2025/12/index.html")?.contains(olderOpen) == true)
        let year2025 = result.text("articles/2025/index.html") ?? ""
        #expect(year2025.contains("<a href=\"/articles/2025/\">2025</a> 1 *: <a href=\"/articles/2025/12/\">December</a> 1</p>"), "\(year2025)")
        #expect(result.text("articles/a/index.html")?.contains("<a class=\"date\" href=\"/articles/2026/03/\">March 1, 2026</a>") == true)
    }

    @Test("titles and month names in the site's language")
    func language() throws {
        let result = try site(language: "it").build()
        #expect(result.text("articles/2026/03/index.html")?.contains("<h1>Articoli: marzo 2026</h1>") == true)
        #expect(result.text("articles/2025/12/index.html")?.contains("<h1>Articoli: dicembre 2025</h1>") == true)
    }

    @Test("archives: false writes none and links none")
    func switchedOff() throws {
        let result = try site(extra: "archives: false\n").build()
        #expect(!result.diagnostics.hasErrors, "\(result.messages)")
        #expect(!result.paths.contains { $0.hasPrefix("articles/2026/") })
        #expect(result.text("articles/a/index.html")?.contains("<a class=\"date\" href=\"\">") == true)
        #expect(result.text("articles/index.html")?.contains("class=\"year\"") == false)
    }
}
