import Testing

@testable import MastheadMarkdown
@testable import MastheadSite

@Suite("site.yml")
struct SiteConfigTests {
    @Test("every documented key is read")
    func keys() throws {
        let (config, diagnostics) = SiteConfigLoader.parse(
            """
            title: Crema
            description: Il magazine
            baseURL: https://example.com/mag
            language: it
            timezone: Europe/Rome
            author: Redazione
            categories:
              - { name: Caffè & Crema, colour: "#7b4a2d" }
            home:
              sections:
                - { title: In evidenza, show: featured, limit: 4, background: "#eee" }
                - { title: Ricette, show: category, category: caffe-crema }
            menu:
              - { title: Premi, url: /premi/ }
            pageSize: 12
            permalinks: { article: "/:year/:slug/" }
            markdown: { rawHTML: true, smartPunctuation: false }
            feed: { length: 5 }
            related: { limit: 2 }
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let site = try #require(config)
        #expect(site.baseURL == "https://example.com/mag/")
        #expect(site.basePath == "/mag/")
        #expect(site.categories.map(\.slug) == ["caffe-crema"])
        #expect(site.homeSections.map(\.show) == [.featured, .category])
        #expect(site.homeSections[1].categorySlug == "caffe-crema")
        #expect(site.pageSize == 12 && site.feedLength == 5 && site.relatedLimit == 2)
        #expect(site.markdown == MarkdownOptions(rawHTML: true, smartPunctuation: false))
        #expect(site.permalinks.article == "/:year/:slug/")
        #expect(site.timeZone.identifier == "Europe/Rome")
    }

    @Test("unknown keys warn with the closest known key")
    func unknownKeys() {
        let (config, diagnostics) = SiteConfigLoader.parse("title: X\npagesize: 3\nhome:\n  sectons: []\n")
        #expect(config != nil)
        #expect(
            diagnostics.map(\.description) == [
                "Content/site.yml:2:1: warning: unknown site.yml key 'pagesize'; did you mean 'pageSize'?",
                "Content/site.yml:4:3: warning: unknown home key 'sectons'; did you mean 'sections'?"
            ])
    }

    @Test("bad values are errors at their position")
    func badValues() {
        let (config, diagnostics) = SiteConfigLoader.parse(
            """
            title: X
            baseURL: magazine
            language: italiano!
            pageSize: zero
            home:
              sections:
                - { title: A, show: featurd }
            """)
        #expect(config == nil)
        #expect(
            diagnostics.map(\.description) == [
                "Content/site.yml:2:10: error: baseURL: expected an absolute URL like https://example.com/, got \"magazine\"",
                "Content/site.yml:3:11: error: language: expected a BCP 47 tag like it or en-GB, got \"italiano!\"",
                "Content/site.yml:4:11: error: pageSize: expected a whole number, got \"zero\"",
                "Content/site.yml:7:25: error: show: expected one of featured, category, rest, got \"featurd\"; did you mean 'featured'?"
            ])
    }

    @Test("a YAML syntax error in site.yml names its line")
    func syntax() {
        let (config, diagnostics) = SiteConfigLoader.parse("title: X\ncategories:\n  - name: A\n   slug: b\n")
        #expect(config == nil)
        #expect(diagnostics.first?.line == 4)
        #expect(diagnostics.first?.message.hasPrefix("YAML syntax:") == true)
    }
}
