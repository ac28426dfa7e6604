import Foundation
import MastheadContent
import MastheadRender
import MastheadSite
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

/// Each article's card is rendered once and placed wherever it appears (`CardHTML`), and each
/// site-wide partial once per language (`SiteWideValues`); these compare that with the simple
/// version, every card and partial rendered in place by its template.
@Suite("Cards and site-wide partials rendered once equal those rendered in place")
struct CardsRenderedOnceTests {
    static let sites = SharedSites.paths

    /// Every output file of one site, by path, built with cards rendered once or in place.
    static func build(_ site: URL, once: Bool) throws -> [String: Data] {
        var options = BuildOptions(siteFolder: SiteFolder(site))
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        options.partialsRenderedOnce = once
        let result = Pipeline.run(options: options)
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

    @Test("site-wide partials: sections, words, a nested site-wide partial and a plain one, the same on every page")
    func siteWidePartials() throws {
        var templates = TestSite.minimalTemplates
        templates["base"] =
            "<!doctype html><html><head><title>{{page.title}}</title>\n{{>site-wide/head}}</head><body>{{$main}}{{/main}}\n"
            + "{{>site-wide/footer}}</body></html>\n"
        templates["site-wide/head"] = "<link rel=\"icon\" href=\"{{site.root}}favicon.svg\">\n"
        templates["site-wide/footer"] =
            "<footer>\n  <p>{{site.title}} & {{site.description}}</p>\n"
            + "  <ul>{{#site.categories}}<li><a href=\"{{url}}\">{{name}}</a></li>{{/site.categories}}</ul>\n"
            + "  {{^site.search}}<p>no search</p>{{/site.search}}\n{{>site-wide/legal}}\n  {{>plain}}\n</footer>\n"
        templates["site-wide/legal"] = "<small>© {{site.year}}</small>\n"
        templates["plain"] = "<i>{{site.language}}</i>"
        let test = try TestSite(templates: templates)
        try test.article("a.md", "title: Alpha\ndate: 2025-01-01\ncategory: Coffee Culture")
        try test.article("b.md", "title: Beta\ndate: 2026-01-02\ncategory: Inspiring Cooking")
        let once = try Self.build(test.root, once: true)
        let inPlace = try Self.build(test.root, once: false)
        #expect(once == inPlace)
        let article = try #require(once["articles/a/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(article.contains("<link rel=\"icon\" href=\"/favicon.svg\">\n</head>"))
        #expect(article.contains("<li><a href=\"/categories/coffee-culture/\">Coffee Culture</a></li>"))
        #expect(article.contains("<p>no search</p>\n<small>© 2026</small>\n  <i>en</i></footer>"))
        let footer = { (page: String) in page.components(separatedBy: "<footer>").last }
        let list = try #require(once["articles/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(footer(article) == footer(list))
    }

    @Test("a site-wide partial does not see the page: page names are empty in it, as documented")
    func siteWidePartialsSeeNoPage() throws {
        var templates = TestSite.minimalTemplates
        templates["base"] = "<html><body>{{$main}}{{/main}}\n{{>site-wide/footer}}</body></html>\n"
        templates["site-wide/footer"] = "<footer>[{{page.title}}][{{article.title}}]{{site.title}}</footer>\n"
        let test = try TestSite(templates: templates)
        try test.article("a.md", "title: Alpha\ndate: 2026-01-01\ncategory: Coffee Culture")
        let once = try Self.build(test.root, once: true)
        let article = try #require(once["articles/a/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(article.contains("<footer>[][]Test Magazine</footer>"))
    }

    @Test("cards set aside in a file and card values forgotten past the few kept: every page of the default site the same, byte for byte")
    func cardsSetAsideAndForgotten() throws {
        let folder = repositoryRoot
        var options = BuildOptions(siteFolder: SiteFolder(folder))
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        let site = try #require(Pipeline.run(options: options).site)
        let (templates, problems) = TemplateSet.load(siteFolder: SiteFolder(folder))
        #expect(!problems.hasErrors && templates.rendersCardsOnce)
        let renderer = SiteRenderer(site: site, templates: templates, siteFolder: SiteFolder(folder))
        let spillFolder = FileManager.default.temporaryDirectory.appendingPathComponent("card-spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: spillFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: spillFolder) }
        let spill = TextSpill(budget: 0) { spillFolder.path }
        let kept = PageContext(site: site, templates: templates)
        let setAside = PageContext(site: site, templates: templates, cardSpill: spill, cardsKept: 2)
        let pages = site.routes.filter { $0.kind == .list || $0.kind == .home || $0.kind == .article }
        #expect(pages.count > 40)
        for route in pages {
            let expected = renderer.render(route, context: kept)
            #expect(renderer.render(route, context: setAside) == expected, "\(route.path)")
        }
        // Every card went to the file (none fits a budget of 0), and the lists show them.
        #expect(spill.bytesSetAside > 10_000)
        let archive = try #require(pages.first { $0.path == "/articles/" })
        #expect(String(decoding: renderer.render(archive, context: setAside), as: UTF8.self).components(separatedBy: "class=\"card\"").count > 6)
    }
}
