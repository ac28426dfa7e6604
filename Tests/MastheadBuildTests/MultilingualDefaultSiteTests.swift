import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// The bilingual default site (Italian at the root, English under /en/): catalogs, reports
/// and `prize:` links in the reader's language, and the preview after a translation is saved.
@Suite("Multilingual: the default site in Italian and English")
struct MultilingualDefaultSiteTests {
    static var result: BuildResult { SharedSites.defaultSite }

    @Test("at least 8 articles, every page, the prize catalogue and the programme report exist in English")
    func englishContent() throws {
        let site = try #require(Self.result.site)
        let english = try #require(site.translations.first)
        #expect(english.config.language == "en")
        #expect(english.articles.count >= 8)
        let translatedPages = Set(english.pages.map(\.document.translationKey))
        for page in site.pages { #expect(translatedPages.contains(page.document.translationKey), "\(page.document.sourcePath)") }
        for path in ["en/index.html", "en/prizes/index.html", "en/reports/programme/index.html", "en/search/index.html", "en/feed.xml"] {
            #expect(Self.result.paths.contains(path), "\(path) missing")
        }
    }

    @Test("catalog items and facets in English, and prize: links lead to the English item")
    func catalogsPerLanguage() throws {
        let prizes = try #require(Self.result.text("en/prizes/index.html"))
        #expect(prizes.contains("Prize catalogue"))
        #expect(prizes.contains("Classic Blend, 250 g"))
        #expect(!prizes.contains("Miscela Classica 250 g"))
        // The filter's headings from the language's catalogs.prizes.filter; the Italian page keeps its own.
        #expect(prizes.contains("<legend>Points needed</legend>") && prizes.contains("<legend>Categories</legend>"))
        #expect(Self.result.text("prizes/index.html")?.contains("<legend>Punti necessari</legend>") == true)
        let item = try #require(Self.result.text("en/prizes/miscela-classica-250/index.html"))
        #expect(item.contains("<html lang=\"en\">"))
        #expect(item.contains("hreflang=\"it\" href=\"https://magazine.example.com/prizes/miscela-classica-250/\""))
        #expect(Self.result.paths.contains("en/prizes/category/coffee/index.html"), "a facet value in English")
        let moka = try #require(Self.result.text("en/articles/the-moka-ritual/index.html"))
        #expect(moka.contains("href=\"/en/prizes/moka-3-tazze/\""))
        let italian = try #require(Self.result.text("articles/il-rito-della-moka/index.html"))
        #expect(italian.contains("href=\"/prizes/moka-3-tazze/\""))
    }

    @Test("the programme report in English: its labels, number formats and month names; the same figures")
    func reportInEnglish() throws {
        let english = try #require(Self.result.text("en/reports/programme/index.html"))
        let italian = try #require(Self.result.text("reports/programme/index.html"))
        #expect(english.contains("<p class=\"kpi-value\">1,489</p>"))
        #expect(italian.contains("<p class=\"kpi-value\">1489</p>"))
        #expect(english.contains(">Jan 2026<") && !english.contains(">gen 2026<"))
        #expect(italian.contains(">gen 2026<"))
    }

    @Test("hreflang pairs are symmetric on every page of the default site")
    func hreflangSymmetric() throws {
        let result = Self.result
        var byPage: [String: [String: String]] = [:]
        for path in result.paths where path.hasSuffix(".html") {
            let html = try #require(result.text(path))
            var alternates: [String: String] = [:]
            for line in html.split(separator: "\n") where line.hasPrefix("<link rel=\"alternate\" hreflang=\"") {
                let parts = line.split(separator: "\"")
                alternates[String(parts[3])] = String(parts[5])
            }
            byPage["https://magazine.example.com/" + path.replacingOccurrences(of: "index.html", with: "")] = alternates
        }
        var pairs = 0
        for (page, alternates) in byPage {
            for (code, target) in alternates where code != "x-default" && target != page {
                #expect(byPage[target]?.values.contains(page) == true, "\(target) does not name \(page) back")
                pairs += 1
            }
        }
        #expect(pairs > 100)
    }

    @Test("each language has its own search index, stemmed in its language")
    func searchPerLanguage() throws {
        #expect(Self.result.text("search/index.json")?.contains("\"language\":\"it\"") == true)
        #expect(Self.result.text("en/search/index.json")?.contains("\"language\":\"en\"") == true)
        let page = try #require(Self.result.text("en/search/index.html"))
        #expect(page.contains("data-search-index=\"/en/search/index.json\""))
    }

    @Test("the theme's words follow the page's language")
    func themeWords() throws {
        let english = try #require(Self.result.text("en/articles/the-moka-ritual/index.html"))
        let italian = try #require(Self.result.text("articles/il-rito-della-moka/index.html"))
        #expect(english.contains("Skip to content") && english.contains("Related articles") && english.contains("min read"))
        #expect(italian.contains("Vai al contenuto") && italian.contains("Articoli correlati") && italian.contains("min di lettura"))
        #expect(english.contains("<link rel=\"stylesheet\" href=\"/css/site.css\">"), "static files stay at the root")
    }

    @Test("the preview: saving a translation patches the pages of its language that show it, as a clean build makes them")
    func previewAfterSavingATranslation() throws {
        let site = try MultilingualFixture.site()
        var options = site.options()
        options.memory = RebuildMemory()
        #expect(Pipeline.run(options: options).succeeded)
        try site.article("il-rito-della-moka.en.md", "title: The moka, retitled\nslug: the-moka-ritual", body: "The English text.")
        let rebuilt = Pipeline.run(.changes(Changes(saved: ["Content/articles/il-rito-della-moka.en.md"])), options: options)
        #expect(rebuilt.succeeded)
        #expect(rebuilt.patched)
        // Each language keeps its parsed documents: only the saved file is parsed again.
        #expect(rebuilt.work.parsedDocuments == 1)
        #expect(rebuilt.work.reusedDocuments > 1)
        #expect(rebuilt.text("en/articles/the-moka-ritual/index.html")?.contains("The moka, retitled") == true)
        #expect(rebuilt.text("en/index.html")?.contains("The moka, retitled") == true)
        // English pages only: the Italian page names its translation by its URL, which is the same.
        #expect(!rebuilt.paths.isEmpty && rebuilt.paths.allSatisfy { $0.hasPrefix("en/") }, "\(rebuilt.paths)")
        // Each of them as a build from nothing makes it.
        options.memory = nil
        let clean = Pipeline.run(options: options)
        let cleanFiles = Dictionary(uniqueKeysWithValues: clean.files.map { ($0.path, try? $0.data()) })
        for file in rebuilt.files { #expect(cleanFiles[file.path] == (try? file.data()), "\(file.path)") }
    }
}
