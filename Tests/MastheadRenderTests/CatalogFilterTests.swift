import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// A catalog's `filter:` (the form, the data file of every item, the script and stylesheet
/// Masthead writes) and `format: currency` on catalog fields (docs/catalogs.md, "Filters").
@Suite("Catalog filter and money")
struct CatalogFilterTests {
    static func config(language: String = "en", filter: String = Self.filter, schemaExtra: String = "") -> String {
        TestSite.minimalConfig.replacingOccurrences(of: "language: en", with: "language: \(language)") + """

            catalogs:
              rooms:
                file: catalogs/rooms.csv
                key: key
                title: title
                schema:
                  key: { type: string, required: true }
                  title: string
                  rent: { type: decimal, format: currency, currency: EUR }
                  deposit: { type: integer, format: currency, currency: GBP }
                  city: string
                  free: date\(schemaExtra)
                sort: rent
                pageSize: 2
                templates: { index: rooms, item: room }
                facets:
                  - { field: city }
            \(filter)
            """
    }

    static let filter = """
            filter:
              card: room-card
              fields: [rent, { field: city, label: Town }, free]
        """

    static let rows = """
        key,title,rent,deposit,city,free
        a,Attic,24578.8,1200,Turin,2027-01-31
        b,Basement,450,900,Milan,
        c,Cellar,450,,Turin,2027-03-01
        d,Dormer,610.5,1000,Rome,2026-12-01
        e,Eyrie,999,,Milan,2027-06-30

        """

    static var templates: [String: String] {
        var templates = TestSite.minimalTemplates
        templates["rooms"] =
            "{{<base}}{{$main}}{{{catalog.filter}}}<div data-filter-results><ul>{{#items}}{{> room-card}}{{/items}}</ul></div>{{/main}}{{/base}}"
        templates["room-card"] = "<li class=\"room\"><a href=\"{{url}}\">{{title}}</a> {{rent}}</li>\n"
        templates["room"] = "{{<base}}{{$main}}<p class=\"rent\">{{item.rent}}</p><p class=\"deposit\">{{item.deposit}}</p>{{/main}}{{/base}}"
        return templates
    }

    static func site(language: String = "en", filter: String = Self.filter, schemaExtra: String = "") throws -> TestSite {
        let site = try TestSite(config: config(language: language, filter: filter, schemaExtra: schemaExtra), templates: templates)
        try site.write("Content/catalogs/rooms.csv", rows)
        return site
    }

    @Test("format: currency writes catalog money in the site's language: £24,578.80 in English, 24.578,80 € in Italian")
    func currency() throws {
        let english = try Self.site().build()
        #expect(english.messages == [])
        #expect(try #require(english.text("rooms/a/index.html")).contains("<p class=\"rent\">€24,578.80</p><p class=\"deposit\">£1,200.00</p>"))
        let italian = try Self.site(language: "it").build()
        #expect(italian.messages == [])
        let page = try #require(italian.text("rooms/a/index.html"))
        #expect(page.contains("<p class=\"rent\">24.578,80\u{a0}€</p><p class=\"deposit\">1200,00\u{a0}£</p>"))
        // The filter's range shows the same money.
        let data = try #require(italian.text("rooms/filter.json"))
        #expect(data.contains("\"labels\":[\"450,00\u{a0}€\",\"610,50\u{a0}€\",\"999,00\u{a0}€\",\"24.578,80\u{a0}€\"]"))
    }

    @Test("the data file holds every item, in catalog order, with its values and its card, whatever the page size")
    func data() throws {
        let result = try Self.site().build()
        #expect(result.messages == [])
        // Three index pages of two: the data has all five.
        #expect(result.text("rooms/page/3/index.html") != nil)
        let text = try #require(result.text("rooms/filter.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["pageSize"] as? Int == 2)
        #expect(json["fields"] as? [String] == ["rent", "city", "free"])
        let items = try #require(json["items"] as? [[Any]])
        #expect(items.count == 5)
        // Sorted by rent, ties by key: b, c (450), d, e, a.
        #expect(items.map { ($0[0] as? NSNumber)?.doubleValue } == [450, 450, 610.5, 999, 24578.8])
        #expect(items.map { $0[1] as? [String] } == [["milan"], ["turin"], ["rome"], ["milan"], ["turin"]])
        #expect(items.map { $0[2] as? String } == [nil, "2027-03-01", "2026-12-01", "2027-06-30", "2027-01-31"])
        let cards = try #require(json["cards"] as? [String])
        #expect(cards.first == "<li class=\"room\"><a href=\"/rooms/b/\">Basement</a> €450.00</li>")
        #expect(cards.last == "<li class=\"room\"><a href=\"/rooms/a/\">Attic</a> €24,578.80</li>")
        let ranges = try #require(json["ranges"] as? [String: [String: [Any]]])
        #expect(ranges["rent"]?["values"]?.count == 4)
    }

    @Test("the form: a range over the distinct values, a checkbox per value with its count, a date, hidden until the script runs")
    func form() throws {
        let result = try Self.site().build()
        let html = try #require(result.text("rooms/index.html"))
        #expect(html.contains("<form class=\"catalog-filter\" id=\"filter-rooms\" data-catalog-filter=\"/rooms/filter.json\" hidden"))
        #expect(html.contains("data-kind=\"range\" data-field=\"rent\" data-params=\"min max\""))
        #expect(
            html.contains(
                "<input type=\"range\" class=\"catalog-filter-min\" id=\"filter-rooms-rent-min\" min=\"0\" max=\"3\" step=\"1\" value=\"0\""
                    + " aria-label=\"Rent: minimum\" aria-valuetext=\"€450.00\">"))
        #expect(html.contains("max=\"3\" step=\"1\" value=\"3\" aria-label=\"Rent: maximum\" aria-valuetext=\"€24,578.80\">"))
        #expect(html.contains("<legend>Town</legend>"))
        #expect(html.contains("<input type=\"checkbox\" value=\"milan\" checked> Milan <span class=\"catalog-filter-count\">2</span>"))
        #expect(html.contains("<label for=\"filter-rooms-free\">On or after</label> <input type=\"date\" id=\"filter-rooms-free\">"))
        #expect(html.contains("<script src=\"/js/catalog-filter.js\" defer></script>"))
        #expect(result.text("js/catalog-filter.js")?.contains("data-catalog-filter") == true)
        #expect(result.text("css/catalog-filter.css")?.contains("pointer-events: auto") == true)
    }

    @Test("a site's own filter script or stylesheet replaces Masthead's, with a warning naming the file")
    func ownScript() throws {
        let site = try Self.site()
        try site.write("Content/static/js/catalog-filter.js", "// mine\n")
        let result = site.build()
        #expect(
            result.messages == [
                "Content/static/js/catalog-filter.js: warning: this file replaces the script Masthead writes (js/catalog-filter.js): delete it, "
                    + "and set the filter with filter: in site.yml (docs/catalogs.md)"
            ])
        #expect(result.text("js/catalog-filter.js") == "// mine\n")
        #expect(result.text("css/catalog-filter.css") != nil)
    }

    @Test("a site without filter: gets no script, stylesheet or data file")
    func noFilter() throws {
        let result = try Self.site(filter: "").build()
        #expect(result.messages == [])
        #expect(result.text("js/catalog-filter.js") == nil && result.text("rooms/filter.json") == nil)
        #expect(result.text("rooms/index.html")?.contains("<form") == false)
    }

    @Test("a filter card template that does not exist is an error at card:, with the closest name; nothing is written")
    func missingCard() throws {
        let filter = Self.filter.replacingOccurrences(of: "card: room-card", with: "card: room-crad")
        let result = try Self.site(filter: filter).build()
        let config = Self.config(filter: filter).components(separatedBy: "\n")
        let line = try #require(config.firstIndex { $0.contains("card: room-crad") }) + 1
        #expect(
            result.messages == [
                "Content/site.yml:\(line):13: error: filter.card: no template 'room-crad' to draw each result with; did you mean 'room-card'?"
            ])
        #expect(result.files.isEmpty)
    }

    @Test("bad filter: and format: settings are errors at their line and column, every one reported")
    func badSettings() throws {
        let filter = """
                filter:
                  card: room-card
                  fields: [rnet, { field: title }, nope, deposit, { field: checked }]
            """
        let extra =
            "\n      checked: boolean\n      fee: { type: string, format: currency, currency: EUR }\n      tax: { type: decimal, format: money }"
        let result = try Self.site(filter: filter, schemaExtra: extra).build()
        let messages = result.messages
        #expect(
            messages.contains {
                $0.hasPrefix("Content/site.yml:") && $0.hasSuffix("error: filter.fields: 'rnet' is not in the schema; did you mean 'rent'?")
            })
        #expect(messages.contains { $0.contains("error: filter.fields: 'nope' is not in the schema") })
        #expect(
            messages.contains {
                $0.contains("error: filter.fields: 'checked' is boolean; a filter takes integer, decimal, string, list or date fields")
            })
        #expect(messages.contains { $0.contains("error: schema.fee: format: currency needs an integer or decimal field, not string") })
        #expect(messages.contains { $0.contains("error: schema.tax.format: unknown format 'money' (a catalog field takes currency)") })
        // Positions: the unknown field is at its place in the list.
        let config = Self.config(filter: filter, schemaExtra: extra).components(separatedBy: "\n")
        let line = try #require(config.firstIndex { $0.contains("fields: [rnet") }) + 1
        let column = try #require(config[line - 1].range(of: "rnet")).lowerBound.utf16Offset(in: config[line - 1]) + 1
        #expect(messages.contains("Content/site.yml:\(line):\(column): error: filter.fields: 'rnet' is not in the schema; did you mean 'rent'?"))
        #expect(result.diagnostics.hasErrors)
        #expect(result.files.isEmpty)
    }
}
