import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

/// Multilingual sites (docs/translating.md): URLs per language, hreflang, the language
/// switcher, feeds, bad input, and a site in one language left exactly as it was.
@Suite("Multilingual sites")
struct MultilingualTests {
    static let config = MultilingualFixture.config
    static let templates = MultilingualFixture.templates

    static func site() throws -> TestSite { try MultilingualFixture.site() }

    static func links(_ html: String, _ pattern: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(html.startIndex..., in: html)
        return regex.matches(in: html, range: range).compactMap { match in
            Range(match.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    @Test("each language has its URLs: articles, slugs, pages, lists, categories, tags, feeds, 404")
    func urlsPerLanguage() throws {
        let site = try Self.site()
        let result = site.build()
        #expect(result.succeeded, "\(result.messages)")
        for path in [
            "index.html", "en/index.html", "articles/il-rito-della-moka/index.html", "en/articles/the-moka-ritual/index.html",
            "en/articles/cold-brew-fatto-in-casa/index.html", "contatti/index.html", "en/contatti/index.html", "en/articles/index.html",
            "en/categories/coffee-culture/index.html", "en/categories/index.html", "en/tags/tradition/index.html", "tags/tradizione/index.html",
            "en/feed.xml", "feed.xml", "en/404.html", "404.html", "sitemap.xml", "robots.txt"
        ] {
            #expect(result.paths.contains(path), "\(path) missing")
        }
        #expect(!result.paths.contains("en/sitemap.xml") && !result.paths.contains("en/robots.txt"))
        #expect(!result.paths.contains("en/articles/espresso/index.html"), "an untranslated article has no English page")
        let english = try #require(result.text("en/articles/the-moka-ritual/index.html"))
        #expect(english.contains("<html lang=\"en\">"))
        #expect(english.contains("The English text."))
        let italian = try #require(result.text("articles/il-rito-della-moka/index.html"))
        #expect(italian.contains("<html lang=\"it\">"))
        let category = try #require(result.text("en/categories/coffee-culture/index.html"))
        #expect(category.contains("<h1>Coffee culture</h1>"), "the category's name in English")
        #expect(category.contains("/en/articles/the-moka-ritual/") && !category.contains("/articles/espresso/"))
    }

    @Test("a translation takes the original's date, category and tags; its tags are translated")
    func inheritance() throws {
        let result = try Self.site().build()
        let site = try #require(result.site)
        let english = try #require(site.translations.first)
        let moka = try #require(english.articles.first { $0.document.slug == "the-moka-ritual" })
        let original = try #require(site.articles.first { $0.document.slug == "il-rito-della-moka" })
        #expect(moka.document.date == original.document.date)
        #expect(moka.category?.slug == "coffee-culture")
        #expect(moka.document.tags == ["tradition", "moka"])
        #expect(english.articles.allSatisfy { $0.document.language == "en" })
    }

    @Test("hreflang pairs are symmetric on every page, with x-default")
    func hreflangSymmetric() throws {
        let result = try Self.site().build()
        var alternatesByPage: [String: [String: String]] = [:]
        for path in result.paths where path.hasSuffix(".html") {
            let html = try #require(result.text(path))
            let pairs = Self.links(html, "<link rel=\"alternate\" hreflang=\"([^\"]+\"[^>]*)>")
            var map: [String: String] = [:]
            for pair in pairs {
                let parts = pair.components(separatedBy: "\" href=\"")
                map[parts[0]] = parts[1].replacingOccurrences(of: "\"", with: "")
            }
            alternatesByPage["https://example.org/" + path.replacingOccurrences(of: "index.html", with: "")] = map
        }
        let moka = try #require(alternatesByPage["https://example.org/articles/il-rito-della-moka/"])
        #expect(moka["en"] == "https://example.org/en/articles/the-moka-ritual/")
        #expect(moka["x-default"] == "https://example.org/articles/il-rito-della-moka/")
        #expect(alternatesByPage["https://example.org/en/"]?["it"] == "https://example.org/")
        #expect(alternatesByPage["https://example.org/articles/espresso/"]?.isEmpty == true, "no translation, no alternates")
        var checked = 0
        for (page, alternates) in alternatesByPage {
            for (code, target) in alternates where code != "x-default" && target != page {
                let back = alternatesByPage[target]
                #expect(back != nil, "\(page) names \(target), which does not exist")
                #expect(back?.values.contains(page) == true, "\(target) does not link back to \(page)")
                checked += 1
            }
        }
        #expect(checked >= 10)
    }

    @Test("the switcher goes to the translation, else to the category, else to the home page, and says so")
    func switcherTarget() throws {
        let site = try Self.site()
        try site.article("senza-categoria.md", "title: Senza categoria\ndate: 2026-01-05\ncategory: recipes")
        let result = site.build()
        let translated = try #require(result.text("articles/il-rito-della-moka/index.html"))
        #expect(translated.contains("data-code=\"en\" data-translated=\"yes\" href=\"/en/articles/the-moka-ritual/\""))
        // Espresso has no English version: the reader goes to its category in English.
        let espresso = try #require(result.text("articles/espresso/index.html"))
        #expect(espresso.contains("data-code=\"en\" data-translated=\"no\" href=\"/en/categories/coffee-culture/\""))
        // Recipes has English articles too (cold brew), so its English page exists.
        let recipe = try #require(result.text("articles/tiramisu/index.html"))
        #expect(recipe.contains("data-code=\"en\" data-translated=\"no\" href=\"/en/categories/recipes/\""))
        let english = try #require(result.text("en/articles/the-moka-ritual/index.html"))
        #expect(english.contains("data-code=\"it\" data-translated=\"yes\" href=\"/articles/il-rito-della-moka/\""))
    }

    @Test("a page whose category has no page in the other language leads to that language's home page")
    func switcherToHome() throws {
        let config = Self.config.replacingOccurrences(of: "  - { name: Ricette, slug: recipes }\n", with: "")
        let site = try TestSite(config: config, templates: Self.templates)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        try site.article("b.en.md", "title: B\ndate: 2026-01-01\ncategory: coffee-culture")
        try site.write("Content/pages/chi-siamo.md", "---\ntitle: Chi siamo\ndate: 2026-01-01\n---\nNoi.\n")
        let result = site.build()
        let page = try #require(result.text("chi-siamo/index.html"))
        #expect(page.contains("data-code=\"en\" data-translated=\"no\" href=\"/en/\""))
    }

    @Test("each language has its own Atom feed, in its language, with its articles only")
    func feedsPerLanguage() throws {
        let result = try Self.site().build()
        let english = try #require(result.text("en/feed.xml"))
        let italian = try #require(result.text("feed.xml"))
        #expect(english.contains("xml:lang=\"en\""))
        #expect(italian.contains("xml:lang=\"it\""))
        #expect(english.contains("https://example.org/en/articles/the-moka-ritual/"))
        #expect(!english.contains("https://example.org/articles/"))
        #expect(italian.contains("https://example.org/articles/espresso/") && !italian.contains("/en/"))
        #expect(english.contains("<title>Crema, the magazine</title>"))
        let categoryFeed = try #require(result.text("en/categories/coffee-culture/feed.xml"))
        #expect(categoryFeed.contains("the-moka-ritual") && !categoryFeed.contains("espresso"))
    }

    @Test("the sitemap lists every language with xhtml:link alternates")
    func sitemapAlternates() throws {
        let result = try Self.site().build()
        let sitemap = try #require(result.text("sitemap.xml"))
        #expect(sitemap.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""))
        #expect(sitemap.contains("<loc>https://example.org/en/articles/the-moka-ritual/</loc>"))
        #expect(
            sitemap.contains(
                "<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/en/articles/the-moka-ritual/\"/>"))
        #expect(sitemap.contains("hreflang=\"x-default\" href=\"https://example.org/articles/il-rito-della-moka/\""))
    }

    @Test("an unknown language code is an error at its place, with the code meant")
    func unknownCode() throws {
        let site = try TestSite(config: Self.config.replacingOccurrences(of: "code: en\n", with: "code: en-UK\n"), templates: Self.templates)
        let result = site.build()
        #expect(!result.succeeded)
        #expect(
            result.messages.contains(
                "Content/site.yml:12:11: error: code: unknown language code \"en-UK\"; did you mean 'en-GB'?"), "\(result.messages)")
    }

    @Test("two files claiming one translation are an error naming both")
    func duplicateTranslation() throws {
        let site = try Self.site()
        try site.article("moka-again.en.md", "title: Moka again\ntranslationKey: il-rito-della-moka")
        let result = site.build()
        #expect(!result.succeeded)
        #expect(
            result.messages.contains(
                "Content/articles/moka-again.en.md:3:17: error: Content/articles/il-rito-della-moka.en.md and this file both claim to be "
                    + "the English translation of 'il-rito-della-moka'; give one of them another translationKey:"), "\(result.messages)")
    }

    @Test("a published translation of a draft is an error")
    func draftOriginal() throws {
        let site = try Self.site()
        try site.article("bozza.md", "title: Bozza\ndate: 2026-01-01\ncategory: recipes\ndraft: true")
        try site.article("bozza.en.md", "title: Draft")
        let result = site.build()
        #expect(!result.succeeded)
        #expect(
            result.messages.contains(
                "Content/articles/bozza.en.md:1:1: error: this translation is published but its original Content/articles/bozza.md is a draft; "
                    + "set draft: true here too, or publish the original"), "\(result.messages)")
    }

    @Test("a declared language with no content is an error at its declaration")
    func languageWithoutContent() throws {
        let site = try TestSite(
            config: Self.config + "\n  - code: fr\n    name: Français\n", templates: Self.templates)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: recipes")
        try site.article("a.en.md", "title: A in English")
        let result = site.build()
        #expect(!result.succeeded)
        #expect(
            result.messages.contains(
                "Content/site.yml:18:11: error: languages: 'fr' is declared but no file is written in it; translate a file as NAME.fr.md "
                    + "beside NAME.md, or remove the language"), "\(result.messages)")
    }

    @Test("a translationKey naming no original is a warning")
    func missingOriginal() throws {
        let site = try Self.site()
        try site.article("lost.en.md", "title: Lost\ndate: 2026-01-01\ncategory: recipes\ntranslationKey: il-rito-della-mokka")
        let result = site.build()
        #expect(result.succeeded)
        #expect(
            result.messages.contains(
                "Content/articles/lost.en.md:5:17: warning: translationKey: no article 'il-rito-della-mokka' in the default language to translate; "
                    + "did you mean 'il-rito-della-moka'?"), "\(result.messages)")
    }

    @Test("a translation's aliases get redirect pages and a line in the one _redirects")
    func translatedAliases() throws {
        let site = try Self.site()
        try site.article("il-rito-della-moka.en.md", "title: The moka ritual\nslug: the-moka-ritual\naliases: [/en/old-moka/]")
        let result = site.build()
        #expect(result.succeeded, "\(result.messages)")
        #expect(result.text("en/old-moka/index.html")?.contains("/en/articles/the-moka-ritual/") == true)
        #expect(result.text("_redirects")?.contains("/en/old-moka/ /en/articles/the-moka-ritual/ 301") == true, "\(result.text("_redirects") ?? "")")
    }

    @Test("a file in a language the site does not declare is a warning")
    func undeclaredLanguage() throws {
        let site = try Self.site()
        try site.article("espresso.fr.md", "title: Espresso\ndate: 2026-01-01\ncategory: recipes")
        let result = site.build()
        #expect(
            result.messages.contains(
                "Content/articles/espresso.fr.md:1:1: warning: 'fr' is not a language of the site (languages: in site.yml): "
                    + "this file is published in the default language; declare the language, or rename the file"), "\(result.messages)")
    }

    @Test("masthead check: a one-way hreflang pair is an error")
    func checkBrokenPair() throws {
        let site = try Self.site()
        var result = site.build()
        #expect(result.succeeded, "\(result.messages)")
        let path = "en/articles/the-moka-ritual/index.html"
        let index = try #require(result.files.firstIndex { $0.path == path })
        let html = try #require(result.text(path)).replacingOccurrences(
            of: "hreflang=\"it\" href=\"https://example.org/articles/il-rito-della-moka/\"",
            with: "hreflang=\"it\" href=\"https://example.org/articles/espresso/\"")
        result.files[index] = OutputFile(path: path, contents: .bytes(Data(html.utf8)))
        let built = try #require(result.site)
        let clean = SiteChecker(site: built, files: site.build().files, siteFolder: SiteFolder(site.root)).check()
        #expect(!clean.contains { $0.message.contains("hreflang") }, "\(clean)")
        let problems = SiteChecker(site: built, files: result.files, siteFolder: SiteFolder(site.root)).check().map(\.description)
        #expect(
            problems.contains {
                $0.hasPrefix("Content/articles/il-rito-della-moka.md: error: broken hreflang pair on /articles/il-rito-della-moka/: ")
                    && $0.contains("does not link back with hreflang=\"it\"")
            }, "\(problems)")
        #expect(problems.contains { $0.contains("broken hreflang pair on /en/articles/the-moka-ritual/") }, "\(problems)")
    }

    @Test("a site in one language builds byte for byte what it built before languages existed")
    func oneLanguageUnchanged() throws {
        let fixture = repositoryRoot.appendingPathComponent("Tests/Fixtures/one-language")
        var options = BuildOptions(siteFolder: SiteFolder(fixture))
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        let result = Pipeline.run(options: options)
        #expect(result.succeeded, "\(result.messages)")
        let expectedFolder = fixture.appendingPathComponent("expected")
        let expected = try FileManager.default.subpathsOfDirectory(atPath: expectedFolder.path).filter { path in
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: expectedFolder.appendingPathComponent(path).path, isDirectory: &isFolder)
            return exists && !isFolder.boolValue
        }
        #expect(expected.sorted() == result.paths)
        for path in expected {
            let want = try Data(contentsOf: expectedFolder.appendingPathComponent(path))
            let file = try #require(result.files.first { $0.path == path })
            #expect(try file.data() == want, "\(path) differs")
        }
    }
}
