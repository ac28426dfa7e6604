import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// `type: scatter`: one point per row, placed by its own x and y values.
@Suite("Reports: scatter chart")
struct ScatterChartTests {
    static let listings = """
        code,title,city,latitude,longitude
        L1,West house,Torino,45.07,7.68
        L2,North flat,Milano,45.52,9.15
        L3,East house,Milano,45.46,9.30
        L4,South room,Torino,45.01,7.70

        """

    static let block = """
        ```chart
        type: scatter
        title: Where the listings are
        source: catalogs/listings.csv
        x: longitude
        y: { value: latitude }
        pointLabel: title
        """

    func site(_ extra: String) throws -> TestSite {
        let site = try ReportFeatureSite.make(files: ["Content/catalogs/listings.csv": Self.listings])
        try ReportFeatureSite.report(site, Self.block + "\n" + extra + "```")
        return site
    }

    func points(_ svg: XMLCheck) -> [(x: Double, y: Double, title: String, marker: String, cx: Double, cy: Double)] {
        ReportFeatureSite.marks(svg) { $0["data-x"] != nil }.map { attributes, title in
            let x = Double(attributes["data-x"] ?? "") ?? .nan
            let y = Double(attributes["data-y"] ?? "") ?? .nan
            return (x, y, title, attributes["data-marker"] ?? "", Double(attributes["cx"] ?? "") ?? .nan, Double(attributes["cy"] ?? "") ?? .nan)
        }
    }

    @Test("one point per row: the easternmost has the largest cx, the northernmost the smallest cy; each is named in its <title>")
    func positions() throws {
        let (page, _) = try ReportFeatureSite.page(try site(""))
        let drawings = ReportFeatureSite.drawings(page)
        #expect(drawings.count == 2)
        for svg in drawings {
            let marks = points(svg)
            #expect(marks.count == 4)
            #expect(marks.max { $0.cx < $1.cx }?.title.hasPrefix("East house") == true)
            #expect(marks.min { $0.cx < $1.cx }?.title.hasPrefix("West house") == true)
            #expect(marks.min { $0.cy < $1.cy }?.title.hasPrefix("North flat") == true)
            #expect(marks.max { $0.cy < $1.cy }?.title.hasPrefix("South room") == true)
            #expect(marks.contains { $0.title == "East house: Longitude 9.3, Latitude 45.46" })
            #expect(svg.texts(of: "desc").first?.hasPrefix("4 points. Longitude from 7.68 (West house) to 9.3 (East house)") == true)
        }
        #expect(page.contains("<figure class=\"chart chart-scatter\""))
        ReportFeatureSite.checkAllSVG(page)
    }

    @Test("the data table lists every point: label, x, y")
    func dataTable() throws {
        let (page, _) = try ReportFeatureSite.page(try site(""))
        #expect(page.contains("<thead><tr><th scope=\"col\">Title</th><th scope=\"col\">Longitude</th><th scope=\"col\">Latitude</th></tr></thead>"))
        let rows = ReportFeatureSite.tableRows(page)
        #expect(
            rows == [
                "<tr><th scope=\"row\">West house</th><td>7.68</td><td>45.07</td></tr>",
                "<tr><th scope=\"row\">North flat</th><td>9.15</td><td>45.52</td></tr>",
                "<tr><th scope=\"row\">East house</th><td>9.3</td><td>45.46</td></tr>",
                "<tr><th scope=\"row\">South room</th><td>7.7</td><td>45.01</td></tr>"
            ])
    }

    @Test("series: one colour and marker shape per value, a legend with counts, and a series column in the table")
    func series() throws {
        let (page, _) = try ReportFeatureSite.page(try site("series: city\n"))
        let wide = try #require(ReportFeatureSite.drawings(page).first)
        let marks = points(wide)
        let milano = Set(marks.filter { $0.title.contains("(Milano)") }.map(\.marker))
        let torino = Set(marks.filter { $0.title.contains("(Torino)") }.map(\.marker))
        #expect(milano.count == 1 && torino.count == 1 && milano != torino, "\(milano) \(torino)")
        let classes = Set(wide.elements.filter { $0.attributes["data-x"] != nil }.compactMap { $0.attributes["class"] })
        #expect(classes == ["chart-point chart-c1", "chart-point chart-c2"])
        #expect(page.contains("<span class=\"chart-legend-name\">Milano</span> <span class=\"chart-legend-value\">2</span>"))
        #expect(page.contains("<span class=\"chart-legend-name\">Torino</span> <span class=\"chart-legend-value\">2</span>"))
        #expect(page.contains("<tr><th scope=\"row\">East house</th><td>9.3</td><td>45.46</td><td>Milano</td></tr>"))
        ReportFeatureSite.checkAllSVG(page)
    }

    /// Pixels per degree along x divided by pixels per degree along y.
    func unitRatio(_ svg: XMLCheck) throws -> Double {
        let marks = points(svg)
        let west = try #require(marks.first { $0.title.hasPrefix("West") })
        let east = try #require(marks.first { $0.title.hasPrefix("East") })
        let south = try #require(marks.first { $0.title.hasPrefix("South") })
        let north = try #require(marks.first { $0.title.hasPrefix("North") })
        let perX = (east.cx - west.cx) / (east.x - west.x)
        let perY = (south.cy - north.cy) / (north.y - south.y)
        return perX / perY
    }

    @Test("aspect: geo scales x by cos(mean latitude), so a map is not stretched, in both layouts")
    func geoAspect() throws {
        let meanLatitude = (45.07 + 45.52 + 45.46 + 45.01) / 4
        let expected = cos(meanLatitude * .pi / 180)
        let (page, _) = try ReportFeatureSite.page(try site("aspect: geo\n"))
        for svg in ReportFeatureSite.drawings(page) {
            let ratio = try unitRatio(svg)
            #expect(abs(ratio - expected) < 0.02, "ratio \(ratio), expected \(expected)")
        }
    }

    @Test(
        "a scatter needs y: { value: field } and number fields; each problem at its line",
        arguments: [
            ("y: { sum: latitude }", "Content/reports/r.md:10:4: error: y: a scatter chart plots each row's own value: y: { value: FIELD }"),
            ("y: { value: city }", "Content/reports/r.md:10:4: error: y.value: 'city' holds string values; a scatter chart plots numbers"),
            (
                "pointLabel: titel",
                "Content/reports/r.md:11:13: error: pointLabel: unknown field 'titel' in catalogs/listings.csv; did you mean 'title'?"
            )
        ])
    func errors(line: String, message: String) throws {
        let lines = Self.block.components(separatedBy: "\n").map { existing -> String in
            if line.hasPrefix("y:"), existing.hasPrefix("y:") { return line }
            if line.hasPrefix("pointLabel"), existing.hasPrefix("pointLabel") { return line }
            return existing
        }
        let site = try ReportFeatureSite.make(files: ["Content/catalogs/listings.csv": Self.listings])
        try ReportFeatureSite.report(site, lines.joined(separator: "\n") + "\n```")
        let (_, result) = try ReportFeatureSite.page(site, expectClean: false)
        #expect(result.messages.contains { $0.hasPrefix(message) }, "\(result.messages)")
    }
}
