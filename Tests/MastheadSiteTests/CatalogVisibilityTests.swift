import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSite
@testable import MastheadSupport

/// `visible: { from, until }` on catalogs (docs/catalogs.md, "Dated visibility"), and the
/// default site's missions ("Prossime missioni") that use it.
@Suite("Catalogs: dated visibility and the default site's missions")
struct CatalogVisibilityTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let rome = TimeZone(identifier: "Europe/Rome")!

    static func day(_ text: String, _ timeZone: TimeZone = utc) -> Date {
        ContentDate.parse(text, timeZone: timeZone)!
    }

    /// The default site built on `now` (UTC), once per date.
    static func buildDefaultSite(on now: String) -> BuildResult {
        var options = BuildOptions(siteFolder: SiteFolder(repositoryRoot))
        options.now = day(now)
        return Pipeline.run(options: options)
    }

    static let beforeChristmas = buildDefaultSite(on: "2026-11-23")
    static let duringChristmas = buildDefaultSite(on: "2026-12-15")
    static let afterChristmas = buildDefaultSite(on: "2027-01-10")

    static let christmasTitle = "Un caffè sotto l&#39;albero"

    @Test("a date as until runs through that whole day in the site's time zone; a full time ends at itself")
    func windows() {
        let byDay = CatalogVisibilityWindow(from: Self.day("2027-03-01", Self.rome), until: Self.day("2027-03-31", Self.rome), timeZone: Self.rome)
        #expect(!byDay.contains(Self.day("2027-02-28T23:59:59+01:00")))
        #expect(byDay.contains(Self.day("2027-03-01T00:00:00+01:00")))
        #expect(byDay.contains(Self.day("2027-03-31T23:59:59+02:00")))
        #expect(!byDay.contains(Self.day("2027-04-01T00:00:00+02:00")))
        let byTime = CatalogVisibilityWindow(from: nil, until: Self.day("2027-03-31T18:00:00+02:00"), timeZone: Self.rome)
        #expect(byTime.contains(Self.day("2027-03-31T17:59:59+02:00")))
        #expect(!byTime.contains(Self.day("2027-03-31T18:00:00+02:00")))
        #expect(CatalogVisibilityWindow(from: nil, until: nil, timeZone: Self.rome).contains(Self.day("1970-01-02")))
    }

    @Test("builds dated before, during and after the Christmas mission hide, show and hide it, on the home page and its own page")
    func christmasMission() throws {
        let results = [Self.beforeChristmas, Self.duringChristmas, Self.afterChristmas]
        for result in results { #expect(result.messages == [], "\(result.messages)") }
        let homes = try results.map { try #require($0.text("index.html")) }
        #expect(homes.map { $0.contains(Self.christmasTitle) } == [false, true, false])
        #expect(results.map { $0.text("missions/natale-2026/index.html") != nil } == [false, true, false])
        #expect(results.map { $0.text("en/missions/natale-2026/index.html")?.contains("A coffee under the tree") == true } == [false, true, false])
        // The English home page has its own row, in English.
        let englishHome = try #require(Self.duringChristmas.text("en/index.html"))
        #expect(englishHome.contains("<h2 class=\"section-title\" id=\"missions-title\">Upcoming missions</h2>"))
        #expect(englishHome.contains("A coffee under the tree"))
    }

    @Test("the home page and the collecting-points page show the running missions as a row of cards, with tag, image, reward and end")
    func missionsRow() throws {
        let home = try #require(Self.duringChristmas.text("index.html"))
        #expect(home.contains("<section class=\"missions\" aria-labelledby=\"missions-title\">"))
        #expect(home.contains("<h2 class=\"section-title\" id=\"missions-title\">Prossime missioni</h2>"))
        #expect(home.contains("<span class=\"mission-tag\">Natale</span>"))
        #expect(home.contains("<img src=\"/images/missions/natale.svg\" alt=\"\" width=\"400\" height=\"300\""))
        #expect(home.contains("<p class=\"mission-reward\"><strong>+100</strong> punti</p>"))
        #expect(home.contains("<time datetime=\"2027-01-06\">6 gennaio 2027</time>"))
        // Sorted by end: the Christmas mission (6 January) before the long ones (2031).
        let christmas = try #require(home.range(of: Self.christmasTitle))
        let profile = try #require(home.range(of: "Completa il tuo profilo"))
        #expect(christmas.lowerBound < profile.lowerBound)
        let page = try #require(Self.duringChristmas.text("how-to-collect-points/index.html"))
        #expect(page.contains("id=\"missions-title\">Prossime missioni</h2>"))
        #expect(page.contains(Self.christmasTitle))
        let englishPage = try #require(Self.duringChristmas.text("en/how-to-collect-points/index.html"))
        #expect(englishPage.contains("Upcoming missions") && englishPage.contains("Invite a friend") == false)
    }

    @Test("the default site's home page shows at least two missions on every day from 2026 to the end of 2031")
    func alwaysTwoMissions() throws {
        let (loaded, problems) = SiteConfigLoader.load(siteFolder: SiteFolder(repositoryRoot))
        let config = try #require(loaded, "\(problems)")
        let missions = try #require(config.catalogs.first { $0.name == "missions" })
        var day = Self.day("2026-01-01")
        var fewest = Int.max
        var starts = 0
        while day < Self.day("2032-01-01") {
            let loader = CatalogLoader(config: config, siteFolder: SiteFolder(repositoryRoot), staticPaths: [], now: day)
            let catalog = try #require(loader.load(missions).catalog)
            fewest = min(fewest, catalog.items.count)
            starts = max(starts, catalog.items.count)
            day = day.addingTimeInterval(86_400)
        }
        #expect(fewest >= 2)
        #expect(starts > fewest, "some missions start and end")
    }

    @Test("the schedule names the Christmas mission's start and end, with its file and row, in the site's time zone")
    func schedule() throws {
        let config = try #require(SiteConfigLoader.load(siteFolder: SiteFolder(repositoryRoot)).0)
        let changes = Self.upcoming(config, now: Self.day("2026-11-23"))
        let christmas = changes.filter { $0.key == "natale-2026" }
        #expect(christmas.map(\.kind) == [.start, .end])
        #expect(christmas.map(\.date) == [Self.day("2026-12-01T00:00:00+01:00"), Self.day("2027-01-07T00:00:00+01:00")])
        #expect(christmas.first?.description == "Content/catalogs/missions.csv:6: missions 'natale-2026' starts")
        #expect(christmas.last?.description == "Content/catalogs/missions.csv:6: missions 'natale-2026' ends")
        // Earliest first: the friend invitation leaves at the same midnight the Christmas mission starts.
        #expect(changes.prefix(2).map(\.key).sorted() == ["invita-amica", "natale-2026"])
        // During the mission only its end is ahead; after it, nothing of it.
        #expect(
            Self.upcoming(config, now: Self.day("2026-12-15")).filter { $0.key == "natale-2026" }
                .map(\.kind) == [.end])
        #expect(
            Self.upcoming(config, now: Self.day("2027-01-10")).filter { $0.key == "natale-2026" }
                .isEmpty)
    }

    @Test("the build cache's validity ends at the next catalog change when it comes at a time of day")
    func validUntilFollowsTimedChanges() throws {
        let site = try Self.offersSite()
        try site.write("Content/catalogs/offers.csv", "key,start,end\nflash,2026-11-23T09:30:00Z,2026-11-23T18:00:00Z\n")
        let result = site.build(now: "2026-11-23T08:00:00Z")
        #expect(result.messages == [])
        #expect(result.scheduledChanges.first?.date == Self.day("2026-11-23T09:30:00Z"))
        #expect(result.scheduledChanges.map(\.kind) == [.catalogStart, .catalogEnd])
    }

    @Test("masthead status names the next start and end of a dated catalog item, with its file and row, in text and JSON")
    func statusCommand() throws {
        let site = try Self.offersSite()
        // The command reads the real clock: a window far ahead of it.
        try site.write("Content/catalogs/offers.csv", "key,start,end\nalways,,\ncentenary,2099-03-01,2099-03-31\n")
        let build = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(build.status == 0, "\(build.errors)")
        let status = try MastheadCommand.run(["status", "--site", site.root.path])
        #expect(status.status == 0, "\(status.errors)")
        #expect(
            status.output.contains(
                "Next change: 2099-03-01T00:00:00Z Content/catalogs/offers.csv:3: offers 'centenary' appears: rebuild and deploy then\n"
                    + "Then: 2099-04-01T00:00:00Z Content/catalogs/offers.csv:3: offers 'centenary' leaves\n"))
        let json = try MastheadCommand.run(["status", "--site", site.root.path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.map { $0["kind"] as? String } == ["catalog-start", "catalog-end"])
        #expect(changes.first?["file"] as? String == "Content/catalogs/offers.csv" && changes.first?["line"] as? Int == 3)
        #expect(changes.first?["subject"] as? String == "offers 'centenary'" && changes.first?["date"] as? String == "2099-03-01T00:00:00Z")
        #expect(object["nextChange"] as? String == "2099-03-01T00:00:00Z")
    }

    /// The changes ahead of the default site's catalogs with `visible:`, read without a build.
    static func upcoming(_ config: SiteConfig, now: Date) -> [CatalogVisibilityChange] {
        let loader = CatalogLoader(config: config, siteFolder: SiteFolder(repositoryRoot), staticPaths: [], now: now)
        return CatalogSchedule.changes(in: config.catalogs.compactMap { loader.load($0).catalog }, after: now)
    }

    /// A test site with the `offers` catalog and its two templates.
    static func offersSite(_ config: String = offersConfig) throws -> TestSite {
        let templates = TestSite.minimalTemplates.merging([
            "catalog-index": "{{<base}}{{$main}}{{#items}}<p>{{title}}</p>{{/items}}{{/main}}{{/base}}",
            "catalog-item": "{{<base}}{{$main}}<h1>{{item.title}}</h1>{{/main}}{{/base}}"
        ]) { _, new in new }
        return try TestSite(config: TestSite.minimalConfig + "\n" + config, templates: templates)
    }

    static let offersConfig = """
        catalogs:
          offers:
            file: catalogs/offers.csv
            key: key
            schema:
              key: { type: string, required: true }
              start: date
              end: date
            visible: { from: start, until: end }
        """

    @Test("an item that ends before it starts is an error at its end cell; visible: naming a missing or non-date field is an error at site.yml")
    func badInput() throws {
        let site = try Self.offersSite()
        try site.write("Content/catalogs/offers.csv", "key,start,end\nspring,2027-03-20,2027-05-31\nbackwards,2027-03-20,2027-03-01\n")
        let result = site.build()
        #expect(!result.succeeded)
        #expect(result.messages == ["Content/catalogs/offers.csv:3:3: error: end: ends before it starts (start 2027-03-20, end 2027-03-01)"])

        let misnamed = try Self.offersSite(
            Self.offersConfig.replacingOccurrences(of: "visible: { from: start, until: end }", with: "visible: { from: strat, until: key }"))
        try misnamed.write("Content/catalogs/offers.csv", "key,start,end\nspring,2027-03-20,2027-05-31\n")
        let messages = misnamed.build().messages
        #expect(
            messages.contains {
                $0.hasPrefix("Content/site.yml:") && $0.hasSuffix("error: visible.from: no field 'strat' in the schema; did you mean 'start'?")
            })
        #expect(messages.contains { $0.hasSuffix("error: visible.until: the field 'key' is string; expected a date field") })
    }
}
