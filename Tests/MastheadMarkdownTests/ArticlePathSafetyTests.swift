import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadImages
@testable import MastheadMarkdown
@testable import MastheadSupport

/// Inputs just beyond the GFM spec that once broke the article path (issue 56): memory read after
/// it was freed, URLs that skipped cmark's filter, titles lost, image markers forged from raw HTML.
@Suite("Article path safety")
struct ArticlePathSafetyTests {
    static func html(_ markdown: String, rawHTML: Bool = false) -> String {
        var options = MarkdownOptions()
        options.rawHTML = rawHTML
        return MarkdownRenderer(options: options).render(markdown, file: "x.md").html
    }

    @Test("a heading holding raw HTML keeps its HTML and the rest of the article (no freed memory published)")
    func rawHTMLInHeading() {
        // Many headings, so that freed buffers are reused by the ones after them.
        let body = (1...200).map { "# <b>x\($0)</b>\n\n## a <br> b \($0)\n\nText \($0).\n" }.joined(separator: "\n")
        let html = Self.html(body, rawHTML: true)
        for number in [1, 100, 200] {
            #expect(html.contains("<h1 id=\"x\(number)\"><b>x\(number)</b><a class=\"heading-anchor\" href=\"#x\(number)\""))
            #expect(html.contains("<h2 id=\"a-b-\(number)\">a <br> b \(number)<a class=\"heading-anchor\""))
            #expect(html.contains("<p>Text \(number).</p>"))
        }
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" } && !html.contains("\u{FFFD}"))
    }

    /// An article whose body is `body` (line 6 of the file is the body's first), built with `/images/moka.jpg`
    /// on the site; its page and the messages.
    static func build(_ body: String, rawHTML: Bool = false) throws -> (page: String, messages: [String]) {
        let site = try TestSite(config: TestSite.minimalConfig + (rawHTML ? "\nmarkdown:\n  rawHTML: true\n" : ""))
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Content/static/images"), withIntermediateDirectories: true)
        let photo = repositoryRoot.appendingPathComponent("Content/static/images/photos/moka.jpg")
        try FileManager.default.copyItem(at: photo, to: site.root.appendingPathComponent("Content/static/images/moka.jpg"))
        try site.article("moka.md", "title: Moka\ndate: 2026-03-01\ncategory: coffee-culture", body: body)
        let result = site.build()
        return (result.text("articles/moka/index.html") ?? "", result.messages)
    }

    @Test("a figure's image goes through cmark's URL filter and percent-encoding, as cmark's own <img> does")
    func figureURLs() {
        for url in ["javascript:alert(1)", "data:text/html,x", "vbscript:msgbox(1)", "JAVASCRIPT:alert(1)"] {
            let html = Self.html("![x](<\(url)> \"t\")\n")
            #expect(html == "<figure>\n<img src=\"\" alt=\"x\" />\n<figcaption>t</figcaption>\n</figure>\n", "\(url)")
        }
        #expect(Self.html("![x](<a b.svg> \"t\")\n").contains("<img src=\"a%20b.svg\" alt=\"x\" />"))
        #expect(Self.html("![x](/caffè.svg \"t\")\n").contains("<img src=\"/caff%C3%A8.svg\" alt=\"x\" />"))
        // Raw HTML on: cmark keeps such URLs, and so does the figure.
        #expect(Self.html("![x](javascript:alert(1) \"t\")\n", rawHTML: true).contains("<img src=\"javascript:alert(1)\" alt=\"x\" />"))
        // The processed photo's <img> and the fallback of one not processed: percent-encoded too.
        let image = MarkdownImage(
            src: "/images/caffè crema.jpg", alt: "x", caption: nil, location: MastheadSupport.SourceLocation(file: "x.md"), marker: "<!--m-->")
        let filled = ImageMarkup.fill("<!--m-->", images: [image], table: SiteImages(), firstIsProminent: false, link: { $0 })
        #expect(filled == "<img src=\"/images/caff%C3%A8%20crema.jpg\" alt=\"x\">")
        // A processed photo's srcset: a space would end a candidate's URL, so it is encoded as src is.
        let processed = SiteImage(
            src: "/images/caffè crema.jpg", width: 960, height: 640,
            sources: [
                .init(format: .webp, candidates: [(480, "/images/caffè crema-480.webp"), (960, "/images/caffè crema-960.webp")]),
                .init(format: .jpeg, candidates: [(480, "/images/caffè crema-480.jpg")])
            ])
        let picture = ImageMarkup.picture(processed, alt: "x", sizes: "100vw", prominent: false, link: { $0 })
        #expect(picture.contains("srcset=\"/images/caff%C3%A8%20crema-480.webp 480w, /images/caff%C3%A8%20crema-960.webp 960w\""))
        #expect(picture.contains("<img src=\"/images/caff%C3%A8%20crema.jpg\" srcset=\"/images/caff%C3%A8%20crema-480.jpg 480w\""))
    }

    @Test("a photo inside a paragraph keeps its title (GFM example 587)")
    func inlinePhotoTitle() throws {
        let (page, messages) = try Self.build("My ![foo bar](/images/moka.jpg \"title\")\n")
        #expect(messages.filter { $0.contains("error") } == [], "\(messages)")
        #expect(page.contains("<p>My <picture>"))
        #expect(page.contains(" alt=\"foo bar\" title=\"title\" width=\""))
    }

    @Test("raw HTML cannot forge an image marker: the comment stays a comment, the photo is shown once")
    func forgedMarker() throws {
        let (page, messages) = try Self.build(
            "![Moka](/images/moka.jpg)\n\n<!--masthead-image:0-->\n\nText <!--masthead-image-1:0--> and <!--masthead-image:0-->.\n", rawHTML: true)
        #expect(messages.filter { $0.contains("error") } == [], "\(messages)")
        #expect(page.components(separatedBy: "<picture>").count == 2)
        #expect(page.components(separatedBy: "<!--masthead-image:0-->").count == 3)
        #expect(page.contains("<!--masthead-image-1:0-->"))
        // A body that never writes the word keeps the plain markers.
        let rendered = MarkdownRenderer(options: MarkdownOptions()).render("![Moka](/images/moka.jpg)\n", file: "x.md")
        #expect(rendered.images.map(\.marker) == ["<!--masthead-image:0-->"])
    }

    @Test("a photo or poster path with .. or naming no image is an error at its line, as a Markdown image's is")
    func mediaBlockPaths() throws {
        let (_, messages) = try Self.build(
            "```photos\n- { src: /images/../../../etc/hostname, alt: x }\n- { src: /images/notes.txt, alt: y }\n```\n\n"
                + "```photos\n- { src: /images/absent.svg, alt: z }\n```\n\n"
                + "```video\nurl: dQw4w9WgXcQ\ntitle: T\nposter: /images/%2e%2e/secret.jpg\n```\n")
        #expect(
            messages == [
                "Content/articles/moka.md:7:10: error: photos: /images/../../../etc/hostname has .. in its path; write the image's path "
                    + "from the site's root, like /images/hostname",
                "Content/articles/moka.md:8:10: error: photos: /images/notes.txt is not an image; use a JPEG, PNG, WebP, AVIF, GIF or SVG "
                    + "file, like /images/x.jpg",
                "Content/articles/moka.md:18:9: error: video: poster: /images/%2e%2e/secret.jpg has .. in its path; write the image's path "
                    + "from the site's root, like /images/secret.jpg"
            ])
        let (_, missing) = try Self.build("```photos\n- { src: /images/absent.svg, alt: z }\n```\n")
        #expect(
            missing == ["Content/articles/moka.md:7:10: error: image /images/absent.svg not found: no file Content/static/images/absent.svg"],
            "\(missing)")
    }

    @Test("a heading's id never takes a footnote's or a media block's: `## fn 1` beside [^1], `## Map 12` beside a map at line 12")
    func headingIDsReserved() throws {
        let (page, messages) = try Self.build(
            "## fn 1\n\nMoka[^1].\n\n## Map 12\n\n```map\nlat: 45\nlon: 7\nlabel: Torino\n```\n\n[^1]: Note.\n")
        #expect(messages.filter { $0.contains("error") } == [], "\(messages)")
        #expect(page.contains("<h2 id=\"section-fn-1\">"))
        #expect(page.contains("<h2 id=\"section-map-12\">"))
        #expect(page.components(separatedBy: "id=\"fn-1\"").count == 2)
        #expect(page.components(separatedBy: "id=\"map-12\"").count == 2)
    }

    @Test("a heading of dropped raw HTML is left out of the table of contents, not an empty link")
    func tableOfContentsEmptyHeading() {
        let rendered = MarkdownRenderer(options: MarkdownOptions()).render("## <b></b>\n\n## Real\n\n## Other\n", file: "x.md")
        let contents = TableOfContentsOptions().contents(of: rendered.headings, written: true)
        #expect(contents?.entries.map(\.text) == ["Real", "Other"])
    }

    @Test("toc levels upside down: the message gives the settings to write, from the levels written")
    func tableOfContentsLevelsMessage() throws {
        let site = try TestSite(config: TestSite.minimalConfig + "\ntoc: { startLevel: 4, endLevel: 2 }")
        let messages = site.build().messages
        #expect(
            messages.contains {
                $0.hasSuffix("error: toc: startLevel 4 is below endLevel 2; list from the higher level to the lower: startLevel: 2, endLevel: 4")
            }, "\(messages)")
    }

    @Test("raw HTML ids: a heading takes another, a duplicate is an error at its line")
    func rawHTMLIDs() {
        var options = MarkdownOptions()
        options.rawHTML = true
        let rendered = MarkdownRenderer(options: options).render(
            "<div id=\"moka\">x</div>\n\n## Moka\n\nText <span id='moka'>y</span>.\n", file: "a.md", lineOffset: 4)
        #expect(rendered.headings.map(\.id) == ["moka-1"])
        #expect(
            rendered.diagnostics.map(\.description) == [
                "a.md:9:6: error: duplicate id \"moka\" in raw HTML: an id names one element of the page; rename one"
            ])
    }
}
