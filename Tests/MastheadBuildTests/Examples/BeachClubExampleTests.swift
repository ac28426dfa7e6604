import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

/// Examples/beach-club: the umbrella map of a day, the weekday menus and the reviews.
@Suite("Examples: beach club")
struct BeachClubExampleTests {
    static let site = repositoryRoot.appendingPathComponent("Examples/beach-club")

    static func build(_ directory: URL) -> BuildResult {
        var options = BuildOptions(siteFolder: SiteFolder(directory))
        options.now = ContentDate.parse("2026-07-18", timeZone: TimeZone(identifier: "UTC")!)!
        return Pipeline.run(options: options)
    }

    static var result: BuildResult { SharedSites.beachClub }

    /// A copy of the example in a temporary folder, with one file replaced.
    static func buildCopy(replacing path: String, with text: String) throws -> BuildResult {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-beach-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: site, to: copy)
        try Data(text.utf8).write(to: copy.appendingPathComponent(path))
        return build(copy)
    }

    static func occurrences(of text: String, in page: String) -> Int {
        page.components(separatedBy: text).count - 1
    }

    @Test("the example builds with no errors or warnings")
    func builds() {
        #expect(Self.result.messages == [])
        for path in ["index.html", "umbrellas/index.html", "menu/index.html", "services/index.html", "reviews/index.html", "find-us/index.html"] {
            #expect(Self.result.text(path) != nil, "no \(path)")
        }
    }

    /// Counted independently from Content/stats/umbrellas.csv with Python
    /// (`Counter(status for rows with date 2026-07-18)`): 31 booked, 16 free, 47 umbrellas in 5 rows of 8, 9, 10, 10, 10.
    @Test("the umbrella map of Saturday 18 July has one cell per umbrella and the counts of the data")
    func umbrellaMap() throws {
        let page = try #require(Self.result.text("umbrellas/2026-07-18/index.html"))
        #expect(page.contains("Umbrellas on Saturday 18 July 2026"))
        #expect(page.contains("<figure class=\"chart chart-grid-map\""))
        let start = try #require(page.range(of: "<figure class=\"chart chart-grid-map\""))
        let end = try #require(page[start.lowerBound...].range(of: "</svg>"))
        let svg = String(page[start.lowerBound..<end.upperBound])
        #expect(Self.occurrences(of: ": Available</title>", in: svg) == 16)
        #expect(Self.occurrences(of: ": Reserved</title>", in: svg) == 31)
        #expect(svg.contains("<title>Row 1, place 1: "))
        #expect(svg.contains("<title>Row 5, place 10: "))
        #expect(!svg.contains("Row 1, place 9:"))  // the front row has 8 places
        // The key figures above the map.
        #expect(page.contains("<p class=\"kpi-value\">16"))
        #expect(page.contains("<p class=\"kpi-value\">31"))
    }

    @Test("each weekday has a menu page listing its dishes, Monday to Sunday")
    func menus() throws {
        let friday = try #require(Self.result.text("menu/friday/index.html"))
        for dish in [
            "Sautéed mussels and clams", "Fish carpaccio with citrus", "Spaghetti with sea urchin",
            "Fritto misto of squid and prawns", "Tuna steak with sesame", "Cannoli", "Strawberries with lemon"
        ] {
            #expect(friday.contains("<li>\(dish)</li>"), "no \(dish)")
        }
        #expect(friday.contains("<h1>Friday</h1>"))
        let index = try #require(Self.result.text("menu/index.html"))
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let positions = days.compactMap { index.range(of: "href=\"/menu/\($0)/\"")?.lowerBound }
        #expect(positions.count == 7)
        #expect(positions == positions.sorted())
    }

    @Test("\"Today's menu\" links to the week, and names today's page (in the site's time zone) for the script that picks it")
    func todaysMenu() throws {
        let home = try #require(Self.result.text("index.html"))
        #expect(
            home.contains(
                "<a class=\"button button-quiet\" href=\"/menu/\" data-today=\"/menu/:day/\" data-time-zone=\"Europe/Rome\">Today&#39;s menu</a>"))
        #expect(home.contains("<script src=\"/js/today.js\" defer></script>"))
        let script = try #require(Self.result.text("js/today.js"))
        #expect(script.contains("new Intl.DateTimeFormat(\"en-GB\", { weekday: \"long\", timeZone: link.dataset.timeZone"))
        // Every weekday the script can pick has its page.
        for day in ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] {
            #expect(Self.result.text("menu/\(day)/index.html") != nil, "no page for \(day)")
        }
    }

    /// The order of Content/catalogs/reviews.csv sorted by date (Python: `sorted(rows, key=date)`).
    @Test("the seasonal services are shown from their start through their end: on 18 July the aperitivo, from 1 August the Ferragosto dinner too")
    func seasonalServices() throws {
        let july = try #require(Self.result.text("services/index.html"))
        #expect(july.contains("Sunset aperitivo on the pier"))
        #expect(july.contains("Until <time datetime=\"2026-09-13\">"))
        #expect(!july.contains("Ferragosto dinner"))
        #expect(Self.result.text("services/ferragosto/index.html") == nil)
        var options = BuildOptions(siteFolder: SiteFolder(Self.site))
        options.now = ContentDate.parse("2026-08-15T23:00:00+02:00", timeZone: TimeZone(identifier: "UTC")!)!
        let ferragosto = Pipeline.run(options: options)
        #expect(ferragosto.text("services/index.html")?.contains("Ferragosto dinner on the beach") == true)
        #expect(ferragosto.text("it/services/ferragosto/index.html")?.contains("Cena di Ferragosto in spiaggia") == true)
        // The next day, in the club's time zone, it is gone.
        options.now = ContentDate.parse("2026-08-16T00:00:00+02:00", timeZone: TimeZone(identifier: "UTC")!)!
        #expect(Pipeline.run(options: options).text("services/ferragosto/index.html") == nil)
    }

    @Test("reviews are listed oldest first")
    func reviewsOldestFirst() throws {
        let page = try #require(Self.result.text("reviews/index.html"))
        let expected = [
            "2025-05-06-giulia", "2025-05-30-tom", "2025-07-11-marco", "2025-07-14-ines", "2025-07-29-brennan",
            "2025-08-26-paolo", "2026-05-16-hannah", "2026-05-19-luca", "2026-05-23-amelie", "2026-06-09-jonas"
        ]
        let positions = expected.compactMap { page.range(of: "href=\"/reviews/\($0)/\"")?.lowerBound }
        #expect(positions.count == expected.count)
        #expect(positions == positions.sorted())
        #expect(!page.contains("No reviews yet"))
    }

    @Test("with no reviews the reviews page says so")
    func noReviews() throws {
        let result = try Self.buildCopy(replacing: "Content/catalogs/reviews.csv", with: "key,date,author,rating,text\n")
        #expect(!result.diagnostics.hasErrors, "\(result.messages)")
        let page = try #require(result.text("reviews/index.html"))
        #expect(page.contains("No reviews yet"))
        #expect(!page.contains("<ol class=\"reviews\">"))
    }

    @Test("the club in Italian under /it/: the menu, the page and the theme's words, with hreflang both ways")
    func italian() throws {
        let result = Self.result
        let monday = try #require(result.text("it/menu/monday/index.html"))
        #expect(monday.contains("<html lang=\"it\">"))
        #expect(monday.contains("Lunedì") && monday.contains("Spaghetti alle vongole"))
        #expect(monday.contains("Antipasti"), "the theme's word for Starters")
        #expect(monday.contains("hreflang=\"en\" href=\"https://beach-club.example.org/menu/monday/\""))
        let english = try #require(result.text("menu/monday/index.html"))
        #expect(english.contains("hreflang=\"it\" href=\"https://beach-club.example.org/it/menu/monday/\""))
        #expect(english.contains("Starters") && !english.contains("Antipasti"))
        #expect(result.paths.contains("it/find-us/index.html"))
    }
}
