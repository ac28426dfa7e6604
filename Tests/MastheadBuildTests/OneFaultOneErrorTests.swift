import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// One broken file or catalog row is one error: its translations, the articles naming it in
/// `related:`, the articles linking to it (`prize:KEY`) and the catalogs referencing it say
/// nothing more. A name that was never there is still an error.
@Suite("One fault, one error")
struct OneFaultOneErrorTests {
    /// The moka article with a date that is no date: the one fault of every test here.
    static let brokenMoka = "title: Il rito della moka\ndate: 2026-13-45\ncategory: coffee-culture"

    static func errors(_ result: BuildResult) -> [String] { result.diagnostics.errors.map(\.description) }

    @Test("a translation of an original that failed reports nothing: one error, the original's")
    func translation() throws {
        let site = try TestSite(config: MultilingualFixture.config, templates: MultilingualFixture.templates)
        try site.article("il-rito-della-moka.md", Self.brokenMoka)
        // No date: it would take the original's.
        try site.article("il-rito-della-moka.en.md", "title: The moka ritual\nslug: the-moka-ritual", body: "The English text.")
        try site.article("espresso.md", "title: Espresso al banco\ndate: 2026-02-01\ncategory: coffee-culture")
        try site.article("espresso.en.md", "title: Espresso at the bar")
        let result = site.build()
        let errors = Self.errors(result)
        #expect(errors.count == 1, "\(result.messages)")
        #expect(errors.first?.hasPrefix("Content/articles/il-rito-della-moka.md:") == true, "\(errors)")
        #expect(!result.messages.contains { $0.contains("il-rito-della-moka.en.md") }, "\(result.messages)")
        #expect(result.files.isEmpty)
    }

    @Test("a language whose only file failed is not 'declared but no file': one error")
    func languageWithOnlyAFailedFile() throws {
        let site = try TestSite(config: MultilingualFixture.config, templates: MultilingualFixture.templates)
        try site.article("espresso.md", "title: Espresso al banco\ndate: 2026-02-01\ncategory: coffee-culture")
        try site.article("espresso.en.md", "title: Espresso at the bar\ndate: 2026-99-01")
        let result = site.build()
        let errors = Self.errors(result)
        #expect(errors.count == 1, "\(result.messages)")
        #expect(errors.first?.hasPrefix("Content/articles/espresso.en.md:") == true, "\(errors)")
    }

    @Test("a translation naming no original at all is still an error")
    func translationWithoutOriginal() throws {
        let site = try TestSite(config: MultilingualFixture.config, templates: MultilingualFixture.templates)
        try site.article("espresso.md", "title: Espresso al banco\ndate: 2026-02-01\ncategory: coffee-culture")
        try site.article("lungo.en.md", "title: Lungo")
        let result = site.build()
        #expect(
            Self.errors(result) == [
                "Content/articles/lungo.en.md:1:1: error: date: missing required value (this file translates nothing to take it from)"
            ], "\(result.messages)")
    }

    @Test("related: naming an article that failed reports nothing: one error, the article's")
    func related() throws {
        let site = try TestSite()
        // Front matter that is not even YAML: the article is known by its file name.
        try site.article("il-rito-della-moka.md", "title: [Il rito\ndate: 2026-03-01")
        try site.article(
            "espresso.md", "title: Espresso\ndate: 2026-02-01\ncategory: coffee-culture\nrelated: [il-rito-della-moka, tiramisu]")
        try site.article("tiramisu.md", "title: Tiramisù\ndate: 2026-01-01\ncategory: coffee-culture")
        let result = site.build()
        let errors = Self.errors(result)
        #expect(errors.count == 1, "\(result.messages)")
        #expect(errors.first?.hasPrefix("Content/articles/il-rito-della-moka.md:") == true, "\(errors)")
    }

    @Test("related: naming a failed article by the slug its front matter sets reports nothing")
    func relatedByWrittenSlug() throws {
        let site = try TestSite()
        try site.article("il-rito-della-moka.md", "title: Il rito della moka\nslug: moka-ritual\ndate: 2026-13-45\ncategory: coffee-culture")
        try site.article("espresso.md", "title: Espresso\ndate: 2026-02-01\ncategory: coffee-culture\nrelated: [moka-ritual]")
        let result = site.build()
        let errors = Self.errors(result)
        #expect(errors.count == 1, "\(result.messages)")
        #expect(errors.first?.hasPrefix("Content/articles/il-rito-della-moka.md:") == true, "\(errors)")
    }

    @Test("related: naming a slug no file has is still an error")
    func relatedUnknown() throws {
        let site = try TestSite()
        try site.article("il-rito-della-moka.md", Self.brokenMoka)
        try site.article("espresso.md", "title: Espresso\ndate: 2026-02-01\ncategory: coffee-culture\nrelated: [cappuccino]")
        let result = site.build()
        let errors = Self.errors(result)
        #expect(errors.count == 2, "\(result.messages)")
        let message = "related: no published article with the slug 'cappuccino'"
        #expect(errors.contains { $0.hasPrefix("Content/articles/espresso.md:") && $0.contains(message) })
    }

    @Test("a related: in a translation naming a translation whose original failed reports nothing")
    func relatedInTranslation() throws {
        let site = try TestSite(config: MultilingualFixture.config, templates: MultilingualFixture.templates)
        try site.article("il-rito-della-moka.md", Self.brokenMoka)
        try site.article("il-rito-della-moka.en.md", "title: The moka ritual")
        try site.article("espresso.md", "title: Espresso al banco\ndate: 2026-02-01\ncategory: coffee-culture")
        try site.article("espresso.en.md", "title: Espresso at the bar\nrelated: [il-rito-della-moka]")
        let result = site.build()
        let errors = Self.errors(result)
        #expect(errors.count == 1, "\(result.messages)")
        #expect(errors.first?.hasPrefix("Content/articles/il-rito-della-moka.md:") == true, "\(errors)")
    }

    /// Prizes whose URL is made from the title: a title without letters leaves the row out.
    static let prizesBySlug = CatalogFixture.defaultDeclaration.replacingOccurrences(
        of: "permalink: /prizes/:key/", with: "permalink: /prizes/:slug/")

    static let prizes = """
        key,title,category,points,expiry
        moka-pot,???,Accessories,800,2027-12-31
        grinder,Grinder,Accessories,500,2027-09-30

        """

    @Test("a prize: link to a row that failed reports nothing: one error, the row's")
    func catalogLink() throws {
        let site = try CatalogFixture.site(csv: Self.prizes, declaration: Self.prizesBySlug)
        try site.article(
            "a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture", body: "Get [the moka pot](prize:moka-pot) or [a grinder](prize:grinder).")
        let result = site.build()
        #expect(
            Self.errors(result) == [
                "Content/catalogs/prizes.csv:2:2: error: title: the title '???' has no letters or digits to make a URL from "
                    + "(permalink: /prizes/:slug/)"
            ], "\(result.messages)")
    }

    @Test("a prize: link to a key no row has is still an error, beside the failed row's")
    func catalogLinkUnknown() throws {
        let site = try CatalogFixture.site(csv: Self.prizes, declaration: Self.prizesBySlug)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture", body: "Get [a cup](prize:cup).")
        let result = site.build()
        let errors = Self.errors(result)
        #expect(errors.count == 2, "\(result.messages)")
        #expect(errors.contains { $0.hasPrefix("Content/articles/a.md:") && $0.hasSuffix("error: unknown prize 'cup'") })
    }

    @Test("a prize: link into a catalog that could not be read reports nothing more")
    func catalogLinkIntoUnreadCatalog() throws {
        let site = try TestSite(config: CatalogFixture.config(), templates: CatalogFixture.templates)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture", body: "Get [the moka pot](prize:moka-pot).")
        let result = site.build()
        let errors = Self.errors(result)
        #expect(errors.count == 1, "\(result.messages)")
        #expect(errors.first?.hasPrefix("Content/catalogs/prizes.csv") == true, "\(errors)")
    }

    static let relations = """
        catalogs:
          films:
            file: catalogs/films.csv
            key: key
            title: title
            permalink: /films/:slug/
            templates: { item: film }
          members:
            file: catalogs/members.csv
            key: key
            schema:
              key: { type: string, required: true }
              favourites: { type: list, references: films }
            permalink: /members/:key/
            templates: { item: member }
        """

    @Test("a reference to a row that failed reports nothing: one error, the row's; an unknown key is still one")
    func catalogRelation() throws {
        let site = try TestSite(config: TestSite.minimalConfig + "\n" + Self.relations, templates: CatalogFixture.relationTemplates)
        try site.write("Content/catalogs/films.csv", "key,title\nbreaking-bad,Breaking Bad\nalien,!!!\n")
        try site.write("Content/catalogs/members.csv", "key,favourites\nanna,alien; breaking-bad\nbruno,alien\n")
        let result = site.build()
        #expect(
            Self.errors(result) == [
                "Content/catalogs/films.csv:3:2: error: title: the title '!!!' has no letters or digits to make a URL from "
                    + "(permalink: /films/:slug/)"
            ], "\(result.messages)")

        try site.write("Content/catalogs/members.csv", "key,favourites\nanna,alien; the-wire\n")
        let unknown = Self.errors(site.build())
        #expect(unknown.count == 2, "\(unknown)")
        #expect(unknown.contains { $0.hasPrefix("Content/catalogs/members.csv:2:2:") && $0.contains("unknown films key 'the-wire'") })
    }
}
