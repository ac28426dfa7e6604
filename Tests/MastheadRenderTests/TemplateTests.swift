import MastheadTesting
import Testing

@testable import MastheadBuild

@Suite("Templates")
struct TemplateTests {
    @Test("a template syntax error names the template's line and column")
    func syntaxError() throws {
        var templates = TestSite.minimalTemplates
        templates["article"] = "<h1>{{article.title}}</h1>\n<ul>\n  {{#article.tags}}<li>{{name}}</li>{{/article.tag}}\n</ul>\n"
        let site = try TestSite(templates: templates)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        let result = site.build()
        #expect(!result.succeeded)
        let error = try #require(result.diagnostics.first)
        #expect(error.file == "Templates/article.mustache")
        #expect(error.line == 3)
        #expect(error.column != nil)
        #expect(error.message == "template: a section is closed with a name that does not match its opening tag")
    }

    @Test("an unclosed tag is an error, not a crash")
    func unclosedTag() throws {
        var templates = TestSite.minimalTemplates
        templates["page"] = "<h1>{{title</h1>"
        let site = try TestSite(templates: templates)
        #expect(site.build().messages.first?.hasPrefix("Templates/page.mustache:1:") == true)
    }

    @Test("a missing template is an error naming what needs it")
    func missingTemplate() throws {
        var templates = TestSite.minimalTemplates
        templates["list"] = nil
        let site = try TestSite(templates: templates)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        #expect(site.build().messages.contains { $0.hasPrefix("Templates/list.mustache: error: missing template 'list', needed for") })
    }

    @Test("a front matter template that does not exist is an error at the article")
    func missingChosenTemplate() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture\ntemplate: articel")
        #expect(
            site.build().messages == ["Content/articles/a.md: error: missing template 'articel', needed for 1 article page; did you mean 'article'?"])
    }

    @Test("an unknown partial and a partial including itself are errors")
    func partials() throws {
        var templates = TestSite.minimalTemplates
        templates["card"] = "<a>{{title}}</a>\n{{> card}}"
        templates["page"] = "{{> sidebar}}"
        let site = try TestSite(templates: templates)
        let messages = site.build().messages
        #expect(messages.contains("Templates/card.mustache:2:1: error: template: 'card' includes itself (card → card), which would never end"))
        #expect(messages.contains("Templates/page.mustache:1:1: error: template: unknown partial 'sidebar'"))
    }

    @Test("template values are escaped unless triple-braced")
    func escaping() throws {
        let site = try TestSite()
        try site.article("a.md", "title: \"<script>alert(1)</script>\"\ndate: 2026-01-01\ncategory: coffee-culture")
        let page = try #require(site.build().text("articles/a/index.html"))
        #expect(page.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
        #expect(!page.contains("<script>alert"))
    }
}
