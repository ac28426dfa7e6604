import Foundation

/// The Italian and English test site of `MultilingualTests` (MastheadSiteTests), which the build's
/// tests (`OneFaultOneErrorTests`, `MultilingualDefaultSiteTests`) use too.
package enum MultilingualFixture {
    package static let config = """
        title: Crema
        description: Il magazine.
        baseURL: https://example.org/
        language: it
        categories:
          - { name: Cultura del caffè, slug: coffee-culture }
          - { name: Ricette, slug: recipes }
        pageSize: 5
        languages:
          - code: it
            name: Italiano
          - code: en
            name: English
            title: Crema, the magazine
            categories:
              coffee-culture: { name: Coffee culture }
            tags: { tradizione: tradition }
        """

    /// Templates that print the language, the alternates and the switcher on every page.
    package static let templates: [String: String] = {
        var templates = TestSite.minimalTemplates
        templates["base"] =
            "<!doctype html><html lang=\"{{site.language}}\"><head><title>{{page.title}}</title>"
            + "{{#page.alternates}}<link rel=\"alternate\" hreflang=\"{{hreflang}}\" href=\"{{url}}\">{{/page.alternates}}</head><body>"
            + "{{#page.languages}}<a class=\"switch\" data-code=\"{{code}}\""
            + " data-translated=\"{{#translated}}yes{{/translated}}{{^translated}}no{{/translated}}\""
            + " href=\"{{url}}\">{{name}}</a>{{/page.languages}}{{$main}}{{/main}}</body></html>\n"
        return templates
    }()

    package static func site() throws -> TestSite {
        let site = try TestSite(config: config, templates: templates)
        try site.article(
            "il-rito-della-moka.md", "title: Il rito della moka\ndate: 2026-03-01\ncategory: coffee-culture\ntags: [tradizione, moka]")
        try site.article("il-rito-della-moka.en.md", "title: The moka ritual\nslug: the-moka-ritual", body: "The English text.")
        try site.article("espresso.md", "title: Espresso al banco\ndate: 2026-02-01\ncategory: coffee-culture")
        try site.article("tiramisu.md", "title: Tiramisù\ndate: 2026-01-01\ncategory: recipes")
        try site.article(
            "cold-brew.en.md", "title: Cold brew\ntranslationKey: cold-brew-fatto-in-casa\ndate: 2026-04-01\ncategory: recipes")
        try site.article("cold-brew-fatto-in-casa.md", "title: Cold brew fatto in casa\ndate: 2026-04-01\ncategory: recipes")
        try site.write("Content/pages/contatti.md", "---\ntitle: Contatti\ndate: 2026-01-01\n---\nScriveteci.\n")
        try site.write("Content/pages/contatti.en.md", "---\ntitle: Contacts\n---\nWrite to us.\n")
        return site
    }
}
