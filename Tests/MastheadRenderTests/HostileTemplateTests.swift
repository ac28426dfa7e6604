import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadRender

/// Templates that used to overflow the stack (exit 139) or take minutes: each is an error at the
/// template's line and column, found before swift-mustache parses anything.
@Suite("Hostile templates")
struct HostileTemplateTests {
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/hostile/templates")

    func build(_ changes: [String: String]) throws -> BuildResult {
        var templates = TestSite.minimalTemplates
        for (name, text) in changes { templates[name] = text }
        let site = try TestSite(templates: templates)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        return site.build()
    }

    func fixture(_ name: String) throws -> String {
        try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("a partial including itself behind changed delimiters is a cycle")
    func selfIncludeBehindDelimiters() throws {
        let result = try build(["card": try fixture("card-behind-delimiters.mustache")])
        #expect(
            result.messages == [
                "Templates/card.mustache:3:3: error: template: 'card' includes itself (card → card), which would never end"
            ])
        #expect(result.files.isEmpty)
    }

    @Test("a cycle through two templates is found with the delimiters each one sets, also inside a section")
    func cycleThroughDelimiters() throws {
        let result = try build([
            "card": "{{=<% %>=}}<%> badge %>",
            "badge": "{{#tags}}{{=[[ ]]=}}\n[[> card]][[/tags]]"
        ])
        #expect(
            result.messages == [
                "Templates/badge.mustache:2:1: error: template: 'badge' includes itself (badge → card → badge), which would never end"
            ])
    }

    @Test("delimiters changed inside a section end with it, as swift-mustache reads them")
    func delimitersEndWithTheirSection() throws {
        // `<%> card %>` after the section is text again, so nothing is included.
        let result = try build(["card": "{{#a}}{{=<% %>=}}<%/a%><%> card %>{{> missing}}"])
        #expect(result.messages == ["Templates/card.mustache:1:35: error: template: unknown partial 'missing'"])
    }

    @Test(
        "a dynamic partial could include itself: it is an error at its tag",
        arguments: [
            ("dynamic-partial.mustache", "Templates/page.mustache:1:7: error: template: {{>*name}}"),
            ("{{=<% %>=}}\n<%<*layout%><%/*layout%>", "Templates/page.mustache:2:1: error: template: {{<*layout}}")
        ])
    func dynamicPartial(source: String, message: String) throws {
        let text = source.hasSuffix(".mustache") ? try fixture(source) : source
        let result = try build(["page": text])
        #expect(
            result.messages == [
                message + " takes the template's name from the page's values, so it could include any template, "
                    + "this one too, and never end; name the template instead"
            ])
    }

    @Test(
        "a section between one-character delimiters renders, also an empty one (swift-mustache trapped on it; found by FuzzTemplate)",
        arguments: ["{{=[ ]=}}[#x][/x]", "{{=a b=}}a#x ba/x b", "{{=< >=}}\n<^x></x>", "{{=[ ]=}}[#title]T[/title]"])
    func sectionOneCharacterDelimiters(_ card: String) throws {
        let result = try build(["card": card])
        #expect(result.messages.filter { $0.contains("error:") }.isEmpty)
        #expect(result.text("categories/coffee-culture/index.html") != nil)
    }

    @Test("3,000 nested sections are an error at the section that goes past 100", arguments: ["sections", "inverted, one a line", "blocks"])
    func deepSections(shape: String) throws {
        let (text, position) =
            switch shape {
            case "sections": (String(repeating: "{{#a}}", count: 3_000) + String(repeating: "{{/a}}", count: 3_000), "1:601")
            case "inverted, one a line":
                ("{{=[ ]=}}\n" + String(repeating: "[^a]\n", count: 3_000) + String(repeating: "[/a]\n", count: 3_000), "102:1")
            default:
                (
                    "{{<base}}{{$main}}" + String(repeating: "{{$b}}", count: 3_000) + String(repeating: "{{/b}}", count: 3_000)
                        + "{{/main}}{{/base}}", "1:607"
                )
            }
        let result = try build(["page": text])
        #expect(result.messages == ["Templates/page.mustache:\(position): error: template: sections nested deeper than 100 levels"])
    }

    @Test("nesting that passes in each template but not across partials is an error where it goes over")
    func deepThroughPartials() throws {
        var templates: [String: String] = [:]
        for index in 0..<40 {
            let inner = index == 39 ? "{{title}}" : "{{> chain\(index + 1)}}"
            templates["chain\(index)"] = String(repeating: "{{#a}}", count: 30) + inner + String(repeating: "{{/a}}", count: 30)
        }
        templates["card"] = "{{> chain0}}"
        let result = try build(templates)
        // chain37 holds 30 levels, then chain38 and chain39 with 30 more each: 30 + 1 + 61 = 92
        // levels. chain36 adds 31 more to them.
        #expect(
            result.messages == [
                "Templates/chain36.mustache:1:181: error: template: sections and partials nested deeper than 100 levels, "
                    + "counting those in the partial 'chain37'"
            ])
    }

    @Test(
        "an override that shows its own block again is a cycle",
        arguments: [
            (
                ["page": "{{<base}}{{$main}}<div>{{$main}}x{{/main}}</div>{{/main}}{{/base}}"],
                "Templates/page.mustache:1:24: error: template: '$main' includes itself ($main → $main), which would never end"
            ),
            (
                ["page": "{{<base}}{{$main}}{{> card}}{{/main}}{{/base}}", "card": "<a>{{$main}}{{/main}}</a>"],
                "Templates/card.mustache:1:4: error: template: 'card' includes itself (card → $main → card), which would never end"
            )
        ])
    func overrideCycle(templates: [String: String], message: String) throws {
        #expect(try build(templates).messages == [message])
    }

    @Test("transforms nested 100,000 deep in one tag are an error")
    func deepTransforms() throws {
        let tag = "{{" + String(repeating: "uppercased(", count: 100_000) + "title" + String(repeating: ")", count: 100_000) + "}}"
        #expect(try build(["card": tag]).messages == ["Templates/card.mustache:1:1: error: template: more than 100 transforms in one tag"])
    }

    @Test("a template of 50,000 tags builds: the parser reads it in one pass", .timeLimit(.minutes(5)))
    func hugeTemplate() throws {
        let result = try build(["card": String(repeating: "<p class=\"line\">{{title}}</p>\n", count: 50_000)])
        #expect(result.succeeded, "\(result.messages)")
        #expect(result.text("categories/coffee-culture/index.html")?.components(separatedBy: "<p class=\"line\">A</p>").count == 50_001)
    }

    @Test("100 nested sections (98 and a parent's two), the most allowed, render on the build's worker threads")
    func deepestAllowed() throws {
        let site = try TestSite(
            templates: TestSite.minimalTemplates.merging([
                "article": "{{<base}}{{$main}}" + String(repeating: "{{#article}}", count: 98) + "<h1>{{title}}</h1>"
                    + String(repeating: "{{/article}}", count: 98) + "{{/main}}{{/base}}"
            ]) { $1 })
        for index in 0..<8 { try site.article("a\(index).md", "title: A\(index)\ndate: 2026-01-01\ncategory: coffee-culture") }
        let result = site.build()
        #expect(result.succeeded, "\(result.messages)")
        #expect(result.text("articles/a7/index.html")?.contains("<h1>A7</h1>") == true)
    }

    /// An article with ten tags and about 2 KB of text; its template nests sections over the
    /// tags five deep with the text innermost: 100,000 copies, about 200 MB.
    func multiplyingSite() throws -> TestSite {
        let nested =
            String(repeating: "{{#article.tags}}", count: 5) + "{{{article.content}}}" + String(repeating: "{{/article.tags}}", count: 5)
        let site = try TestSite(
            templates: TestSite.minimalTemplates.merging(["article": "{{<base}}{{$main}}" + nested + "{{/main}}{{/base}}"]) { $1 })
        let tags = (0..<10).map { "t\($0)" }.joined(separator: ", ")
        let body = String(repeating: "A sentence of coffee, said again and again. ", count: 45)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture\ntags: [\(tags)]", body: body)
        return site
    }

    @Test("sections over lists nested until the page passes 128 MB: the build stops and names the template")
    func multiplyingSections() throws {
        let site = try multiplyingSite()
        let output = site.root.appendingPathComponent("public")
        let options = site.options()
        guard case .failed(let result) = try CachedBuild.run(options, output: output, useCache: false) else {
            Issue.record("the build did not fail")
            return
        }
        #expect(
            result.messages == [
                "Templates/article.mustache: error: template: rendering a page with this template wrote more than 128 MB and was stopped:"
                    + " sections over lists nested in one another multiply (three levels over 1,000 articles are a billion copies of the innermost)"
            ])
        // Nothing half-built: neither the output folder nor the folder it was assembled in.
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(!FileManager.default.fileExists(atPath: output.path + ".masthead-new"))
        // Fixed, the same site builds.
        let tagsOnce = "{{<base}}{{$main}}{{#article.tags}}<a>{{name}}</a>{{/article.tags}}{{{article.content}}}{{/main}}{{/base}}"
        try site.write("Templates/article.mustache", tagsOnce)
        guard case .built = try CachedBuild.run(options, output: output, useCache: false) else {
            Issue.record("the fixed site did not build")
            return
        }
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("articles/a/index.html").path))
    }

    @Test("a render past its step limit stops there; the overrun is reported once, and a render within limits reports none")
    func stepLimit() {
        var (templates, problems) = TemplateSet.parse(["page": ("Templates/page.mustache", "{{#a}}{{#a}}{{#a}}x{{/a}}{{/a}}{{/a}}")])
        #expect(problems.isEmpty)
        templates.renderer.limits.steps = 10_000
        let hundred: [String: Any] = ["a": Array(repeating: 1, count: 100)]
        let output = templates.render(hundred, template: "page") ?? ""
        // 100³ copies asked for; the render stopped after about 10,000 tags, half of them text.
        #expect(output.count < 10_000 && output.count > 4_000)
        #expect(
            templates.overrunProblems().map(\.description) == [
                "Templates/page.mustache: error: template: rendering a page with this template ran past 10,000 tags and was stopped:"
                    + " sections over lists nested in one another multiply (three levels over 1,000 articles are a billion copies of the innermost)"
            ])
        #expect(templates.overrunProblems().isEmpty)
        let ten: [String: Any] = ["a": Array(repeating: 1, count: 10)]
        #expect(templates.render(ten, template: "page") == String(repeating: "x", count: 1_000))
        #expect(templates.overrunProblems().isEmpty)
    }
}
