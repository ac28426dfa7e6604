import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

/// Examples/student-housing: listings sorted both ways, "No description", the budget, household and
/// city pages, and the map of every listing.
///
/// Expected numbers were computed independently with Python's csv module over
/// Examples/student-housing/Content/catalogs/listings.csv (66 rows, every price distinct):
/// cheapest to-2491 "Renovated single room in Corso Regina Margherita" €285; dearest mi-9360
/// "Quiet three-bedroom flat in Via Durando" €1,985; bo-1911 has no description;
/// price <= 500: 20 listings; occupants >= 4: 10; Milan: 14 listings.
@Suite("Examples: student housing")
struct StudentHousingExampleTests {
    static let site = repositoryRoot.appendingPathComponent("Examples/student-housing")

    static func build(_ directory: URL) -> BuildResult {
        var options = BuildOptions(siteFolder: SiteFolder(directory))
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        return Pipeline.run(options: options)
    }

    static var result: BuildResult { SharedSites.studentHousing }

    /// A copy of the example in a temporary folder, with `listings.csv` replaced by what `change` makes of it.
    static func buildCopy(changingListings change: (String) -> String) throws -> BuildResult {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-housing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: site, to: copy)
        let csv = copy.appendingPathComponent("Content/catalogs/listings.csv")
        let text = try String(contentsOf: csv, encoding: .utf8)
        try Data(change(text).utf8).write(to: csv)
        return build(copy)
    }

    /// The `href`s of the listing cards on a page, in order.
    static func cards(_ page: String) -> [String] {
        page.components(separatedBy: "<h3 class=\"listing-card-title\"><a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// The number shown in the page header ("<strong class=\"result-count\">21</strong> listings").
    static func headerCount(_ page: String) -> String? {
        page.components(separatedBy: "<strong class=\"result-count\">").dropFirst().first.map { String($0.prefix { $0 != "<" }) }
    }

    /// The scatter `<figure>` whose title is `title`.
    static func scatter(titled title: String, in page: String) -> String? {
        page.components(separatedBy: "<figure class=\"chart chart-scatter\"").dropFirst()
            .first { $0.contains("<figcaption class=\"chart-title\">\(title)</figcaption>") }
            .map { $0.components(separatedBy: "</figure>")[0] }
    }

    /// The points drawn in a scatter figure's wide SVG (the narrow one repeats them).
    static func points(_ figure: String) -> Int {
        let wide = figure.components(separatedBy: "class=\"chart-svg chart-narrow\"")[0]
        return wide.components(separatedBy: "class=\"chart-point ").count - 1
    }

    @Test("the example builds with no errors or warnings, and its signature pages exist")
    func builds() {
        #expect(Self.result.messages == [])
        for path in [
            "index.html", "listings/index.html", "listings/page/3/index.html", "listings/sort/price-desc/index.html",
            "listings/to-2491/index.html", "listings/city/milan/index.html", "listings/price/up-to-500/index.html",
            "listings/occupants/4-or-more/index.html", "cities/index.html", "reports/map/index.html", "js/catalog-filter.js",
            "listings/filter.json"
        ] {
            #expect(Self.result.text(path) != nil, "\(path) missing")
        }
    }

    @Test("the index starts with the cheapest listing, the descending order with the dearest")
    func sortOrders() throws {
        let ascending = try #require(Self.result.text("listings/index.html"))
        #expect(Self.cards(ascending).first == "/listings/to-2491/")
        #expect(Self.cards(ascending).count == 24)
        #expect(ascending.contains("<strong>€285.00</strong> a month"))
        let descending = try #require(Self.result.text("listings/sort/price-desc/index.html"))
        #expect(Self.cards(descending).first == "/listings/mi-9360/")
        #expect(descending.contains("<a href=\"/listings/sort/price-desc/\" aria-current=\"page\">Price, highest first</a>"))
        let last = try #require(Self.result.text("listings/sort/price-desc/page/3/index.html"))
        #expect(Self.cards(last).last == "/listings/to-2491/")
    }

    @Test("a listing without a description says so; one with a description shows it")
    func noDescription() throws {
        let bare = try #require(Self.result.text("listings/bo-1911/index.html"))
        #expect(bare.contains(">No description</p>"))
        let described = try #require(Self.result.text("listings/bo-1489/index.html"))
        #expect(!described.contains(">No description</p>"))
        #expect(described.contains("A short walk from the Engineering school"))
    }

    @Test("the 'up to €500' page holds exactly the 20 listings at or under €500, cheapest first")
    func budgetPage() throws {
        let page = try #require(Self.result.text("listings/price/up-to-500/index.html"))
        #expect(Self.headerCount(page) == "20")
        let links = Self.cards(page)
        #expect(links.count == 20)
        // Every card's price is at most 500 and the list is in ascending order.
        let prices = page.components(separatedBy: "data-price=\"").dropFirst().compactMap { Int($0.prefix { $0 != "\"" }) }
        #expect(prices.count == 20 && prices.allSatisfy { $0 <= 500 } && prices == prices.sorted())
        let household = try #require(Self.result.text("listings/occupants/4-or-more/index.html"))
        #expect(Self.headerCount(household) == "10" && Self.cards(household).count == 10)
    }

    @Test("the Milan page lists its 14 listings and links to the city's map")
    func cityPage() throws {
        let page = try #require(Self.result.text("listings/city/milan/index.html"))
        #expect(page.contains("<h1>Student housing in Milan</h1>"))
        #expect(Self.headerCount(page) == "14" && Self.cards(page).count == 14)
        #expect(page.contains("href=\"/reports/map/#milan\""))
        let cities = try #require(Self.result.text("cities/index.html"))
        #expect(cities.contains("<a href=\"/listings/city/milan/\">Milan</a></h2>\n      <p class=\"city-count\">14 listings</p>"))
    }

    @Test("the index carries Masthead's filter over all 66 listings, not only the 24 of its page; rents are money")
    func filter() throws {
        let html = try #require(Self.result.text("listings/index.html"))
        #expect(html.contains("<form class=\"catalog-filter\" id=\"filter-listings\" data-catalog-filter=\"/listings/filter.json\" hidden"))
        #expect(html.contains("data-field=\"price\" data-params=\"price-min price-max\""))
        #expect(html.contains("aria-label=\"Price a month: minimum\" aria-valuetext=\"€285.00\""))
        #expect(html.contains("aria-label=\"Price a month: maximum\" aria-valuetext=\"€1,985.00\""))
        #expect(html.contains("<input type=\"checkbox\" value=\"milan\" checked> Milan <span class=\"catalog-filter-count\">14</span>"))
        // The price-desc order's pages keep their order when filtered.
        #expect(Self.result.text("listings/sort/price-desc/index.html")?.contains("data-order=\"price-desc\"") == true)
        let data = try #require(Self.result.text("listings/filter.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let items = try #require(json["items"] as? [[Any]])
        let cards = try #require(json["cards"] as? [String])
        #expect(items.count == 66 && cards.count == 66)
        #expect(items.compactMap { ($0[2] as? [String])?.first }.filter { $0 == "milan" }.count == 14)
        #expect(items.compactMap { $0[0] as? Int } == items.compactMap { $0[0] as? Int }.sorted())
        #expect(cards[0].contains("href=\"/listings/to-2491/\"") && cards[0].contains("<strong>€285.00</strong> a month"))
        let orders = try #require(json["orders"] as? [String: [Int]])
        #expect(orders["price-desc"]?.first.map { cards[$0].contains("/listings/mi-9360/") } == true)
    }

    @Test("the map has one point per listing, in every city")
    func map() throws {
        let report = try #require(Self.result.text("reports/map/index.html"))
        let all = try #require(Self.scatter(titled: "Where the listings are", in: report))
        #expect(Self.points(all) == 66)
        #expect(all.contains("<desc id=\"") && all.contains(">66 points (Bologna 13, Milan 14, Padua 9, Pisa 8, Rome 12, Turin 10). "))
        // The data table lists every point: its title, longitude, latitude and city.
        #expect(all.components(separatedBy: "<tr><th scope=\"row\">").count - 1 == 66)
        #expect(all.contains("<tr><th scope=\"row\">Renovated single room in Corso Regina Margherita</th>"))
        // The same chart on the home page, and one map per city on the report.
        let home = try #require(Self.result.text("index.html"))
        #expect(Self.scatter(titled: "Where the listings are", in: home).map(Self.points) == 66)
        let milan = try #require(Self.scatter(titled: "Listings in Milan", in: report))
        #expect(Self.points(milan) == 14)
        #expect(report.contains("<h2 id=\"milan\">"))
    }

    @Test("a budget with no listing still has its page, with an empty state")
    func emptyBudget() throws {
        // Every price raised by €1,000: nothing is left at or under €400.
        let result = try Self.buildCopy { text in
            text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
                guard index > 0, !line.isEmpty else { return String(line) }
                var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                if let price = Int(fields[3]) { fields[3] = String(price + 1000) }
                return fields.joined(separator: ",")
            }.joined(separator: "\n")
        }
        #expect(result.messages == [])
        let page = try #require(result.text("listings/price/up-to-400/index.html"))
        #expect(Self.headerCount(page) == "0")
        #expect(page.contains("No listings here yet."))
    }
}
