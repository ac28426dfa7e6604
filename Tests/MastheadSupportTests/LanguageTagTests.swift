import Foundation
import MastheadTesting
import Testing

@testable import MastheadSearch
@testable import MastheadSupport

/// One `LanguageTag`: a language code read once, in one normal form, whatever case site.yml
/// or a file name used (issue 44 item 8, issue 42).
@Suite("Language tags")
struct LanguageTagTests {
    @Test(
        "BCP 47 casing: language lower, script title, region upper",
        arguments: [
            ("en", "en"), ("EN", "en"), ("pt-br", "pt-BR"), ("PT-BR", "pt-BR"), ("zh-hant", "zh-Hant"), ("ZH-HANT-tw", "zh-Hant-TW"),
            ("es-419", "es-419"), ("de-CH-1901", "de-CH-1901"), ("en-GB-x-Oxford", "en-GB-x-oxford"), ("sr-Latn-RS", "sr-Latn-RS")
        ])
    func normalForm(written: String, normal: String) throws {
        #expect(try #require(LanguageTag(written)).description == normal)
    }

    @Test("malformed tags are refused", arguments: ["", "e", "english", "en_GB", "en-", "-en", "en--GB", "it-toolongsubtag", "é", "12"])
    func malformed(text: String) {
        #expect(LanguageTag(text) == nil)
    }

    @Test("the primary language picks labels, stop words and the stemmer whatever the case")
    func primaryLanguage() {
        #expect(LanguageTag("IT-ch")?.language == "it")
        #expect(Labels(language: "IT").search == "Cerca")
        #expect(Stemmer.algorithm(for: "IT") == "it")
        #expect(Stemmer.algorithm(for: "pt-BR") == "pt")
        #expect(StopWords.words(language: "EN").contains("the"))
    }

    static let bilingualConfig = """
        title: Rivista
        baseURL: https://example.org/
        language: IT
        languages:
          - { code: it, name: Italiano }
          - { code: EN, name: English }
        catalogs:
          prizes:
            file: { IT: catalogs/prizes.csv }
            key: id
            title: title
            schema:
              id: { type: string, required: true }
              title: { type: string, required: true }
        """

    @Test("code: EN and language: IT: the English pages say lang=\"en\", live under /en/, and show the title_en column")
    func upperCaseCodes() throws {
        let templates = TestSite.minimalTemplates.merging([
            "catalog-index":
                "{{<base}}{{$main}}<h1>{{catalog.label}}</h1>{{#items}}<a class=\"item\" href=\"{{url}}\">{{title}}</a>{{/items}}{{/main}}{{/base}}",
            "catalog-item": "{{<base}}{{$main}}<h1>{{item.title}}</h1>{{/main}}{{/base}}"
        ]) { _, new in new }
        let site = try TestSite(config: Self.bilingualConfig, templates: templates)
        try site.write("Content/catalogs/prizes.csv", "id,title,title_en\ngold,Oro,Gold\n")
        try site.article("moka.md", "title: La moka\ndate: 2026-11-01")
        // The file suffix in capitals too.
        try site.article("moka.EN.md", "title: The moka pot\ndate: 2026-11-01")
        let result = site.build()
        #expect(result.messages.isEmpty, "\(result.messages)")
        let english = try #require(result.text("en/articles/moka/index.html"))
        #expect(english.contains("<html lang=\"en\">"), "\(english)")
        #expect(english.contains("<h1>The moka pot</h1>"))
        let italian = try #require(result.text("articles/moka/index.html"))
        #expect(italian.contains("<html lang=\"it\">"))
        let englishItem = try #require(result.text("en/prizes/gold/index.html"))
        #expect(englishItem.contains("<h1>Gold</h1>"), "\(englishItem)")
        let italianItem = try #require(result.text("prizes/gold/index.html"))
        #expect(italianItem.contains("<h1>Oro</h1>"))
        #expect(!result.paths.contains { $0.hasPrefix("EN/") })
    }

    @Test("a column in another case (title_EN) is the same translation, not an unknown field")
    func columnInCapitals() throws {
        let templates = TestSite.minimalTemplates.merging([
            "catalog-index": "{{<base}}{{$main}}<h1>{{catalog.label}}</h1>{{/main}}{{/base}}",
            "catalog-item": "{{<base}}{{$main}}<h1>{{item.title}}</h1>{{/main}}{{/base}}"
        ]) { _, new in new }
        let site = try TestSite(config: Self.bilingualConfig.replacingOccurrences(of: "language: IT", with: "language: it"), templates: templates)
        try site.write("Content/catalogs/prizes.csv", "id,title,title_EN\ngold,Oro,Gold\n")
        try site.article("moka.md", "title: La moka\ndate: 2026-11-01")
        try site.article("moka.en.md", "title: The moka pot\ndate: 2026-11-01")
        let result = site.build()
        #expect(result.messages.isEmpty, "\(result.messages)")
        #expect(result.text("en/prizes/gold/index.html")?.contains("<h1>Gold</h1>") == true)
    }

    @Test("language: IT on a one-language site gets Italian labels and lang=\"it\"")
    func primaryInCapitals() throws {
        let site = try TestSite(config: TestSite.minimalConfig.replacingOccurrences(of: "language: en", with: "language: IT"))
        try site.article("moka.md", "title: Moka\ndate: 2026-11-01\ncategory: coffee-culture\ntags: [moka]")
        let result = site.build()
        #expect(result.messages.isEmpty, "\(result.messages)")
        let page = try #require(result.text("articles/moka/index.html"))
        #expect(page.contains("<html lang=\"it\">"))
        #expect(result.text("articles/index.html")?.contains("<h1>Articoli</h1>") == true)
    }

    @Test("malformed codes are errors at site.yml's line and column")
    func malformedInSiteYml() throws {
        let site = try TestSite(config: TestSite.minimalConfig.replacingOccurrences(of: "language: en", with: "language: en_GB"))
        #expect(site.build().messages == ["Content/site.yml:4:11: error: language: expected a BCP 47 tag like it or en-GB, got \"en_GB\""])
        let list = try TestSite(
            config: TestSite.minimalConfig + "\nlanguages:\n  - { code: en, name: English }\n  - { code: \"it--IT\", name: Italiano }\n")
        #expect(
            list.build().messages.contains(
                "Content/site.yml:12:13: error: code: expected a BCP 47 tag like it, en or en-GB, got \"it--IT\""), "\(list.build().messages)")
    }

    @Test("en and EN declared both are one language declared twice")
    func declaredTwice() throws {
        let site = try TestSite(
            config: TestSite.minimalConfig + "\nlanguages:\n  - { code: en, name: English }\n  - { code: EN, name: English again }\n")
        #expect(site.build().messages.contains("Content/site.yml:12:13: error: languages: 'en' is declared twice"), "\(site.build().messages)")
    }
}
