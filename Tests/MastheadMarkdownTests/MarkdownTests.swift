import Testing

@testable import MastheadMarkdown

@Suite("Markdown")
struct MarkdownTests {
    let renderer = MarkdownRenderer(options: MarkdownOptions())

    func html(_ markdown: String) -> String {
        renderer.render(markdown, file: "x.md").html
    }

    @Test("tables")
    func tables() {
        let output = html("| Ingrediente | Dose |\n|---|---:|\n| Caffè | 18 g |\n")
        #expect(output.contains("<table>"))
        #expect(output.contains("<th>Ingrediente</th>"))
        #expect(output.contains("<td style=\"text-align: right\">18 g</td>"))
    }

    @Test("footnotes")
    func footnotes() {
        let output = html("Moka[^1] is Italian.\n\n[^1]: Invented in 1933.\n")
        #expect(output.contains("<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\""))
        #expect(output.contains("<section class=\"footnotes\""))
        #expect(output.contains("Invented in 1933."))
        let italian = MarkdownRenderer(options: MarkdownOptions(), language: "it").render("Moka[^1].\n\n[^1]: Nota.\n", file: "x.md").html
        #expect(italian.contains("aria-label=\"Torna al testo\""))
    }

    @Test("strikethrough")
    func strikethrough() {
        #expect(html("~~old~~ new").contains("<del>old</del> new"))
    }

    @Test("autolinks")
    func autolinks() {
        #expect(html("See https://example.com/page today.").contains("<a href=\"https://example.com/page\">https://example.com/page</a>"))
    }

    @Test("task lists")
    func taskLists() {
        let output = html("- [x] Grind\n- [ ] Brew\n")
        #expect(output.contains("<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"done\" /> Grind"))
        #expect(output.contains("<input type=\"checkbox\" disabled=\"\" aria-label=\"to do\" /> Brew"))
    }

    @Test("headings get stable, unique ids and anchor links")
    func headingIDs() {
        let rendered = renderer.render("## Caffè & Crema\n\ntext\n\n## Caffè & Crema\n\n### Ingredienti\n", file: "x.md")
        #expect(rendered.headings.map(\.id) == ["caffe-crema", "caffe-crema-1", "ingredienti"])
        #expect(
            rendered.html.contains(
                "<h2 id=\"caffe-crema\">Caffè &amp; Crema"
                    + "<a class=\"heading-anchor\" href=\"#caffe-crema\" aria-label=\"Link to this section\">#</a></h2>"
            ))
        #expect(rendered.html.contains("<h2 id=\"caffe-crema-1\">"))
        #expect(rendered.html.contains("<h3 id=\"ingredienti\">"))
    }

    @Test("raw HTML is dropped unless the site turns it on")
    func rawHTML() {
        let source = "<div class=\"box\">boxed</div>\n\nText <span>inline</span>\n"
        #expect(!html(source).contains("<div class=\"box\">"))
        #expect(html(source).contains("raw HTML omitted"))
        var options = MarkdownOptions()
        options.rawHTML = true
        let raw = MarkdownRenderer(options: options).render(source, file: "x.md").html
        #expect(raw.contains("<div class=\"box\">boxed</div>"))
        #expect(raw.contains("<span>inline</span>"))
    }

    @Test("smart punctuation can be turned off")
    func smartPunctuation() {
        #expect(html("\"Ciao\" -- disse...").contains("“Ciao” – disse…"))
        var options = MarkdownOptions()
        options.smartPunctuation = false
        #expect(MarkdownRenderer(options: options).render("\"Ciao\"", file: "x.md").html.contains("&quot;Ciao&quot;"))
    }

    @Test("site-absolute links and images get the base path")
    func basePath() {
        let output = MarkdownRenderer(options: MarkdownOptions(), basePath: "/magazine/")
            .render("[moka](/articles/moka/) ![cup](/images/cup.svg) [out](https://example.com/)", file: "x.md").html
        #expect(output.contains("href=\"/magazine/articles/moka/\""))
        #expect(output.contains("src=\"/magazine/images/cup.svg\""))
        #expect(output.contains("href=\"https://example.com/\""))
    }

    @Test("the first paragraph and the word count are measured")
    func summaryAndWords() {
        let rendered = renderer.render("# Title\n\nOne *two* three.\n\nFour five.\n", file: "x.md")
        #expect(rendered.firstParagraph == "One two three.")
        #expect(rendered.wordCount == 6)
    }

    @Test("a link resolver's error points at the link's line in the file")
    func resolverErrorLine() {
        var custom = renderer
        custom.resolveLink = { url in url.hasPrefix("prize:") ? .error("unknown prize '\(url.dropFirst(6))'") : nil }
        let rendered = custom.render("Intro.\n\nSee [it](prize:nothing).\n", file: "Content/articles/x.md", lineOffset: 5)
        #expect(rendered.diagnostics.map(\.description) == ["Content/articles/x.md:8:5: error: unknown prize 'nothing'"])
    }
}
