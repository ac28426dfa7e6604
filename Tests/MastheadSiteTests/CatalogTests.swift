import Foundation
import MastheadTesting
import Testing

@testable import MastheadContent
@testable import MastheadSite
@testable import MastheadSupport

@Suite("Catalogs: pages, facets, bands, featured, links")
struct CatalogTests {
    static let prizes = """
        key,title,category,points,expiry
        moka-pot,Moka pot,Accessories,800,2027-12-31
        voucher-5,5 € voucher,Vouchers,50,2027-03-31
        cups,Two cups,Accessories,499,2027-10-31
        grinder,Grinder,Accessories,500,2027-09-30
        machine,Espresso machine,Machines,1000,2027-12-31

        """

    @Test("the index is sorted by the declared field and paginated; every item gets a page")
    func indexAndItems() throws {
        let site = try CatalogFixture.site(csv: Self.prizes)
        let result = site.build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let first = try #require(result.text("prizes/index.html"))
        let second = try #require(result.text("prizes/page/2/index.html"))
        let third = try #require(result.text("prizes/page/3/index.html"))
        #expect(first.contains("<a class=\"item\" href=\"/prizes/voucher-5/\">voucher-5</a>\n<a class=\"item\" href=\"/prizes/cups/\">cups</a>"))
        #expect(second.contains(">grinder<") && second.contains(">moka-pot<"))
        #expect(third.contains(">machine<"))
        #expect(first.contains("<a href=\"/prizes/page/2/\">2</a>"))
        for key in ["moka-pot", "voucher-5", "cups", "grinder", "machine"] {
            #expect(result.paths.contains("prizes/\(key)/index.html"), "\(key)")
        }
        let moka = try #require(result.text("prizes/moka-pot/index.html"))
        #expect(moka.contains("<h1>Moka pot</h1>"))
        #expect(moka.contains("<p class=\"field\">points: 800 [800]</p>"))
        #expect(moka.contains("<p class=\"field\">expiry: December 31, 2027 [2027-12-31]</p>"))
        #expect(moka.contains("<a class=\"facet\" href=\"/prizes/category/accessories/\">Accessories</a>"))
        #expect(moka.contains("<title>Moka pot · Test Magazine</title>"))
    }

    @Test("sort: -points sorts descending")
    func descending() throws {
        let site = try CatalogFixture.site(
            csv: Self.prizes, declaration: CatalogFixture.defaultDeclaration.replacingOccurrences(of: "sort: points", with: "sort: -points"))
        let first = try #require(site.build().text("prizes/index.html"))
        #expect(first.contains(">machine<") && first.contains(">moka-pot<") && !first.contains(">cups<"))
    }

    @Test("one page per facet value, holding exactly the items with that value")
    func facetValues() throws {
        let result = try CatalogFixture.site(csv: Self.prizes).build()
        let accessories = try #require(result.text("prizes/category/accessories/index.html"))
        #expect(accessories.contains("<p class=\"facet\">category=Accessories [,) 3</p>"))
        #expect(accessories.contains(">cups<") && accessories.contains(">grinder<") && !accessories.contains(">voucher-5<"))
        #expect(result.paths.contains("prizes/category/accessories/page/2/index.html"))
        #expect(result.paths.contains("prizes/category/vouchers/index.html"))
        #expect(result.paths.contains("prizes/category/machines/index.html"))
        let home = try #require(result.text("index.html"))
        #expect(
            home.contains(
                "<ul class=\"facet-category\"><li><a href=\"/prizes/category/accessories/\">Accessories</a> 3</li>"
                    + "<li><a href=\"/prizes/category/machines/\">Machines</a> 1</li>"
                    + "<li><a href=\"/prizes/category/vouchers/\">Vouchers</a> 1</li></ul>"
            ))
    }

    @Test("bands hold lower <= value < next lower: 499 and 500 fall in different bands; the last band is open")
    func bandsAtTheirBounds() throws {
        let result = try CatalogFixture.site(csv: Self.prizes).build()
        let low = try #require(result.text("prizes/points/0-499/index.html"))
        let middle = try #require(result.text("prizes/points/500-999/index.html"))
        let high = try #require(result.text("prizes/points/1000-plus/index.html"))
        #expect(low.contains("<p class=\"facet\">points=0–499 [0,500) 2</p>"))
        #expect(low.contains(">cups<") && low.contains(">voucher-5<") && !low.contains(">grinder<"))
        #expect(middle.contains("<p class=\"facet\">points=500–999 [500,1000) 2</p>"))
        #expect(middle.contains(">grinder<") && middle.contains(">moka-pot<") && !middle.contains(">cups<"))
        #expect(high.contains("<p class=\"facet\">points=1,000+ [1000,) 1</p>"))
        #expect(high.contains(">machine<"))
    }

    @Test("band labels can be chosen by the editor, one per band")
    func bandLabels() throws {
        let declaration = CatalogFixture.defaultDeclaration.replacingOccurrences(
            of: "bands: [0, 500, 1000] }", with: "bands: [0, 500, 1000], labels: [Small, Medium, Large] }")
        let result = try CatalogFixture.site(csv: Self.prizes, declaration: declaration).build()
        let home = try #require(result.text("index.html"))
        #expect(
            home.contains(
                "<li><a href=\"/prizes/points/0-499/\">Small</a> 2</li><li><a href=\"/prizes/points/500-999/\">Medium</a> 2</li>"
                    + "<li><a href=\"/prizes/points/1000-plus/\">Large</a> 1</li>"
            ))
    }

    @Test("every template sees catalogs.NAME.items with display and raw values")
    func itemsEverywhere() throws {
        let result = try CatalogFixture.site(
            csv: Self.prizes.replacingOccurrences(of: "machine,Espresso machine,Machines,1000", with: "machine,Espresso machine,Machines,4800")
        ).build()
        let home = try #require(result.text("index.html"))
        #expect(
            home.contains(
                "<span data-points=\"50\">50</span><span data-points=\"499\">499</span><span data-points=\"500\">500</span>"
                    + "<span data-points=\"800\">800</span><span data-points=\"4800\">4,800</span>"
            ))
    }

    @Test("featured: a fixed key, or one item per ISO week, the same all week")
    func featured() throws {
        let fixed = try CatalogFixture.site(csv: Self.prizes, declaration: CatalogFixture.defaultDeclaration + "\nfeatured: { key: grinder }")
        #expect(try #require(fixed.build().text("index.html")).contains("<p class=\"featured\">grinder</p>"))

        let weekly = try CatalogFixture.site(csv: Self.prizes, declaration: CatalogFixture.defaultDeclaration + "\nfeatured: { rotate: weekly }")
        func featured(on date: String) throws -> String {
            let home = try #require(weekly.build(now: date).text("index.html"))
            let start = try #require(home.range(of: "<p class=\"featured\">"))
            return String(home[start.upperBound...].prefix { $0 != "<" })
        }
        // 2026-11-23 is a Monday; 2026-11-29 the Sunday of the same ISO week (48); 2026-11-30 starts week 49.
        let monday = try featured(on: "2026-11-23")
        #expect(try featured(on: "2026-11-29") == monday)
        let nextWeek = try featured(on: "2026-11-30")
        #expect(nextWeek != monday)
        // Consecutive weeks feature consecutive items in catalog order (points ascending).
        let order = ["voucher-5", "cups", "grinder", "moka-pot", "machine"]
        let mondayIndex = try #require(order.firstIndex(of: monday))
        #expect(order[(mondayIndex + 1) % order.count] == nextWeek)
    }

    @Test("the rotation formula: whole weeks since Monday 1970-01-05, modulo the count")
    func rotationFormula() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let date = { (text: String) in ContentDate.parse(text, timeZone: utc)! }
        #expect(FeaturedRotation.weekNumber(of: date("1970-01-05"), timeZone: utc) == 0)
        #expect(FeaturedRotation.weekNumber(of: date("1970-01-11"), timeZone: utc) == 0)
        #expect(FeaturedRotation.weekNumber(of: date("1970-01-12"), timeZone: utc) == 1)
        #expect(FeaturedRotation.weekNumber(of: date("1970-01-04"), timeZone: utc) == -1)
        #expect(FeaturedRotation.index(count: 5, date: date("1970-01-04"), timeZone: utc) == 4)
        // 2027-01-01 is a Friday in ISO week 53 of 2026, together with Monday 2026-12-28.
        #expect(
            FeaturedRotation.weekNumber(of: date("2027-01-01"), timeZone: utc) == FeaturedRotation.weekNumber(of: date("2026-12-28"), timeZone: utc))
    }

    @Test("raw dates are the calendar day in the site's time zone")
    func rawDays() throws {
        let rome = try #require(TimeZone(identifier: "Europe/Rome"))
        let utc = try #require(TimeZone(identifier: "UTC"))
        for text in ["2027-12-31", "2028-02-29", "2000-03-01", "1969-12-31", "1900-01-01"] {
            let inRome = try #require(ContentDate.parse(text, timeZone: rome))
            #expect(DataValue.day(inRome, timeZone: rome) == text)
            #expect(DataValue.date(inRome).plainText(rome) == text)
        }
        // Midnight in Rome is still the day before in UTC.
        #expect(DataValue.day(try #require(ContentDate.parse("2027-01-01", timeZone: rome)), timeZone: utc) == "2026-12-31")
    }

    @Test("prize: links in articles resolve to the item's URL, with the base path")
    func goodLink() throws {
        let site = try CatalogFixture.site(csv: Self.prizes)
        try site.write(
            "Content/site.yml",
            CatalogFixture.config().replacingOccurrences(of: "baseURL: https://example.org/", with: "baseURL: https://example.org/mag/"))
        try site.article(
            "a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture",
            body: "Get [the moka pot](prize:moka-pot) and [a grinder](prize:grinder#top).")
        let result = site.build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let page = try #require(result.text("articles/a/index.html"))
        #expect(page.contains("<a href=\"/mag/prizes/moka-pot/\">the moka pot</a>"))
        #expect(page.contains("<a href=\"/mag/prizes/grinder/#top\">a grinder</a>"))
    }

    @Test("an unknown key is an error at the link's line, with a suggestion")
    func unknownLink() throws {
        let site = try CatalogFixture.site(csv: Self.prizes)
        try site.article(
            "a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture", body: "First line.\n\nGet [the moka pot](prize:mokka-pot) today.")
        let result = site.build()
        let errors = result.diagnostics.errors
        #expect(errors.count == 1, "\(result.messages)")
        let error = try #require(errors.first)
        #expect(error.file == "Content/articles/a.md")
        #expect(error.line == 8)
        #expect(error.message == "unknown prize 'mokka-pot'; did you mean 'moka-pot'?")
    }

    @Test("link: sets the scheme; other schemes are left alone")
    func linkScheme() throws {
        let site = try CatalogFixture.site(csv: Self.prizes, declaration: CatalogFixture.defaultDeclaration + "\nlink: reward")
        try site.article(
            "a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture", body: "[moka](reward:moka-pot) and [mail](mailto:a@example.org)")
        let page = try #require(site.build().text("articles/a/index.html"))
        #expect(page.contains("<a href=\"/prizes/moka-pot/\">moka</a>"))
        #expect(page.contains("<a href=\"mailto:a@example.org\">mail</a>"))
    }

    @Test("a page whose URL is a catalog's index is a duplicate-URL error naming both")
    func duplicateURL() throws {
        let site = try CatalogFixture.site(csv: Self.prizes)
        try site.write("Content/pages/prizes.md", "---\ntitle: Prizes\ndate: 2026-01-01\n---\nText.\n")
        let result = site.build()
        #expect(
            result.messages.contains(
                "Content/pages/prizes.md: error: URL /prizes/ is produced twice:"
                    + " by Content/pages/prizes.md and by the catalog Content/catalogs/prizes.csv"
            ), "\(result.messages)")
    }

    @Test("without a schema every field is text, and JSON items may have different fields")
    func noSchema() throws {
        let site = try TestSite(
            config: CatalogFixture.config("file: catalogs/films.json\nkey: id\ntitle: name\npermalink: /films/:slug/"),
            templates: CatalogFixture.templates)
        try site.write(
            "Content/catalogs/films.json", "[{\"id\": \"a\", \"name\": \"La dolce vita\"}, {\"id\": \"b\", \"name\": \"Roma\", \"year\": 1972}]")
        let result = site.build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        #expect(try #require(result.text("films/la-dolce-vita/index.html")).contains("<p class=\"field\">name: La dolce vita [La dolce vita]</p>"))
        #expect(try #require(result.text("films/roma/index.html")).contains("<p class=\"field\">year: 1972 [1972]</p>"))
        #expect(result.paths.contains("films/index.html"))
    }

    @Test("JSON and YAML catalogs build the same pages as CSV")
    func jsonAndYAML() throws {
        for (name, text) in [
            (
                "prizes.json",
                "[\n  {\"key\": \"moka-pot\", \"title\": \"Moka pot\", \"category\": \"Accessories\", \"points\": 800, \"expiry\": \"2027-12-31\"},\n"
                    + "  {\"key\": \"cups\", \"title\": \"Cups\", \"points\": 499}\n]\n"
            ),
            (
                "prizes.yml",
                "- key: moka-pot\n  title: Moka pot\n  category: Accessories\n  points: 800\n  expiry: 2027-12-31\n"
                    + "- key: cups\n  title: Cups\n  points: 499\n"
            )
        ] {
            let declaration = CatalogFixture.defaultDeclaration.replacingOccurrences(of: "catalogs/prizes.csv", with: "catalogs/\(name)")
            let site = try TestSite(config: CatalogFixture.config(declaration), templates: CatalogFixture.templates)
            try site.write("Content/catalogs/\(name)", text)
            let result = site.build()
            #expect(result.diagnostics.isEmpty, "\(name): \(result.messages)")
            let moka = try #require(result.text("prizes/moka-pot/index.html"), "\(name)")
            #expect(moka.contains("<p class=\"field\">points: 800 [800]</p>"), "\(name)")
            #expect(moka.contains("<p class=\"field\">expiry: December 31, 2027 [2027-12-31]</p>"), "\(name)")
            #expect(result.paths.contains("prizes/points/0-499/index.html"), "\(name)")
        }
    }
}
