import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// The default site's Programme report and the article that embeds a chart.
@Suite("Reports: the default site's Programme report")
struct ReportDefaultSiteTests {
    var result: BuildResult { SharedSites.defaultSite }

    /// Every `<svg>...</svg>` of a page.
    static func svgs(_ html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg"), let end = rest[start.lowerBound...].range(of: "</svg>") {
            found.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return found
    }

    @Test("the report page has at least 8 charts and key figures, every SVG parses as XML and is described")
    func reportPage() throws {
        let page = try #require(result.text("reports/programme/index.html"))
        let charts = page.components(separatedBy: "<figure class=\"chart ").count - 1
        let figures = page.components(separatedBy: "<div class=\"kpi\">").count - 1
        #expect(charts >= 8, "\(charts) charts")
        #expect(figures >= 4)
        for kind in [
            "chart-stacked-bar", "chart-line", "chart-donut", "chart-hbar", "chart-histogram", "chart-bar", "chart-area", "chart-sparkline",
            "chart-grouped-bar"
        ] {
            #expect(page.contains("<figure class=\"chart \(kind)\""), "no \(kind)")
        }
        let drawings = Self.svgs(page).filter { $0.contains("role=\"img\"") }
        #expect(drawings.count >= charts)
        for svg in drawings {
            let check = XMLCheck.parse(svg)
            #expect(check.error == nil, "\(check.error ?? "") in \(svg.prefix(200))")
            #expect(check.texts(of: "title").first?.isEmpty == false)
            #expect(check.texts(of: "desc").first?.hasSuffix(".") == true)
        }
        // Italian numbers and months; the data beside every chart.
        #expect(page.contains("gen 2026"))
        #expect(page.contains("<details class=\"chart-data\">"))
        #expect(page.contains("Nessun dato") == false)
        #expect(page.contains("kpi-change kpi-up") || page.contains("kpi-change kpi-down"))
    }

    @Test("ids on the report page are unique, so every pattern and label reference finds its element")
    func uniqueIDs() throws {
        let page = try #require(result.text("reports/programme/index.html"))
        var ids: [String] = []
        var rest = page[...]
        while let start = rest.range(of: " id=\"") {
            let value = rest[start.upperBound...].prefix { $0 != "\"" }
            ids.append(String(value))
            rest = rest[start.upperBound...]
        }
        #expect(ids.count > 50)
        #expect(Set(ids).count == ids.count, "\(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted().prefix(5))")
    }

    @Test("the report is in the sitemap and in the menu")
    func reachable() throws {
        #expect(try #require(result.text("sitemap.xml")).contains("/reports/programme/</loc>"))
        #expect(try #require(result.text("index.html")).contains("href=\"/reports/programme/\""))
    }

    @Test("an article embeds a chart in its prose")
    func articleChart() throws {
        let page = try #require(result.text("articles/artisti-in-edizione-limitata/index.html"))
        #expect(page.contains("<figure class=\"chart chart-bar\""))
        #expect(page.contains("Codici registrati ogni mese"))
        for svg in Self.svgs(page) where svg.contains("chart-svg") { #expect(XMLCheck.parse(svg).error == nil) }
    }

    @Test("the generator's data has the size the report promises")
    func data() throws {
        let activities = try String(contentsOf: repositoryRoot.appendingPathComponent("Content/stats/activities.csv"), encoding: .utf8)
        let members = try String(contentsOf: repositoryRoot.appendingPathComponent("Content/stats/members.csv"), encoding: .utf8)
        #expect(activities.split(separator: "\n").count - 1 >= 50_000)
        #expect(members.split(separator: "\n").count - 1 >= 2_000)
        #expect(activities.contains(",0\n"))  // zero-point events exist
        let machines = try String(contentsOf: repositoryRoot.appendingPathComponent("Content/stats/machines.csv"), encoding: .utf8)
        for line in machines.split(separator: "\n").dropFirst() {
            let serial = line.split(separator: ",")[1]
            #expect(serial.count == 14 || serial.count == 16)
        }
    }
}
