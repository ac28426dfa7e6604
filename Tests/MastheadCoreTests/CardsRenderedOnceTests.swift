import Foundation
import Testing

@testable import MastheadCore

/// Each article's card is rendered once and placed wherever it appears (`CardHTML`); these
/// compare that with the simple version, every card rendered in place by its template.
@Suite("Cards rendered once equal cards rendered in place")
struct CardsRenderedOnceTests {
    static let sites = ["."] + ["beach-club", "film-club", "personal-budget", "student-housing"].map { "Examples/\($0)" }

    /// Every output file of one site, by path, built with cards rendered once or in place.
    static func build(_ site: URL, once: Bool) throws -> [String: Data] {
        var options = BuildOptions(siteDirectory: site)
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        options.cardsRenderedOnce = once
        let result = SiteBuilder.build(options)
        #expect(result.succeeded, "\(result.messages)")
        return try Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, try $0.data()) })
    }

    @Test("the default site and every example: the same files, byte for byte", arguments: sites)
    func sameSite(_ path: String) throws {
        let site = repositoryRoot.appendingPathComponent(path)
        let once = try Self.build(site, once: true)
        let inPlace = try Self.build(site, once: false)
        #expect(once.keys.sorted() == inPlace.keys.sorted())
        let different = once.keys.sorted().filter { once[$0] != inPlace[$0] }
        #expect(different.isEmpty, "differ: \(different.prefix(10))")
        // The sites with a `card` partial show cards on their lists: the comparison covers them.
        if path == "." {
            let list = try #require(once["articles/index.html"].map { String(decoding: $0, as: UTF8.self) })
            #expect(list.components(separatedBy: "class=\"card\"").count - 1 >= 6)
        }
    }

    @Test("a card with absent values, site values, nested sections and a card shown on many pages")
    func variedCards() throws {
        var templates = TestSite.minimalTemplates
        templates["card"] =
            "<a class=\"card\" href=\"{{url}}\">{{title}}</a>{{#summary}}<p>{{summary}}</p>{{/summary}}{{^summary}}<p>no summary</p>{{/summary}}"
            + "{{#category}}<b style=\"color: {{colour}}\">{{name}}</b>{{/category}}{{#cover}}<img src=\"{{src}}\" alt=\"{{alt}}\">{{/cover}}"
            + "<small>{{site.title}} · {{readingTime}} · {{dateISO}}</small>\n"
        let test = try TestSite(templates: templates)
        try test.article("a.md", "title: Alpha & Omega\ndate: 2026-01-01\ncategory: Coffee Culture\nsummary: \"First <one>\"")
        try test.article(
            "b.md", "title: Beta\ndate: 2026-01-02\ncategory: Coffee Culture\ncover: { src: /images/b.svg, alt: A cup }\ntags: [x]")
        try test.article("c.md", "title: Gamma\ndate: 2026-01-03\ncategory: Inspiring Cooking\ntags: [x]")
        try test.write("Content/static/images/b.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"/>")
        let once = try Self.build(test.root, once: true)
        let inPlace = try Self.build(test.root, once: false)
        #expect(once == inPlace)
        let first = try #require(once["index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(first.contains("<a class=\"card\" href=\"/articles/a/\">Alpha &amp; Omega</a><p>First &lt;one&gt;</p>"))
        #expect(first.contains("<img src=\"/images/b.svg\" alt=\"A cup\">"))
        #expect(first.contains("<small>Test Magazine · "))
    }
}
