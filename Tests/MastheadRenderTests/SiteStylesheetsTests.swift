import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadCharts
@testable import MastheadSite
@testable import MastheadSupport

/// The stylesheets Masthead writes into every site (charts.css, print.css, search.css) and
/// the chart palette derived from `colours.brand`.
@Suite("Stylesheets Masthead writes, and the palette derived from the brand colour")
struct SiteStylesheetsTests {
    static let sites = [".", "Examples/beach-club", "Examples/film-club", "Examples/personal-budget", "Examples/student-housing"]

    static func build(_ site: String) -> BuildResult {
        var options = BuildOptions(siteFolder: SiteFolder(repositoryRoot.appendingPathComponent(site)))
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        return Pipeline.run(options: options)
    }

    /// The five sites, built once for the suite.
    static let results = Dictionary(uniqueKeysWithValues: sites.map { ($0, build($0)) })

    @Test("each of the five sites gets charts.css, print.css and search.css from Masthead, keeps no copy, and links them")
    func writtenForEverySite() throws {
        for site in Self.sites {
            let folder = repositoryRoot.appendingPathComponent(site).appendingPathComponent("Content/static/css")
            for name in ["charts.css", "print.css", "search.css"] {
                #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(site) keeps a copy of \(name)")
            }
            let result = try #require(Self.results[site])
            #expect(result.diagnostics.isEmpty, "\(site): \(result.messages)")
            let print = try #require(result.text("css/print.css"), "\(site)")
            #expect(print.hasPrefix("/* Paper: articles and reports as printed for a meeting. Written by Masthead"))
            #expect(print.contains(".skip-link, .site-nav, .site-menu, .site-footer"))
            let search = try #require(result.text("css/search.css"), "\(site)")
            #expect(search.contains(":where(.search-field) { display: flex;"))
            // Every rule is in :where(), so the site's own rules win.
            for line in search.split(separator: "\n") where line.hasSuffix("{") || line.contains(" { ") {
                #expect(line.hasPrefix(":where("), "\(site): \(line)")
            }
            let home = try #require(result.text("index.html"), "\(site)")
            #expect(home.contains("css/charts.css\">") && home.contains("css/search.css\">"), "\(site)")
            #expect(home.contains("css/print.css\" media=\"print\">"), "\(site)")
        }
    }

    @Test("print.css prints charts in the site's light palette")
    func printPalette() throws {
        let result = try #require(Self.results["Examples/film-club"])
        let print = try #require(result.text("css/print.css"))
        #expect(print.contains("--chart-1: #8f2d56; --chart-2: #1c5fb8;"))
    }

    @Test("no search.css when search is off")
    func noSearchSheet() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-05-01\ncategory: coffee-culture")
        let result = site.build()
        #expect(result.paths.contains("css/charts.css") && result.paths.contains("css/print.css"))
        #expect(!result.paths.contains("css/search.css"))
    }

    @Test("a site's own copy of a stylesheet Masthead writes replaces it, with a warning naming the file")
    func ownCopyWarns() throws {
        let site = try TestSite(config: TestSite.minimalConfig + "\nsearch: true\n")
        try site.article("a.md", "title: A\ndate: 2026-05-01\ncategory: coffee-culture")
        var templates = TestSite.minimalTemplates
        templates["search"] = "{{<base}}{{$main}}<h1>Search</h1>{{/main}}{{/base}}"
        try site.write("Templates/search.mustache", templates["search"]!)
        try site.write("Content/static/css/print.css", "/* mine */\n")
        try site.write("Content/static/css/search.css", "/* mine too */\n")
        try site.write("Content/static/css/charts.css", "/* and mine */\n")
        let result = site.build()
        #expect(
            result.messages.contains(
                "Content/static/css/print.css: warning: this file replaces the stylesheet Masthead writes (css/print.css): delete it, and "
                    + "put print rules of your own in an @media print block of your stylesheet"), "\(result.messages)")
        #expect(
            result.messages.contains(
                "Content/static/css/search.css: warning: this file replaces the stylesheet Masthead writes (css/search.css): delete it, and "
                    + "restyle search in your own stylesheet: its rules win over Masthead's"), "\(result.messages)")
        #expect(
            result.messages.contains(
                "Content/static/css/charts.css: warning: this file replaces the stylesheet Masthead writes (css/charts.css): delete it, and "
                    + "set colours with charts.palette or colours.brand in site.yml, or --chart-* variables in your stylesheet"),
            "\(result.messages)")
        #expect(result.text("css/print.css") == "/* mine */\n")
        #expect(result.text("css/search.css") == "/* mine too */\n")
        #expect(result.text("css/charts.css") == "/* and mine */\n")
    }

    /// Every colour of the palette derived from `brand` against the standard backgrounds.
    static func derived(_ brand: String) throws -> ChartColours {
        let (config, problems) = SiteConfigLoader.parse("title: T\ncolours: { brand: \"\(brand)\" }\n")
        #expect(problems.isEmpty, "\(problems)")
        return try #require(config?.reports.chartColours)
    }

    @Test(
        "a palette derived from the brand colour passes 3:1 in light and dark, for each site's brand and extreme ones",
        arguments: ["#7b4a2d", "#0a5c7a", "#8f2d56", "#0b5d57", "#0b5f66", "#ffffff", "#000000", "#ffff00", "#00ff00", "#808080"])
    func derivedContrast(brand: String) throws {
        let colours = try Self.derived(brand)
        #expect(colours.light.count == 8 && colours.dark.count == 8)
        #expect(Set(colours.light).count == 8 && Set(colours.dark).count == 8, "distinct colours: \(colours)")
        for colour in colours.light {
            let ratio = try #require(ColourContrast.ratio(colour, colours.lightBackground))
            #expect(ratio >= ChartColours.minimumContrast, "\(brand): \(colour) on \(colours.lightBackground) is \(ratio):1")
        }
        for colour in colours.dark {
            let ratio = try #require(ColourContrast.ratio(colour, colours.darkBackground))
            #expect(ratio >= ChartColours.minimumContrast, "\(brand): \(colour) on \(colours.darkBackground) is \(ratio):1")
        }
    }

    @Test("the brand colour itself comes first when it passes; the palette differs from the standard one and between brands")
    func derivedFromBrand() throws {
        let coffee = try Self.derived("#7b4a2d")
        #expect(coffee.light.first == "#7b4a2d")
        #expect(coffee.light != ChartColours.standard.light && coffee.dark != ChartColours.standard.dark)
        let sea = try Self.derived("#0a5c7a")
        #expect(sea.light.first == "#0a5c7a" && sea.light != coffee.light)
        // Yellow fails 3:1 on white: its first colour is a darker yellow of the same hue.
        let yellow = try Self.derived("#ffff00")
        let first = try #require(yellow.light.first.flatMap(ColourContrast.components))
        #expect(first.0 == first.1 && first.2 < first.0, "\(yellow.light)")
    }

    @Test("charts.palette wins over the brand colour; a list it leaves out is derived; a bad brand colour is an error at its place")
    func paletteWins() throws {
        let both = """
            title: T
            colours: { brand: "#0a5c7a" }
            charts:
              palette:
                light: ["#8f2d56"]
            """
        let (config, problems) = SiteConfigLoader.parse(both)
        #expect(problems.isEmpty)
        let colours = try #require(config?.reports.chartColours)
        #expect(colours.light == ["#8f2d56"])
        #expect(colours.dark == DerivedPalette.colours(brand: "#0a5c7a", lightBackground: "#ffffff", darkBackground: "#211a16").dark)
        let messages = SiteConfigLoader.parse("title: T\ncolours: { brand: teal }\n").1.map(\.description)
        #expect(messages == ["Content/site.yml:2:19: error: colours.brand: expected a colour like \"#7b4a2d\", got \"teal\""])
    }

    @Test("each site's charts.css carries the palette derived from its brand, except the film club, which gives its own")
    func sitesUseTheirBrand() throws {
        let beach = try #require(Self.results["Examples/beach-club"]?.text("css/charts.css"))
        #expect(beach.contains("--chart-1: #0a5c7a;"))
        let standard = ChartStylesheet.css(ChartColours.standard)
        for site in [".", "Examples/beach-club", "Examples/personal-budget", "Examples/student-housing"] {
            #expect(Self.results[site]?.text("css/charts.css") != standard, "\(site)")
        }
        let film = try #require(Self.results["Examples/film-club"]?.text("css/charts.css"))
        #expect(film.contains("--chart-1: #8f2d56;") && film.contains("--chart-2: #1c5fb8;"))
    }
}
