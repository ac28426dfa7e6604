import Foundation
import MastheadBuild
import MastheadContent
import Testing

@testable import MastheadServer

/// Saves on a site in two languages, patched into the kept build, each into its own
/// language's site: the result must be the full build's, byte for byte; a save renders only
/// the pages of its language that show it; and what a patch cannot follow builds in full.
@Suite("masthead serve: patching saved files on a multilingual site")
struct MultilingualPatchTests {
    static let now = PatchTests.now

    static let config =
        PreviewTestSite.config + """

            languages:
              - code: en
                name: English
              - code: it
                name: Italiano
                title: La rivista
                categories:
                  coffee-culture: { name: Cultura del caffè }
                tags: { t1: uno }
            """

    /// Every page shows its language, its alternates and the switcher, as the default theme does.
    static let base =
        "<!doctype html><html lang=\"{{site.language}}\"><head><title>{{page.title}}</title>"
        + "{{#page.alternates}}<link rel=\"alternate\" hreflang=\"{{hreflang}}\" href=\"{{url}}\">{{/page.alternates}}</head><body>"
        + "{{#page.languages}}<a class=\"switch\" href=\"{{url}}\">{{name}}</a>{{/page.languages}}"
        + "<p class=\"marker\">{{site.description}}</p>{{$main}}{{/main}}</body></html>\n"

    /// Twelve English articles in two tags, the first six translated into Italian, built once.
    static func builtSite(search: Bool = false) throws -> (PreviewTestSite, PreviewBuilder) {
        let site = try PreviewTestSite()
        try site.write("Content/site.yml", config)
        try site.write("Templates/base.mustache", base)
        if search { try site.write("Templates/search.mustache", "{{<base}}{{$main}}<h1>Search</h1>{{/main}}{{/base}}") }
        for number in 1...12 {
            try site.article(
                "a\(number).md", title: "Article \(number)", date: "2026-01-\(String(format: "%02d", number))",
                body: "Text \(number).", extra: "\ntags: [t\(number % 2)]")
        }
        for number in 1...6 { try italian(number, in: site) }
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
        #expect(builder.rebuild(now: now).failure == 0)
        return (site, builder)
    }

    static func italian(_ number: Int, title: String? = nil, body: String? = nil, extra: String = "", in site: PreviewTestSite) throws {
        try site.write(
            "Content/articles/a\(number).it.md", "---\ntitle: \(title ?? "Articolo \(number)")\(extra)\n---\n\(body ?? "Testo \(number).")\n")
    }

    static func full(_ site: PreviewTestSite) -> [String: Data] {
        IncrementalBuildTests.fullBuild(site, now: now)
    }

    @Test func anEnglishSaveRendersOnlyTheEnglishPagesShowingIt() throws {
        let (site, builder) = try Self.builtSite()
        // An article without a translation, then one with: a new body and title.
        for number in [9, 5] {
            try site.article(
                "a\(number).md", title: "Article \(number), retitled", date: "2026-01-\(String(format: "%02d", number))",
                body: "A *new* text.", extra: "\ntags: [t\(number % 2)]")
            let saved = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a\(number).md"]))
            #expect(saved.patched, "a\(number).md")
            #expect(saved.parsedDocuments == 1)
            #expect(PatchTests.page(saved, "articles/a\(number)/index.html").contains("A <em>new</em> text."))
            #expect(saved.changed.contains("articles/a\(number)/index.html"))
            #expect(!saved.changed.contains { $0.hasPrefix("it/") }, "\(saved.changed)")
            // Its page, its neighbours', the lists showing its card (home, archives, tag, category) and the feeds.
            #expect(saved.renderedPages < 20)
            #expect(PatchTests.output(saved) == Self.full(site), "a\(number).md")
        }
    }

    @Test func anItalianSaveIsPatchedIntoTheItalianSite() throws {
        let (site, builder) = try Self.builtSite()
        try Self.italian(3, title: "Articolo tre", body: "Un testo *nuovo*.", in: site)
        let saved = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a3.it.md"]))
        #expect(saved.patched)
        #expect(saved.parsedDocuments == 1)
        let page = PatchTests.page(saved, "it/articles/a3/index.html")
        #expect(page.contains("Un testo <em>nuovo</em>."))
        // What it takes from its original (its tags, translated) and its alternates are there.
        #expect(page.contains("hreflang=\"en\" href=\"http://127.0.0.1:1/articles/a3/\""))
        #expect(!saved.changed.contains { !$0.hasPrefix("it/") }, "\(saved.changed)")
        #expect(saved.changed.contains("it/tags/uno/index.html"))
        #expect(saved.renderedPages < 15)
        #expect(PatchTests.output(saved) == Self.full(site))
    }

    @Test func eachLanguagesSearchIndexFollowsItsSaves() throws {
        let (site, builder) = try Self.builtSite(search: true)
        #expect(builder.finishSearchPatch() == nil)
        try Self.italian(2, body: "Un paragrafo sullo zabaione.", in: site)
        let saved = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/a2.it.md"]))
        #expect(saved.patched)
        let indexed = try #require(builder.finishSearchPatch())
        let shards = indexed.site.files.filter { $0.key.hasPrefix("it/search/shards/") }.values.map { String(decoding: $0.data, as: UTF8.self) }
        #expect(shards.contains { $0.contains("\"zabaion") })
        #expect(indexed.site.files.mapValues(\.data) == Self.full(site))
    }

    @Test func savesInTurnInBothLanguagesGiveTheFullBuildAfterEach() throws {
        let (site, builder) = try Self.builtSite(search: true)
        #expect(builder.finishSearchPatch() == nil)
        for round in 1...6 {
            let path: String
            if round % 2 == 1 {
                try site.article(
                    "a\(round).md", title: "Article \(round), round \(round)", date: "2026-01-\(String(format: "%02d", round))",
                    body: "Round \(round) about crema.", extra: "\ntags: [t\(round % 2)]")
                path = "Content/articles/a\(round).md"
            } else {
                try Self.italian(round, title: "Articolo \(round), giro \(round)", body: "Giro \(round) sul ristretto.", in: site)
                path = "Content/articles/a\(round).it.md"
            }
            let saved = builder.rebuild(now: Self.now, changes: Changes(saved: [path]))
            #expect(saved.patched, "round \(round)")
            let indexed = builder.finishSearchPatch()?.site.files ?? saved.value.site.files
            #expect(indexed.mapValues(\.data) == Self.full(site), "round \(round)")
        }
    }

    /// Saves a patch cannot follow on a multilingual site, each built in full, with the full build's output.
    @Test(arguments: [
        "an original's cover, which its translation takes", "an original's author, which its translation takes",
        "a translation joining another group", "a translation leaving its group"
    ])
    func changesAcrossLanguagesBuildInFull(change: String) throws {
        let (site, builder) = try Self.builtSite()
        try site.write("Content/static/images/cover.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"/>")
        #expect(builder.rebuild(now: Self.now).failure == 0)
        let path: String
        switch change {
        case "an original's cover, which its translation takes":
            try site.article(
                "a4.md", title: "Article 4", date: "2026-01-04", body: "Text 4.", extra: "\ntags: [t0]\ncover: { src: /images/cover.svg, alt: A cup }"
            )
            path = "Content/articles/a4.md"
        case "an original's author, which its translation takes":
            try site.article("a4.md", title: "Article 4", date: "2026-01-04", body: "Text 4.", extra: "\ntags: [t0]\nauthor: Ada")
            path = "Content/articles/a4.md"
        case "a translation joining another group":
            try Self.italian(4, extra: "\ntranslationKey: a7", in: site)
            path = "Content/articles/a4.it.md"
        default:
            try Self.italian(4, extra: "\ntranslationKey: tutto-suo\ndate: 2026-01-04\ncategory: coffee-culture", in: site)
            path = "Content/articles/a4.it.md"
        }
        let saved = builder.rebuild(now: Self.now, changes: Changes(saved: [path]))
        #expect(saved.failure == 0, "\(change): \(saved.diagnostics)")
        #expect(!saved.patched, "\(change)")
        #expect(PatchTests.output(saved) == Self.full(site), "\(change)")
    }
}
