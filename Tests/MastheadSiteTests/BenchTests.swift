import Foundation
import MastheadTesting
import Testing

@testable import MastheadSite
@testable import MastheadSupport

/// The speed work must not change what a site shows: these pin the behaviour of the
/// parts rewritten for performance.
@Suite("Performance work keeps the output")
struct BenchTests {
    @Test("related articles are still: most shared tags plus category first, newest among equals")
    func relatedMatchesPairwiseDefinition() throws {
        try expectRelatedMatchesPairwiseDefinition(articles: 60, tags: 7, checkingEvery: 1)
    }

    /// Enough articles for the scoring to run in several chunks, each scratch marking many
    /// articles in turn: a mark left by an earlier article must not leak into a later one's list.
    @Test("related articles are the same when scored in several chunks")
    func relatedAcrossChunks() throws {
        try expectRelatedMatchesPairwiseDefinition(articles: 1_100, tags: 40, checkingEvery: 7)
    }

    /// The newest article of the category shares a tag: it is listed once, with its shared tag,
    /// and not again among the category's newest that fill the list.
    @Test("an article sharing a tag is not listed again among its category's newest")
    func relatedNotListedTwice() throws {
        let site = try TestSite()
        for (slug, day, tags) in [("x", 20, "[shared]"), ("y", 19, "[]"), ("z", 18, "[]"), ("w", 17, "[]"), ("a", 10, "[shared]")] {
            try site.article("\(slug).md", "title: \(slug.uppercased())\ndate: 2026-01-\(day)\ncategory: coffee-culture\ntags: \(tags)")
        }
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.messages)")
        let articles = try #require(result.site).articles
        let slugs = articles.map(\.document.slug)
        let a = try #require(articles.first { $0.document.slug == "a" })
        #expect(a.related.map { slugs[$0] } == ["x", "y", "z"])
    }

    private func expectRelatedMatchesPairwiseDefinition(articles count: Int, tags tagCount: Int, checkingEvery stride: Int) throws {
        let site = try TestSite()
        var generator = SplitMix(seed: 6)
        let tags = (0..<tagCount).map { "t\($0)" }
        for index in 0..<count {
            let category = generator.next() % 2 == 0 ? "coffee-culture" : "inspiring-cooking"
            let chosen = (0..<(Int(generator.next() % 4))).map { _ in tags[Int(generator.next() % UInt64(tagCount))] }
            let related = index % 17 == 5 ? "\nrelated: [a\(index - 3)]" : ""
            try site.article(
                "a\(index).md",
                "title: A\(index)\ndate: 2026-01-01T\(String(format: "%02d", index % 24)):\(String(format: "%02d", index % 60)):00Z\n"
                    + "category: \(category)\ntags: [\(chosen.joined(separator: ", "))]\(related)"
            )
        }
        let result = site.build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.messages)")
        let articles = try #require(result.site).articles
        #expect(articles.count == count)
        for index in Swift.stride(from: 0, to: articles.count, by: stride) {
            let article = articles[index]
            // The definition, comparing every pair.
            var expected: [Int] = article.document.related.compactMap { slug in articles.firstIndex { $0.document.slug == slug } }.filter {
                $0 != index
            }
            let tagSet = Set(article.tagSlugs)
            let scored = articles.indices.compactMap { other -> (Int, Int)? in
                guard other != index, !expected.contains(other) else { return nil }
                var score = articles[other].tagSlugs.filter(tagSet.contains).count
                if article.category != nil, articles[other].category == article.category { score += 1 }
                return score > 0 ? (other, score) : nil
            }
            expected += scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
            #expect(article.related == Array(expected.prefix(3)), "\(article.document.slug)")
        }
    }

    @Test("strikethrough and autolinks render in every article when many are parsed at once")
    func parallelInlineExtensions() throws {
        let site = try TestSite()
        for index in 0..<120 {
            try site.article(
                "s\(index).md", "title: S\(index)\ndate: 2026-01-01\ncategory: coffee-culture",
                body: String(repeating: "Some *emphasis* and [links](https://example.org/) to parse. ", count: 20)
                    + "\n\nThis is ~~gone~~ and www.example.com is a link.\n")
        }
        let result = site.build()
        for index in 0..<120 {
            let page = try #require(result.text("articles/s\(index)/index.html"))
            #expect(page.contains("<del>gone</del>"), "s\(index): strikethrough not rendered")
            #expect(page.contains("<a href=\"http://www.example.com\">www.example.com</a>"), "s\(index): autolink not rendered")
        }
    }

    @Test("slugs of plain ASCII text and of accented text")
    func slugs() {
        #expect(Slug.make("Hello, World! 2026") == "hello-world-2026")
        #expect(Slug.make("  --Moka_Pot--  ") == "moka-pot")
        #expect(Slug.make("Caffè & Crema") == "caffe-crema")
        #expect(Slug.make("Straße") == "strasse")
    }

    @Test("XML escaping leaves plain text as it is and escapes the rest")
    func xmlEscape() {
        #expect(XML.escape("plain text, nothing to do") == "plain text, nothing to do")
        #expect(XML.escape("a < b & \"c\" 'd' >") == "a &lt; b &amp; &quot;c&quot; &#39;d&#39; &gt;")
        #expect(XML.escape("bell\u{07}tab\tnewline\n") == "belltab\tnewline\n")
    }
}

@Suite("Literal text helpers")
struct LiteralTextTests {
    @Test("replacing and finding text byte for byte, as Foundation does for markup")
    func replacing() {
        let html = "<h2 id=\"a\">\nTitle\n<a class=\"x\">#</a></h2>\n<h2 id=\"a\">\n"
        #expect(
            html.replacingLiteral("<h2 id=\"a\">\n", with: "<h2 id=\"a\">") == html.replacingOccurrences(of: "<h2 id=\"a\">\n", with: "<h2 id=\"a\">")
        )
        #expect("aaaa".replacingLiteral("aa", with: "b") == "bb")
        #expect("caffè ~ caffè".replacingLiteral("è", with: "e") == "caffe ~ caffe")
        #expect("nothing".replacingLiteral("x", with: "y") == "nothing")
        #expect("abc".replacingLiteral("abc", with: "") == "")
        #expect("type=\"checkbox\"".containsLiteral("checkbox"))
        #expect(!"short".containsLiteral("longer than short"))
        // At either end, after a near miss, and in text that is not ASCII.
        #expect("abcab".replacingLiteral("ab", with: "X") == "XcX")
        #expect("aab".containsLiteral("ab") && "xxè".containsLiteral("è") && !"".containsLiteral("a"))
        #expect("perché è così".replacingLiteral("è", with: "e") == "perché e così")
        #expect("<b>x</b>".containsByte(UInt8(ascii: "<")) && !"plain".containsByte(UInt8(ascii: "<")))
        #expect("a|b".containsByte { $0 == UInt8(ascii: "|") } && !"".containsByte { _ in true })
    }

    @Test("word counts agree with splitting on whitespace")
    func words() {
        let texts = [
            "", "one", "  two words  ", "tabs\tand\nnew\r\nlines\u{0B}\u{0C}x", "caffè\u{00A0}latte e\u{2003}crema",
            // A mark, joiner or modifier after a space belongs to the space's character.
            "a \u{301}b", "👍🏽 ok 👍 \u{1F3FD}x", "x\u{200D} y", "\u{0915}\u{093F} \u{093F}", "fine\u{2028}line\u{3000}end\u{85}",
            "e\u{301}\u{302} cafe\u{301}", String(repeating: "parola ", count: 300) + "più"
        ]
        for text in texts {
            #expect(text.wordCount == text.split { $0.isWhitespace }.count, "\(text.debugDescription)")
        }
    }

    @Test("front matter splits the same with and without carriage returns")
    func frontMatter() throws {
        let lf = "---\ntitle: A\ndate: 2026-01-01\n---\nBody\n\nMore\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let a = try #require(FrontMatter.split(lf))
        let b = try #require(FrontMatter.split(crlf))
        #expect(a.yaml == b.yaml && a.body == b.body && a.bodyLineOffset == b.bodyLineOffset && a.yamlLineOffset == b.yamlLineOffset)
        #expect(a.yaml == "title: A\ndate: 2026-01-01" && a.body == "Body\n\nMore\n" && a.bodyLineOffset == 4)
        #expect(FrontMatter.split("---\n---")?.body == "")
        #expect(FrontMatter.split("---\n---")?.yaml == "")
        #expect(FrontMatter.split("---\ntitle: A\n") == nil)
        #expect(FrontMatter.split("title: A\n---\n") == nil)
        #expect(FrontMatter.split("---\na: 1\n...\nx")?.body == "x")
    }
}
