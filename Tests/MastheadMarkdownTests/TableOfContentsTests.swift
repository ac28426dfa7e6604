import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// Tables of contents (`toc:` in front matter and in site.yml): what the reader sees in the `<nav>`.
@Suite("Table of contents")
struct TableOfContentsTests {
    /// The minimal templates, with the table of contents printed before the body, as the list and as the tree.
    static func templates() -> [String: String] {
        var templates = TestSite.minimalTemplates
        templates["article"] =
            "{{<base}}{{$main}}{{#article.toc}}<nav aria-label=\"{{label}}\">{{{list}}}</nav>"
            + "<p class=\"tree\">{{#entries}}[{{text}}|{{url}}|{{level}}]{{/entries}} {{count}}</p>{{/article.toc}}"
            + "<div class=\"content\">{{{article.content}}}</div>{{/main}}{{/base}}"
        return templates
    }

    static let body = """
        Intro.

        ## Perché la moka

        #### Il filtro

        Text.

        ### L'acqua

        ## Perché la moka

        ### Caffè & crema

        ## ?!

        ##### Too deep to list
        """

    static func site(config: String = TestSite.minimalConfig, frontMatter: String = "toc: true", body: String = body) throws -> TestSite {
        let site = try TestSite(config: config, templates: templates())
        try site.article("moka.md", "title: Moka\ndate: 2026-03-01\ncategory: coffee-culture\n\(frontMatter)", body: body)
        return site
    }

    static func nav(_ html: String) -> String {
        guard let start = html.range(of: "<nav"), let end = html.range(of: "</nav>") else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("skipped levels make no empty item, duplicates and accents keep unique ids that match the headings")
    func skippedDuplicatesAccents() throws {
        let site = try Self.site(config: TestSite.minimalConfig + "\ntoc: { startLevel: 2, endLevel: 4 }")
        let result = site.build()
        #expect(result.messages == [])
        let page = try #require(result.text("articles/moka/index.html"))
        #expect(
            Self.nav(page) == "<nav aria-label=\"Contents\"><ol>"
                + "<li><a href=\"#perche-la-moka\">Perché la moka</a><ol><li><a href=\"#il-filtro\">Il filtro</a></li>"
                + "<li><a href=\"#l-acqua\">L’acqua</a></li></ol></li>"
                + "<li><a href=\"#perche-la-moka-1\">Perché la moka</a><ol><li><a href=\"#caffe-crema\">Caffè &amp; crema</a></li></ol></li>"
                + "<li><a href=\"#section\">?!</a></li></ol></nav>")
        #expect(!page.contains("<li><ol>"), "an h4 under an h2 is the h2's child, not inside an empty h3 item")
        for id in ["perche-la-moka", "il-filtro", "l-acqua", "perche-la-moka-1", "caffe-crema", "section"] {
            #expect(page.contains(" id=\"\(id)\">"), "the heading \(id) the contents link to")
        }
        #expect(
            page.contains(
                "<p class=\"tree\">[Perché la moka|#perche-la-moka|2][Perché la moka|#perche-la-moka-1|2][?!|#section|2] 6</p>"))
    }

    @Test("by default h2 and h3 are listed, and the nav is named in the site's language")
    func defaultLevelsItalian() throws {
        let config = TestSite.minimalConfig.replacingOccurrences(of: "language: en", with: "language: it")
        let page = try #require(try Self.site(config: config).build().text("articles/moka/index.html"))
        #expect(
            Self.nav(page) == "<nav aria-label=\"Indice\"><ol>"
                + "<li><a href=\"#perche-la-moka\">Perché la moka</a><ol><li><a href=\"#l-acqua\">L’acqua</a></li></ol></li>"
                + "<li><a href=\"#perche-la-moka-1\">Perché la moka</a><ol><li><a href=\"#caffe-crema\">Caffè &amp; crema</a></li></ol></li>"
                + "<li><a href=\"#section\">?!</a></li></ol></nav>")
    }

    @Test("toc.minHeadings shows it on articles with that many headings; toc: false hides it")
    func minHeadings() throws {
        let config = TestSite.minimalConfig + "\ntoc:\n  minHeadings: 5"
        #expect(Self.nav(try #require(try Self.site(config: config, frontMatter: "").build().text("articles/moka/index.html"))) != "")
        let fewer = TestSite.minimalConfig + "\ntoc:\n  minHeadings: 6"
        #expect(Self.nav(try #require(try Self.site(config: fewer, frontMatter: "").build().text("articles/moka/index.html"))) == "")
        #expect(Self.nav(try #require(try Self.site(config: config, frontMatter: "toc: false").build().text("articles/moka/index.html"))) == "")
        // Without toc: in site.yml or front matter, an article has none, and its page is as before.
        let plain = try #require(try Self.site(frontMatter: "").build().text("articles/moka/index.html"))
        #expect(Self.nav(plain) == "")
        #expect(!plain.contains("class=\"tree\""))
    }

    @Test("a translation that writes no toc: follows its original's, with a table of its own headings")
    func translationFollowsOriginal() throws {
        /// The translation has two headings; `toc.minHeadings` decides only where neither file writes `toc:`.
        func pages(minHeadings: Int, original: String, translation: String) throws -> (original: String, translation: String) {
            let config =
                TestSite.minimalConfig + "\nlanguages:\n  - { code: en, name: English }\n  - { code: it, name: Italiano }\n"
                + "toc:\n  minHeadings: \(minHeadings)"
            let site = try TestSite(config: config, templates: Self.templates())
            try site.article("moka.md", "title: Moka\ndate: 2026-03-01\ncategory: coffee-culture\n\(original)", body: Self.body)
            try site.article("moka.it.md", "title: La moka\n\(translation)", body: "Testo.\n\n## Il rito\n\n## La fiamma")
            let result = site.build()
            #expect(result.messages == [])
            return (try #require(result.text("articles/moka/index.html")), try #require(result.text("it/articles/moka/index.html")))
        }
        let ritual =
            "<nav aria-label=\"Indice\"><ol><li><a href=\"#il-rito\">Il rito</a></li>"
            + "<li><a href=\"#la-fiamma\">La fiamma</a></li></ol></nav>"
        // toc: true on the original: the translation lists its own headings, in its own language, though they are fewer than 3.
        #expect(Self.nav(try pages(minHeadings: 3, original: "toc: true", translation: "").translation) == ritual)
        // toc: false on the original hides it in the translation too, though the translation has its two headings.
        let hidden = try pages(minHeadings: 2, original: "toc: false", translation: "")
        #expect(Self.nav(hidden.original) == "")
        #expect(Self.nav(hidden.translation) == "")
        // What the translation writes wins; with neither written, toc.minHeadings counts the translation's own headings.
        #expect(Self.nav(try pages(minHeadings: 2, original: "toc: true", translation: "toc: false").translation) == "")
        #expect(Self.nav(try pages(minHeadings: 2, original: "", translation: "").translation) == ritual)
        #expect(Self.nav(try pages(minHeadings: 3, original: "", translation: "").translation) == "")
    }

    @Test("an article with toc: true but no heading in the levels listed shows none")
    func noHeadings() throws {
        let page = try #require(try Self.site(body: "Just text.\n\n#### Small").build().text("articles/moka/index.html"))
        #expect(Self.nav(page) == "")
    }

    @Test("bad toc settings are errors at their line")
    func badSettings() throws {
        let site = try Self.site(config: TestSite.minimalConfig + "\ntoc:\n  startLevel: 4\n  endLevel: 7\n  minHeadings: 0")
        let messages = site.build().messages
        #expect(messages.contains("Content/site.yml:12:13: error: toc.endLevel: a heading level is 1 to 6, got 7"), "\(messages)")
        #expect(messages.contains("Content/site.yml:13:16: error: minHeadings: must be at least 1, got 0"), "\(messages)")
        let upsideDown = try Self.site(config: TestSite.minimalConfig + "\ntoc: { startLevel: 3, endLevel: 2 }").build().messages
        #expect(
            upsideDown.contains {
                $0.contains("error: toc: startLevel 3 is below endLevel 2")
            }, "\(upsideDown)")
        let wrongType = try Self.site(frontMatter: "toc: sometimes").build().messages
        #expect(wrongType.contains { $0.hasPrefix("Content/articles/moka.md:5:") && $0.contains("toc") }, "\(wrongType)")
    }
}
