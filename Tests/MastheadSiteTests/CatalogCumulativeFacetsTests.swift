import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// `atMost:` and `atLeast:` facets: one page per threshold holding every item on that side
/// of it, bounds included.
@Suite("Catalogs: cumulative facets")
struct CatalogCumulativeFacetsTests {
    static func config(language: String = "en", facets: String = defaultFacets) -> String {
        TestSite.minimalConfig.replacingOccurrences(of: "language: en", with: "language: \(language)") + """

            catalogs:
              listings:
                file: catalogs/listings.csv
                key: code
                title: title
                schema:
                  code: { type: string, required: true }
                  title: string
                  price: integer
                  occupants: integer
                sort: price
                pageSize: 10
                facets:
            \(facets)
            """
    }

    static let defaultFacets = """
                  - { field: price, atMost: [200, 300, 400, 500, 600, 1000] }
                  - { field: occupants, atLeast: [1, 2, 3, 4] }
        """

    static let listings = """
        code,title,price,occupants
        a,Room A,250,1
        b,Room B,300,2
        c,Room C,301,2
        d,Room D,450,3
        e,Room E,600,4
        f,Room F,1200,
        g,Room G,,1

        """

    static let templates = TestSite.minimalTemplates.merging([
        "catalog-index": """
        {{<base}}{{$main}}{{#facet}}\
        <p class="facet">{{field}}: {{label}} lower={{lower}} upper={{upper}} cumulative={{cumulative}} count={{count}}</p>{{/facet}}\
        <p class="items">{{#items}} {{key}}{{/items}}</p>{{^items}}<p class="empty">Nothing</p>{{/items}}{{/main}}{{/base}}
        """,
        "catalog-item": """
        {{<base}}{{$main}}{{#item}}<p class="on">{{#facetLinks.price}} <a href="{{url}}">{{label}}</a>{{/facetLinks.price}}</p>{{/item}}\
        {{/main}}{{/base}}
        """,
        "home": """
        {{<base}}{{$main}}{{#catalogs.listings.facets}}<ul class="{{field}}" data-cumulative="{{cumulative}}">\
        {{#values}}<li><a href="{{url}}">{{label}}</a> {{count}}</li>{{/values}}</ul>{{/catalogs.listings.facets}}{{/main}}{{/base}}
        """
    ]) { _, new in new }

    func build(language: String = "en", facets: String = defaultFacets) throws -> BuildResult {
        let site = try TestSite(config: Self.config(language: language, facets: facets), templates: Self.templates)
        try site.write("Content/catalogs/listings.csv", Self.listings)
        return site.build()
    }

    @Test("atMost: a threshold's page holds every item priced at most that much; exactly 300 is up to 300, 301 is not")
    func atMostBoundaries() throws {
        let result = try build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let upTo300 = try #require(result.text("listings/price/up-to-300/index.html"))
        #expect(upTo300.contains("<p class=\"facet\">price: up to 300 lower= upper=300 cumulative=true count=2</p>"))
        #expect(upTo300.contains("<p class=\"items\"> a b</p>"))
        let upTo400 = try #require(result.text("listings/price/up-to-400/index.html"))
        #expect(upTo400.contains("<p class=\"items\"> a b c</p>"))
        let upTo600 = try #require(result.text("listings/price/up-to-600/index.html"))
        #expect(upTo600.contains("<p class=\"items\"> a b c d e</p>"))
        // 1,200 is above every threshold and an empty price is on no page.
        let upTo1000 = try #require(result.text("listings/price/up-to-1000/index.html"))
        #expect(upTo1000.contains("<p class=\"facet\">price: up to 1,000 lower= upper=1000 cumulative=true count=5</p>"))
        #expect(upTo1000.contains("<p class=\"items\"> a b c d e</p>"))
    }

    @Test("a threshold no item satisfies still has its page")
    func emptyThreshold() throws {
        let result = try build()
        let upTo200 = try #require(result.text("listings/price/up-to-200/index.html"))
        #expect(upTo200.contains("count=0"))
        #expect(upTo200.contains("<p class=\"empty\">Nothing</p>"))
    }

    @Test("atLeast: a threshold's page holds every item with at least that many; exactly 2 is 2 or more")
    func atLeastBoundaries() throws {
        let result = try build()
        let twoOrMore = try #require(result.text("listings/occupants/2-or-more/index.html"))
        #expect(twoOrMore.contains("<p class=\"facet\">occupants: 2 or more lower=2 upper= cumulative=true count=4</p>"))
        #expect(twoOrMore.contains("<p class=\"items\"> b c d e</p>"))
        let fourOrMore = try #require(result.text("listings/occupants/4-or-more/index.html"))
        #expect(fourOrMore.contains("<p class=\"items\"> e</p>"))
        let oneOrMore = try #require(result.text("listings/occupants/1-or-more/index.html"))
        #expect(oneOrMore.contains("<p class=\"items\"> a b c d e g</p>"))
    }

    @Test("every template gets the thresholds with their counts; an item links to every threshold page it is on")
    func listsAndItemLinks() throws {
        let result = try build()
        let home = try #require(result.text("index.html"))
        #expect(
            home.contains(
                "<ul class=\"price\" data-cumulative=\"true\"><li><a href=\"/listings/price/up-to-200/\">up to 200</a> 0</li>"
                    + "<li><a href=\"/listings/price/up-to-300/\">up to 300</a> 2</li><li><a href=\"/listings/price/up-to-400/\">up to 400</a> 3</li>"
            ))
        #expect(
            home.contains(
                "<ul class=\"occupants\" data-cumulative=\"true\"><li><a href=\"/listings/occupants/1-or-more/\">1 or more</a> 6</li>"
                    + "<li><a href=\"/listings/occupants/2-or-more/\">2 or more</a> 4</li>"
            ))
        let b = try #require(result.text("listings/b/index.html"))
        #expect(
            b.contains(
                "<p class=\"on\"> <a href=\"/listings/price/up-to-300/\">up to 300</a> <a href=\"/listings/price/up-to-400/\">up to 400</a>"
                    + " <a href=\"/listings/price/up-to-500/\">up to 500</a> <a href=\"/listings/price/up-to-600/\">up to 600</a>"
                    + " <a href=\"/listings/price/up-to-1000/\">up to 1,000</a></p>"
            ))
    }

    @Test("labels are in the site's language, numbers too, and labels: replaces them")
    func labels() throws {
        let italian = try build(
            language: "it",
            facets: """
                      - { field: price, atMost: [300, 25000] }
                      - { field: occupants, atLeast: [1.5, 2] }
                """)
        #expect(italian.diagnostics.isEmpty, "\(italian.messages)")
        let home = try #require(italian.text("index.html"))
        #expect(
            home.contains(
                "<li><a href=\"/listings/price/up-to-300/\">fino a 300</a> 2</li>"
                    + "<li><a href=\"/listings/price/up-to-25000/\">fino a 25.000</a> 6</li>"
            ), "\(home)")
        #expect(
            home.contains(
                "<li><a href=\"/listings/occupants/1-5-or-more/\">1,5 o più</a> 4</li>"
                    + "<li><a href=\"/listings/occupants/2-or-more/\">2 o più</a> 4</li>"
            ), "\(home)")
        let custom = try build(facets: "      - { field: price, atMost: [300, 600], labels: [Cheap, Affordable] }")
        #expect(custom.diagnostics.isEmpty, "\(custom.messages)")
        let customHome = try #require(custom.text("index.html"))
        #expect(
            customHome.contains(
                "<li><a href=\"/listings/price/up-to-300/\">Cheap</a> 2</li><li><a href=\"/listings/price/up-to-600/\">Affordable</a> 5</li>"))
    }

    @Test("thresholds must be increasing numbers on a number field, and one kind per facet")
    func errors() throws {
        let decreasing = try build(facets: "      - { field: price, atMost: [400, 300] }")
        #expect(decreasing.messages.contains { $0.contains("error: atMost: thresholds must increase, got 300 after 400") }, "\(decreasing.messages)")
        let text = try build(facets: "      - { field: title, atLeast: [1] }")
        #expect(
            text.messages.contains { $0.contains("error: facets.atLeast: the field must be integer or decimal, 'title' is string") },
            "\(text.messages)")
        let both = try build(facets: "      - { field: price, atMost: [300], atLeast: [100] }")
        #expect(
            both.messages.contains { $0.contains("error: facets: give one of bands, atMost or atLeast, got atMost and atLeast") }, "\(both.messages)")
        let labels = try build(facets: "      - { field: price, atMost: [300, 400], labels: [Cheap] }")
        #expect(labels.messages.contains { $0.contains("error: labels: expected one label per threshold (2), got 1") }, "\(labels.messages)")
    }
}
