import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// `orders:`: extra sorted, paginated indexes under `INDEX/sort/SLUG/`, offered to every template.
@Suite("Catalogs: extra sort orders")
struct CatalogOrdersTests {
    static func config(extra: String = "") -> String {
        TestSite.minimalConfig + """

            catalogs:
              listings:
                file: catalogs/listings.csv
                key: code
                title: title
                schema:
                  code: { type: string, required: true }
                  title: string
                  price: integer
                  size: decimal
                sort: price
                pageSize: 2
                orders:
                  - { sort: -price, slug: price-desc, label: "Price, highest first" }
                  - { sort: size, slug: size, label: "Smallest first" }
            \(extra)
            """
    }

    static let listings = """
        code,title,price,size
        a,Room A,400,20
        b,Room B,250,35.5
        c,Room C,600,12
        d,Room D,300,
        e,Room E,600,18

        """

    static let templates = TestSite.minimalTemplates.merging([
        "catalog-index": """
        {{<base}}{{$main}}<h1>{{catalog.label}}{{#order}} · {{label}} ({{slug}}, {{url}}){{/order}}</h1>
        <nav class="orders"><a href="{{catalog.url}}"{{^order}} aria-current="page"{{/order}}>{{catalog.sortLabel}}</a>\
        {{#catalog.orders}} <a href="{{url}}"{{#current}} aria-current="page"{{/current}}>{{label}}</a>{{/catalog.orders}}</nav>
        <p class="via-catalogs">{{#catalogs.listings.orders}} {{slug}}={{current}}{{/catalogs.listings.orders}}</p>
        <p class="items">{{#items}} {{key}}{{/items}}</p>
        {{#pagination}}<p class="pages">{{#pages}} <a href="{{url}}">{{number}}</a>{{/pages}}</p>{{/pagination}}
        {{/main}}{{/base}}
        """,
        "catalog-item": "{{<base}}{{$main}}<h1>{{item.title}}</h1>{{/main}}{{/base}}",
        "home":
            "{{<base}}{{$main}}<p class=\"orders\">{{#catalogs.listings.orders}} <a href=\"{{url}}\">{{label}}</a>{{/catalogs.listings.orders}}</p>"
            + "{{/main}}{{/base}}"
    ]) { _, new in new }

    func build(config: String = CatalogOrdersTests.config()) throws -> BuildResult {
        let site = try TestSite(config: config, templates: Self.templates)
        try site.write("Content/catalogs/listings.csv", Self.listings)
        return site.build()
    }

    @Test("each order has its own paginated index with the items in that order; ties go by key, empty values last")
    func orderPages() throws {
        let result = try build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let first = try #require(result.text("listings/sort/price-desc/index.html"))
        let second = try #require(result.text("listings/sort/price-desc/page/2/index.html"))
        let third = try #require(result.text("listings/sort/price-desc/page/3/index.html"))
        #expect(first.contains("<p class=\"items\"> c e</p>"))
        #expect(second.contains("<p class=\"items\"> a d</p>"))
        #expect(third.contains("<p class=\"items\"> b</p>"))
        #expect(
            first.contains(
                "<p class=\"pages\"> <a href=\"/listings/sort/price-desc/\">1</a> <a href=\"/listings/sort/price-desc/page/2/\">2</a>"
                    + " <a href=\"/listings/sort/price-desc/page/3/\">3</a></p>"
            ))
        #expect(first.contains("<title>Listings · Price, highest first · Test Magazine</title>"))
        let bySize = try #require(result.text("listings/sort/size/index.html"))
        let bySizeLast = try #require(result.text("listings/sort/size/page/3/index.html"))
        #expect(bySize.contains("<p class=\"items\"> c e</p>"))
        #expect(bySizeLast.contains("<p class=\"items\"> d</p>"))
        // The main index keeps the catalog's own sort.
        let main = try #require(result.text("listings/index.html"))
        #expect(main.contains("<p class=\"items\"> b d</p>"))
    }

    @Test("order pages get order; catalog.orders and catalogs.NAME.orders mark that order current")
    func orderValues() throws {
        let result = try build()
        let page = try #require(result.text("listings/sort/price-desc/page/2/index.html"))
        #expect(page.contains("<h1>Listings · Price, highest first (price-desc, /listings/sort/price-desc/)</h1>"))
        #expect(
            page.contains(
                "<nav class=\"orders\"><a href=\"/listings/\">Default order</a>"
                    + " <a href=\"/listings/sort/price-desc/\" aria-current=\"page\">Price, highest first</a>"
                    + " <a href=\"/listings/sort/size/\">Smallest first</a></nav>"
            ))
        #expect(page.contains("<p class=\"via-catalogs\"> price-desc=true size=false</p>"))
        let main = try #require(result.text("listings/index.html"))
        #expect(
            main.contains(
                "<nav class=\"orders\"><a href=\"/listings/\" aria-current=\"page\">Default order</a>"
                    + " <a href=\"/listings/sort/price-desc/\">Price, highest first</a>"
                    + " <a href=\"/listings/sort/size/\">Smallest first</a></nav>"
            ))
        #expect(main.contains("<p class=\"via-catalogs\"> price-desc=false size=false</p>"))
        let home = try #require(result.text("index.html"))
        #expect(
            home.contains(
                "<p class=\"orders\"> <a href=\"/listings/sort/price-desc/\">Price, highest first</a>"
                    + " <a href=\"/listings/sort/size/\">Smallest first</a></p>"
            ))
    }

    @Test("sortLabel names the default order")
    func sortLabel() throws {
        let result = try build(config: Self.config(extra: "    sortLabel: Cheapest first"))
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let main = try #require(result.text("listings/index.html"))
        #expect(main.contains(">Cheapest first</a>"))
    }

    @Test("an order's field must be in the schema; slugs must differ")
    func errors() throws {
        let unknown = try build(config: Self.config().replacingOccurrences(of: "sort: size, slug: size", with: "sort: sise, slug: size"))
        #expect(
            unknown.messages.contains { $0.contains("error: orders.sort: 'sise' is not in the schema; did you mean 'size'?") }, "\(unknown.messages)")
        let twice = try build(config: Self.config().replacingOccurrences(of: "slug: size", with: "slug: price-desc"))
        #expect(twice.messages.contains { $0.contains("error: orders: the slug 'price-desc' is used twice") }, "\(twice.messages)")
    }
}
