import Foundation
import MastheadTesting
import Testing

@testable import MastheadSite
@testable import MastheadSupport

@Suite("Front matter")
struct FrontMatterTests {
    @Test("a complete article's fields reach its page")
    func completeArticle() throws {
        let site = try TestSite()
        try site.article(
            "moka.md",
            """
            title: Il rito della moka
            subtitle: Acqua e fuoco lento
            date: 2026-03-14
            category: Coffee Culture
            tags: [Moka, tradizione]
            author: Giulia
            cover: { src: /images/moka.svg, alt: A moka pot }
            video: https://youtu.be/dQw4w9WgXcQ
            gallery:
              - { src: /images/a.svg, alt: First, caption: One }
              - { src: /images/b.svg, alt: Second }
            featured: true
            """, body: "The first paragraph of the article, long enough to read.\n\nSecond paragraph.")
        // Covers and gallery photos must exist, SVGs too.
        for name in ["moka", "a", "b"] {
            try site.write("Content/static/images/\(name).svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"></svg>")
        }
        let result = site.build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let article = try #require(result.site?.articles.first)
        #expect(article.document.title == "Il rito della moka")
        #expect(article.document.subtitle == "Acqua e fuoco lento")
        #expect(article.category?.slug == "coffee-culture")
        #expect(article.tagSlugs == ["moka", "tradizione"])
        #expect(article.document.cover == Document.Image(src: "/images/moka.svg", alt: "A moka pot"))
        #expect(article.document.video?.id == "dQw4w9WgXcQ")
        #expect(article.document.gallery.map(\.caption) == ["One", nil])
        #expect(article.document.featured)
        #expect(article.document.summary == "The first paragraph of the article, long enough to read.")
        #expect(article.path == "/articles/moka/")
    }

    @Test("a YAML syntax error names the file's line and column")
    func yamlSyntaxError() throws {
        let site = try TestSite()
        try site.article("broken.md", "title: Broken\ndate: 2026-01-01\ntags: [one, two\ncategory: coffee-culture")
        let result = site.build()
        #expect(!result.succeeded)
        let error = try #require(result.diagnostics.first { $0.file == "Content/articles/broken.md" })
        #expect(error.severity == .error)
        #expect(error.message.hasPrefix("YAML syntax:"))
        // The flow sequence opened on line 4 of the file (line 3 of the YAML) is never closed.
        #expect(error.line == 5)
        #expect(error.column != nil)
    }

    @Test("missing title and date are errors at the front matter")
    func missingRequired() throws {
        let site = try TestSite()
        try site.article("empty.md", "category: coffee-culture")
        let result = site.build()
        #expect(result.messages.contains("Content/articles/empty.md:2:1: error: missing required key 'title'"))
        #expect(result.messages.contains("Content/articles/empty.md:2:1: error: missing required key 'date'"))
    }

    @Test("a bad date points at its value")
    func badDate() throws {
        let site = try TestSite()
        try site.article("late.md", "title: Late\ndate: 14 marzo 2026\ncategory: coffee-culture")
        let result = site.build()
        #expect(
            result.messages == [
                "Content/articles/late.md:3:7: error: date: expected a date like 2026-03-14 or 2026-03-14T09:30:00+01:00, got \"14 marzo 2026\""
            ])
    }

    @Test("an impossible calendar date is refused")
    func impossibleDate() {
        let utc = TimeZone(identifier: "UTC")!
        #expect(ContentDate.parse("2026-02-31", timeZone: utc) == nil)
        #expect(ContentDate.parse("2026-13-01", timeZone: utc) == nil)
        #expect(ContentDate.parse("2026-02-28", timeZone: utc) != nil)
        let withOffset = ContentDate.parse("2026-03-14T09:30:00+01:00", timeZone: utc)
        #expect(withOffset == ContentDate.parse("2026-03-14T08:30:00Z", timeZone: utc))
    }

    @Test("an unknown category is an error that suggests the closest")
    func unknownCategory() throws {
        let site = try TestSite()
        try site.article("cat.md", "title: Cat\ndate: 2026-01-01\ncategory: cofee-culture")
        let result = site.build()
        #expect(
            result.messages == [
                "Content/articles/cat.md:4:11: error: category: unknown category 'cofee-culture'; did you mean 'coffee-culture'?"
                    + " (declared: coffee-culture, inspiring-cooking)"
            ])
    }

    @Test("two categories are refused: an article has exactly one")
    func twoCategories() throws {
        let site = try TestSite()
        try site.article("two.md", "title: Two\ndate: 2026-01-01\ncategory: [coffee-culture, inspiring-cooking]")
        #expect(site.build().messages.first?.contains("an article has exactly one category, got a list of 2") == true)
    }

    @Test("an unknown key is a warning with did-you-mean, and the build goes on")
    func unknownKeyWarning() throws {
        let site = try TestSite()
        try site.article("typo.md", "title: Typo\ndate: 2026-01-01\ncategory: coffee-culture\nsubtitel: Oops")
        let result = site.build()
        #expect(result.succeeded)
        #expect(result.messages == ["Content/articles/typo.md:5:1: warning: unknown front matter key 'subtitel'; did you mean 'subtitle'?"])
    }

    @Test("every problem of a run is reported, across files")
    func everyProblemReported() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: nope\ncategory: coffee-culture")
        try site.article("b.md", "date: 2026-01-01\ncategory: coffee-culture")
        try site.article("c.md", "title: C\ndate: 2026-01-01\ncategory: tea")
        let result = site.build()
        #expect(result.diagnostics.errors.map(\.file) == ["Content/articles/a.md", "Content/articles/b.md", "Content/articles/c.md"])
        #expect(result.files.isEmpty)
    }

    @Test("no front matter, a cover without alt text, and a bad video are each explained")
    func otherErrors() throws {
        let site = try TestSite()
        try site.write("Content/articles/plain.md", "# Just Markdown\n")
        try site.article("cover.md", "title: C\ndate: 2026-01-01\ncategory: coffee-culture\ncover: { src: /a.svg }")
        try site.article("video.md", "title: V\ndate: 2026-01-01\ncategory: coffee-culture\nvideo: https://vimeo.com/123")
        let messages = site.build().messages
        #expect(messages.contains { $0.hasPrefix("Content/articles/plain.md:1:1: error: missing front matter") })
        #expect(messages.contains { $0.hasPrefix("Content/articles/cover.md:5:8: error: cover: missing alt text") })
        #expect(
            messages.contains(
                "Content/articles/video.md:5:8: error: video: expected a YouTube URL or an 11-character video id, got \"https://vimeo.com/123\""))
    }

    @Test(
        "YouTube links in every common form give the same video",
        arguments: [
            "dQw4w9WgXcQ", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ", "https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10s"
        ])
    func videoForms(_ text: String) {
        let video = Video(text)
        #expect(video?.id == "dQw4w9WgXcQ")
        #expect(video?.embedURL == "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")
    }

    @Test("front matter with CRLF line endings and a byte order mark parses")
    func crlfAndBOM() throws {
        let site = try TestSite()
        try site.write(
            "Content/articles/win.md", "\u{FEFF}---\r\ntitle: Windows\r\ndate: 2026-01-01\r\ncategory: coffee-culture\r\n---\r\nBody text.\r\n")
        let result = site.build()
        #expect(result.succeeded, "\(result.messages)")
        #expect(result.site?.articles.first?.document.title == "Windows")
    }

    /// Dates at a fixed offset are computed by arithmetic (statistics files hold millions):
    /// the instant must be the one Foundation's calendar gives, and so must the rejections.
    @Test func fixedOffsetDatesAgreeWithTheCalendar() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<3000 {
            let year = Int.random(in: 1600...2400, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 28...31, using: &generator)
            let hour = Int.random(in: 0...23, using: &generator)
            let minute = [0, 30, 59].randomElement(using: &generator)!
            let second = [0, 7, 59, 60].randomElement(using: &generator)!
            let offset = [0, 3600, -5 * 3600, 5 * 3600 + 1800, -12 * 3600, 14 * 3600].randomElement(using: &generator)!
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: offset)!
            let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            let expected = calendar.date(from: components).flatMap { calendar.component(.day, from: $0) == day ? $0 : nil }
            #expect(
                ContentDate.fixedOffsetDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
                    == expected,
                "\(components) at \(offset)")
            checked += expected == nil ? 0 : 1
        }
        #expect(checked > 1000)
        #expect(ContentDate.parse("2024-02-29T23:59:59Z", timeZone: .current) == Date(timeIntervalSince1970: 1_709_251_199))
        #expect(ContentDate.parse("2023-02-29T10:00:00Z", timeZone: .current) == nil)
        #expect(ContentDate.parse(" 2026-03-14T09:30:00-05:00 ", timeZone: .current) == Date(timeIntervalSince1970: 1_773_498_600))
    }
}
