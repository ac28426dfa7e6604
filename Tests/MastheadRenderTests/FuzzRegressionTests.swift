import Foundation
import MastheadTesting
import Testing

@testable import MastheadMustache
@testable import MastheadRender
@testable import MastheadSupport

/// What the fuzz targets of Fuzz/ found (docs/checking.md, "Fuzzing"), each with its input in
/// Tests/Fixtures/bad/.
@Suite("Fuzz findings")
struct FuzzRegressionTests {
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/bad")

    /// Whether `text` holds `needle` byte for byte (String's own search compares Characters,
    /// and a quote followed by a combining mark is one Character).
    func holds(_ text: String, _ needle: String) -> Bool {
        Data(text.utf8).range(of: Data(needle.utf8)) != nil
    }

    @Test("a quote or < followed by a combining mark is escaped, in templates and in XML")
    func combiningMarkAfterQuote() throws {
        // FuzzTemplateValues' input, as it found it: `'` then U+0328 COMBINING OGONEK.
        let found = String(decoding: try Data(contentsOf: Self.fixtures.appendingPathComponent("fuzz-combining-quote.txt")), as: UTF8.self)
        for escaped in [XML.escape(found), HTMLEscaping.escape(found)] {
            let markup = escaped.unicodeScalars.filter { "<>\"'".unicodeScalars.contains($0) }
            #expect(markup.isEmpty, "\(escaped.debugDescription)")
            let quote = "Cos&#39;\u{328} la"
            #expect(holds(escaped, quote))
        }
        let quoteAndTag = XML.escape("x\"\u{301}<\u{301}")
        let control = XML.escape("a\u{1}\u{301}b")
        #expect(quoteAndTag == "x&quot;\u{301}&lt;\u{301}")
        #expect(control == "a\u{301}b")
    }

    @Test("a front matter title cannot end its attribute with a quote and a combining mark")
    func combiningMarkInBuiltPages() throws {
        let site = try TestSite()
        try site.write(
            "Templates/article.mustache",
            "{{<base}}{{$main}}<h1 title=\"{{article.title}}\">{{article.title}}</h1><p>{{article.summary}}</p>{{/main}}{{/base}}")
        try Data(contentsOf: Self.fixtures.appendingPathComponent("combining-mark-quote.md"))
            .write(to: site.root.appendingPathComponent("Content/articles/combining-mark-quote.md"))
        let result = site.build()
        #expect(result.succeeded, "\(result.messages)")
        let page = try #require(result.text("articles/combining-mark-quote/index.html"))
        // Needles as constants: Swift Testing's macros quote their expressions' source text.
        let attribute = "<h1 title=\"Caffè &quot;\u{301} onmouseover=alert(1) x=&quot;\u{301}\">"
        let rawQuote = "\"\u{301} onmouseover"
        let summary = "Cos&#39;\u{328} la sch&lt;\u{301}b&gt; nocciola"
        let rawTag = "<\u{301}b"
        #expect(holds(page, attribute), "\(page)")
        #expect(!holds(page, rawQuote))
        #expect(holds(page, "<p>" + summary + "</p>"), "\(page)")
        let feed = try #require(result.text("feed.xml"))
        #expect(holds(feed, summary), "\(feed)")
        #expect(!holds(feed, rawTag))
    }

    @Test("FuzzTemplate's sections nested 23 deep over a list stop at the render's limit and are reported")
    func multiplyingSections() throws {
        // Its input as it found it, with the target's partials and a three-article list.
        let text = String(decoding: try Data(contentsOf: Self.fixtures.appendingPathComponent("fuzz-multiplying-sections.mustache")), as: UTF8.self)
        var (templates, problems) = TemplateSet.parse([
            "page": ("Templates/page.mustache", text),
            "self": ("Templates/self.mustache", text),
            "base": ("Templates/base.mustache", "<main>{{$main}}{{/main}}</main>"),
            "card": ("Templates/card.mustache", "<a href=\"{{url}}\">{{title}}</a>")
        ])
        #expect(problems.isEmpty)
        // The real limit takes seconds in a debug build; the stop is the same at a fiftieth of it.
        templates.renderer.limits.steps = 1_000_000
        let card: [String: Any] = ["title": "A <b>", "url": "/a/"]
        let output = templates.render(["articles": [card, card, card]], template: "page") ?? ""
        #expect(output.utf8.count < 128 << 20)
        #expect(templates.overrunProblems().map(\.file) == ["Templates/page.mustache"])
    }
}
