import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild

@Suite("masthead check")
struct CheckTests {
    func check(_ site: TestSite) throws -> [String] {
        let result = site.build()
        #expect(result.succeeded, "\(result.messages)")
        let built = try #require(result.site)
        return SiteChecker(site: built, files: result.files, siteFolder: SiteFolder(site.root)).check().map(\.description)
    }

    @Test("broken links, anchors and images are blamed on the source line that wrote them")
    func brokenLinks() throws {
        let site = try TestSite()
        try site.article(
            "a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture",
            body: """
                Intro.

                ## Good heading

                See [b](/articles/b/), [the heading](#good-heading) and [nothing](/articles/ghost/).

                Also [a bad anchor](/articles/b/#nowhere) and ![a cup](/images/cup.svg).
                """)
        try site.article("b.md", "title: B\ndate: 2026-01-02\ncategory: coffee-culture", body: "Back to [a](/articles/a/#good-heading).")
        let messages = try check(site)
        #expect(messages.contains("Content/articles/a.md:10:67: error: broken link on /articles/a/: /articles/ghost/"))
        #expect(messages.contains("Content/articles/a.md:12:33: error: broken anchor on /articles/a/: /articles/b/#nowhere (no id 'nowhere' there)"))
        #expect(messages.contains("Content/articles/a.md:12:56: error: missing image on /articles/a/: /images/cup.svg"))
        #expect(!messages.contains { $0.contains("good-heading") })
    }

    @Test("images without alt text and duplicate ids in HTML articles are errors")
    func altAndIDs() throws {
        let site = try TestSite()
        try site.write("Content/static/images/cup.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try site.write(
            "Content/articles/h.html",
            """
            ---
            title: H
            date: 2026-01-01
            category: coffee-culture
            ---
            <p id="intro">One</p>
            <p id="intro">Two</p>
            <img src="/images/cup.svg">
            <img src="/images/cup.svg" alt="">
            """)
        let messages = try check(site)
        #expect(messages.contains("Content/articles/h.html:6:4: error: duplicate id 'intro' on /articles/h/"))
        #expect(messages.contains("Content/articles/h.html:8:11: error: image without alt text on /articles/h/: /images/cup.svg"))
        #expect(messages.filter { $0.contains("alt text") }.count == 1)
    }

    @Test("pages without a title, without a description, and that nothing links to")
    func titlesAndOrphans() throws {
        var templates = TestSite.minimalTemplates
        templates["page"] = "<!doctype html><html><head><title></title></head><body>{{{content}}}</body></html>"
        let site = try TestSite(templates: templates)
        try site.write("Content/pages/lonely.md", "---\ntitle: Lonely\ndate: 2026-01-01\n---\nNobody links here.")
        let messages = try check(site)
        #expect(messages.contains("Content/pages/lonely.md: error: page without a title: /lonely/"))
        #expect(messages.contains("Content/pages/lonely.md: warning: page without a description: /lonely/"))
        #expect(messages.contains("Content/pages/lonely.md: warning: no page links to /lonely/"))
    }

    @Test("a form's action links to its page, and a missing one is a broken link")
    func formActions() throws {
        var templates = TestSite.minimalTemplates
        templates["base"] =
            "<!doctype html><html><head><title>{{page.title}}</title></head><body>"
            + "<form action=\"/finder/\"><input name=\"q\"></form><form action=\"/gone/\"></form>{{$main}}{{/main}}</body></html>\n"
        let site = try TestSite(templates: templates)
        try site.write("Content/pages/finder.md", "---\ntitle: Finder\ndate: 2026-01-01\nsummary: Find things.\n---\nSearch here.")
        let messages = try check(site)
        #expect(!messages.contains { $0.contains("no page links to /finder/") }, "\(messages)")
        #expect(messages.contains { $0.contains("broken link on /finder/: /gone/") }, "\(messages)")
    }

    @Test("the scanner reads attributes in any quoting and skips scripts and comments")
    func scanner() {
        let (tags, title) = HTMLScanner.scan(
            "<title>A &amp; B</title>\n<!-- <a href=\"/x\"> -->\n<script>if (a<b) {}</script>\n<a href='/y' data-x=1 hidden>y</a>")
        #expect(title == "A & B")
        let links = tags.filter { $0.name == "a" }
        #expect(links.count == 1)
        #expect(links.first?.attributes["href"] == "/y")
        #expect(links.first?.line == 4)
    }
}
