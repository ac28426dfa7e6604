import CMarkGFM
import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadMarkdown
@testable import MastheadSite

/// Markdown that used to take minutes or gigabytes: deep nesting is an error at its line and
/// column before cmark-gfm reads it; long lists, deep emphasis, repeated headings and `masthead
/// check` on long pages take time in proportion to their size.
@Suite("Hostile Markdown")
struct HostileMarkdownTests {
    static let tooDeep = "error: Markdown: lists and block quotes nested deeper than 100 levels; set markdown.maxNesting in site.yml to allow more"

    func build(_ body: String, config: String = TestSite.minimalConfig) throws -> BuildResult {
        let site = try TestSite(config: config)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture", body: body)
        return site.build()
    }

    @Test(
        "40,000 nested list markers, and other ways of nesting past 100, are an error at the marker", .timeLimit(.minutes(5)),
        arguments: [
            ("- ", 40_000, "6:201"), ("> ", 40_000, "6:201"), ("1. ", 40_000, "6:301"), ("3) ", 30_000, "6:301"),
            ("- > 1. * + 1) ", 10_000, "6:234"), (">", 100_000, "6:101"), ("*\t", 20_000, "6:201")
        ])
    func deepNesting(marker: String, count: Int, place: String) throws {
        let result = try build(String(repeating: marker, count: count) + "text")
        #expect(result.messages == ["Content/articles/a.md:\(place): \(Self.tooDeep)"])
        #expect(result.files.isEmpty)
    }

    @Test("nesting by indentation, one item a line, is counted too")
    func deepIndentedList() throws {
        let body = (0..<150).map { String(repeating: "  ", count: $0) + "- item \($0)" }.joined(separator: "\n")
        #expect(try build(body).messages == ["Content/articles/a.md:106:201: \(Self.tooDeep)"])
    }

    @Test("markdown.maxNesting in site.yml sets the limit")
    func configurableLimit() throws {
        let deep = String(repeating: "> ", count: 150) + "quoted"
        let allowing = try build(deep, config: TestSite.minimalConfig + "\nmarkdown:\n  maxNesting: 200")
        #expect(allowing.succeeded, "\(allowing.messages)")
        #expect(allowing.text("articles/a/index.html")?.contains(String(repeating: "<blockquote>\n", count: 150) + "<p>quoted</p>") == true)
        let strict = try build("- a\n  - b\n    - c\n      - d", config: TestSite.minimalConfig + "\nmarkdown:\n  maxNesting: 3")
        #expect(
            strict.messages == [
                "Content/articles/a.md:9:7: error: Markdown: lists and block quotes nested deeper than 3 levels; "
                    + "set markdown.maxNesting in site.yml to allow more"
            ])
    }

    @Test("thematic breaks, setext underlines and lists as deep as people write them build as before")
    func ordinaryMarkdown() throws {
        let body =
            String(repeating: "- ", count: 150) + "\n\n" + String(repeating: "* ", count: 150) + "\n\nTitle\n-\n\n"
            + (0..<12).map { String(repeating: "  ", count: $0) + "- level \($0)" }.joined(separator: "\n") + "\n\n> > > quoted"
        let result = try build(body)
        #expect(result.succeeded, "\(result.messages)")
        #expect(result.text("articles/a/index.html")?.contains("<hr />") == true)
    }

    @Test(
        "text that Debian's cmark-gfm reads in time growing with its square is an error at its first piece", .timeLimit(.minutes(5)),
        arguments: [
            (
                "a" + String(repeating: "<?", count: 500_000),
                "6:2: error: Markdown: 500000 <? with no ?> after them in one paragraph would take cmark-gfm minutes to read; "
                    + "write \\<? for a literal <?"
            ),
            (
                "a" + String(repeating: "<![CDATA[", count: 300_000),
                "6:2: error: Markdown: 300000 <![CDATA[ with no ]]> after them in one "
                    + "paragraph would take cmark-gfm minutes to read; write \\<![CDATA[ for a literal <![CDATA["
            ),
            (
                String(repeating: "![[]()", count: 200_000),
                "6:4: error: Markdown: links after 400000 [ in one paragraph would take cmark-gfm minutes to read; split the paragraph"
            ),
            (
                "|" + String(repeating: "a|", count: 80_000) + "\n|" + String(repeating: "-|", count: 80_000) + "\n"
                    + String(repeating: "|x|\n", count: 10),
                "7:1: error: Markdown: a table of 80000 columns and 10 rows would take cmark-gfm minutes to render; split it into narrower tables"
            )
        ])
    func quadraticInCMark(body: String, message: String) throws {
        #expect(try build(body).messages == ["Content/articles/a.md:\(message)"])
    }

    @Test("the same pieces in ordinary numbers, and closed, build")
    func ordinaryPieces() throws {
        let body =
            "<?php echo 1; ?> and " + String(repeating: "<? ", count: 1_000) + "\n\n" + String(repeating: "[a](/b) ", count: 2_000)
            + "\n\n" + String(repeating: "<?x?>", count: 100_000) + "\n\n|a|b|\n|-|:-:|\n" + String(repeating: "|1|2|\n", count: 5_000)
        let result = try build(body)
        #expect(result.succeeded, "\(result.messages)")
    }

    @Test("emphasis nested 300,000 deep renders, with its words counted", .timeLimit(.minutes(5)))
    func deepEmphasis() {
        let depth = 300_000
        let text = String(repeating: "*a ", count: depth) + "b" + String(repeating: " c*", count: depth)
        let rendered = MarkdownRenderer(options: MarkdownOptions()).render(text, file: "a.md")
        #expect(rendered.diagnostics.isEmpty)
        #expect(rendered.wordCount == 2 * depth + 1)
        #expect(rendered.html.hasPrefix("<p><em>a <em>a <em>a "))
    }

    @Test("an ordered list of 1,000,000 items renders, its numbers counted as words as before", .timeLimit(.minutes(5)))
    func longOrderedList() {
        let rendered = MarkdownRenderer(options: MarkdownOptions()).render(String(repeating: "1. item\n", count: 1_000_000), file: "a.md")
        #expect(rendered.wordCount == 2_000_000)
        #expect(rendered.html.components(separatedBy: "<li>item</li>").count == 1_000_001)
    }

    @Test("40,000 headings alike get same, same-1, … same-39999", .timeLimit(.minutes(5)))
    func repeatedHeadings() throws {
        let result = try build(String(repeating: "## Same\n\n", count: 40_000))
        let page = try #require(result.text("articles/a/index.html"))
        #expect(page.contains("<h2 id=\"same\">Same<a class=\"heading-anchor\" href=\"#same\""))
        #expect(page.contains("<h2 id=\"same-39999\">Same<a class=\"heading-anchor\" href=\"#same-39999\""))
        #expect(!page.contains("same-40000"))
    }

    @Test(
        "heading ids are as they were when a heading's own text takes a suffix's place",
        arguments: [
            (["Same", "Same 1", "Same", "Same"], ["same", "same-1", "same-2", "same-3"]),
            (["Same", "Same", "Same 2", "Same", "Same 1"], ["same", "same-1", "same-2", "same-3", "same-1-1"]),
            (["", "Section", "!!", "Same", "Same-1", "Same"], ["section", "section-1", "section-2", "same", "same-1", "same-2"])
        ])
    func headingIDs(texts: [String], ids: [String]) {
        let markdown = texts.map { "## \($0)" }.joined(separator: "\n\n")
        let rendered = MarkdownRenderer(options: MarkdownOptions()).render(markdown, file: "a.md")
        #expect(rendered.headings.map(\.id) == ids)
    }

    @Test("masthead check reads a page of 30,000 paragraphs and blames its broken link", .timeLimit(.minutes(5)))
    func checkLongPage() throws {
        let site = try TestSite()
        let paragraphs = (0..<30_000).map { "Short paragraph \($0)." }.joined(separator: "\n\n")
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture", body: paragraphs + "\n\nSee [this](/nowhere/).")
        let result = site.build()
        let built = try #require(result.site)
        let messages = SiteChecker(site: built, files: result.files, siteFolder: SiteFolder(site.root)).check().map(\.description)
        #expect(messages.contains("Content/articles/a.md:60006:12: error: broken link on /articles/a/: /nowhere/"))
    }

    @Test("masthead check blames 20,000 broken links, each at its own line", .timeLimit(.minutes(5)))
    func checkManyBrokenLinks() throws {
        let site = try TestSite()
        let links = (0..<20_000).map { "Go [there](/missing/\($0)/)." }.joined(separator: "\n\n")
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture", body: links)
        let result = site.build()
        let built = try #require(result.site)
        let broken = SiteChecker(site: built, files: result.files, siteFolder: SiteFolder(site.root)).check().filter {
            $0.message.hasPrefix("broken link")
        }
        #expect(broken.count == 20_000)
        #expect(broken.last?.description == "Content/articles/a.md:40004:12: error: broken link on /articles/a/: /missing/19999/")
    }

    /// cmark-gfm's own plain text of `node`, for comparison.
    static func cmarkPlainText(_ node: OpaquePointer) -> String {
        guard let rendered = cmark_render_plaintext(node, CMARK_OPT_DEFAULT, 0) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    static let tricky = [
        "| a | b |\n|:-|-:|\n| x \\| y | ~~z|w~~ |\n| 1 |\n",
        "1. a\n2. b\n- [ ] task\n- [x] done\n\n3) c\n4) d\n   - [x] nested task\n   - plain\n5) e\n",
        "Text[^1] and [^note].\n\n[^1]: One\n[^note]: Two\n    more\n\n> quote\n> - a\n>   ```\n>   code\n>   ```\n",
        "- a\n\n  b\n- c\n\n```\nx\n```\n- d\n1. e\n8. a\n9. b\n10. c\n",
        "# Head *em* `code`\nSetext\nline\n===\n\npara  \nhard\nsoft\n\n***\n\n<div>\nhtml\n</div>\n\na <b>x</b> ~~s~~ www.example.com x@y.z",
        "- ```\n  code first\n  ```\n- > q\n  - x\n\n    para\n",
        "[![img *a*](x)](y) ![alt](z \"t\")\n\n\u{301}a - \u{301} b\n\n- x\n  \u{301} y\n"
    ]

    @Test("Masthead's plain text is cmark-gfm's, byte for byte, for every block of the sites and of tricky Markdown")
    func plainTextMatchesCMark() throws {
        var texts = Self.tricky
        for folder in ["Content", "Examples"] {
            let files = FileManager.default.enumerator(at: repositoryRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                if file.pathExtension == "md" { texts.append(String(decoding: try Data(contentsOf: file), as: UTF8.self)) }
            }
        }
        _ = MarkdownRenderer.extensionsRegistered
        var compared = 0
        for text in texts {
            guard let parser = cmark_parser_new(CMARK_OPT_FOOTNOTES | CMARK_OPT_SMART) else { continue }
            for name in ["table", "strikethrough", "autolink", "tasklist"] {
                cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(name))
            }
            cmark_parser_feed(parser, text, text.utf8.count)
            // Under the renderer's lock: cmark-gfm switches the extensions' characters on and off globally.
            var finished: OpaquePointer?
            MarkdownRenderer.inlineParsing.withLock { _ in finished = cmark_parser_finish(parser) }
            let document = try #require(finished)
            let iterator = cmark_iter_new(document)
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                    [CMARK_NODE_DOCUMENT, CMARK_NODE_HEADING, CMARK_NODE_PARAGRAPH, CMARK_NODE_ITEM].contains(cmark_node_get_type(node))
                else {
                    continue
                }
                #expect(PlainText.of(node) == Self.cmarkPlainText(node))
                compared += 1
            }
            cmark_iter_free(iterator)
            cmark_node_free(document)
            cmark_parser_free(parser)
        }
        #expect(compared > 500)
    }

    @Test("a long body rendered in parts gives what it gives in one piece")
    func partsRenderAsOnePiece() throws {
        var bodies =
            [
                "```\ncode\n\nStill code\n\nMore\n```\n\nAfter\n\n<pre>\nx\n\nInside pre\n</pre>\n\nOut\n\n<!--\n\nIn comment\n-->\n\nEnd\n",
                "- a\n\n  b\n\nC\n\n- d\n\n- e\n\nF\n\n> q\n\nG\n\n    code\n\nH\n\n## Same\n\nI\n\n## Same\n\nJ [bad](prize:none)\n"
            ] + Self.tricky
        for folder in ["Content", "Examples"] {
            let files = FileManager.default.enumerator(at: repositoryRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "md" else { continue }
                bodies.append(FrontMatter.split(String(decoding: try Data(contentsOf: file), as: UTF8.self))?.body ?? "")
            }
        }
        // Bodies with link definitions or footnotes are rendered in one piece: leave them out of the long one.
        bodies.append(bodies.filter { !$0.contains("]:") && !$0.contains("[^") }.joined(separator: "\n\nNext part\n\n"))
        for body in bodies {
            var whole = MarkdownRenderer(options: MarkdownOptions())
            whole.resolveLink = { $0.hasPrefix("prize:") ? .error("no such prize") : nil }
            var parts = whole
            parts.partSize = 16
            let (one, many) = (whole.render(body, file: "a.md", lineOffset: 4), parts.render(body, file: "a.md", lineOffset: 4))
            #expect(one.html == many.html)
            #expect(one.wordCount == many.wordCount)
            #expect(one.firstParagraph == many.firstParagraph)
            #expect(one.headings == many.headings)
            #expect(one.diagnostics == many.diagnostics)
        }
    }
}
