import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// `type: grid`: an umbrella (or seat) map, one cell per row of data.
@Suite("Reports: grid chart")
struct GridChartTests {
    static let umbrellas = """
        date,umbrella,row,place,status
        2026-07-18,A1,1,1,booked
        2026-07-18,A2,1,2,free
        2026-07-18,A3,1,3,free
        2026-07-18,B1,2,1,booked
        2026-07-18,B2,2,2,free
        2026-07-18,B4,2,4,free
        2026-07-19,A1,1,1,free
        2026-07-19,A2,1,2,free

        """

    static let block = """
        ```chart
        type: grid
        title: Umbrellas on Saturday 18 July 2026
        source: stats/umbrellas.csv
        where: { date: 2026-07-18 }
        row: row
        x: place
        series: status
        pointLabel: umbrella
        labels: { free: Available, booked: Reserved }
        ```
        """

    func page(language: String = "en", block: String = GridChartTests.block) throws -> String {
        let site = try ReportFeatureSite.make(language: language, files: ["Content/stats/umbrellas.csv": Self.umbrellas])
        try ReportFeatureSite.report(site, block)
        return try ReportFeatureSite.page(site).page
    }

    func cells(_ svg: XMLCheck) -> [(title: String, state: String, x: Double, y: Double)] {
        ReportFeatureSite.marks(svg) { $0["class"]?.contains("chart-cell") == true && $0["class"] != "chart-cell-label" }.map { attributes, title in
            (title, attributes["data-state"] ?? "", Double(attributes["x"] ?? "") ?? .nan, Double(attributes["y"] ?? "") ?? .nan)
        }
    }

    @Test("one cell per row of the day, counted per state; each cell's <title> names its row, place and state")
    func cellsPerState() throws {
        let page = try page()
        let drawings = ReportFeatureSite.drawings(page)
        #expect(drawings.count == 2)
        for svg in drawings {
            let all = cells(svg)
            #expect(all.count == 6)
            #expect(all.filter { $0.state == "Available" }.count == 4)
            #expect(all.filter { $0.state == "Reserved" }.count == 2)
            #expect(all.map(\.title).contains("Row 1, place 3: Available"))
            #expect(all.map(\.title).contains("Row 2, place 1: Reserved"))
            // Row 1 on top, places ascending left to right; place 3 of row 2 is an empty spot.
            let a1 = try #require(all.first { $0.title.hasPrefix("Row 1, place 1:") })
            let a3 = try #require(all.first { $0.title.hasPrefix("Row 1, place 3:") })
            let b4 = try #require(all.first { $0.title.hasPrefix("Row 2, place 4:") })
            #expect(a1.y < b4.y && a1.x < a3.x && a3.x < b4.x)
            #expect(svg.texts(of: "desc") == ["6 places: Available 4, Reserved 2."])
            // The labels written in the cells.
            #expect(svg.elements.filter { $0.attributes["class"] == "chart-cell-label" }.map(\.text).contains("B4"))
        }
        ReportFeatureSite.checkAllSVG(page)
    }

    @Test("the legend gives each state's colour, pattern and number of cells, in the order of labels:")
    func legend() throws {
        let page = try page()
        let available = try #require(page.range(of: "<span class=\"chart-legend-name\">Available</span> <span class=\"chart-legend-value\">4</span>"))
        let reserved = try #require(page.range(of: "<span class=\"chart-legend-name\">Reserved</span> <span class=\"chart-legend-value\">2</span>"))
        #expect(available.lowerBound < reserved.lowerBound)
        // The second state is patterned, so colour is not the only cue.
        let wide = try #require(ReportFeatureSite.drawings(page).first)
        let fills = Set(wide.elements.filter { $0.attributes["data-state"] == "Reserved" }.compactMap { $0.attributes["fill"] })
        #expect(fills.count == 1 && fills.first?.hasPrefix("url(#") == true, "\(fills)")
    }

    @Test("the data table lists rows × places with each cell's label and state")
    func dataTable() throws {
        let page = try page()
        #expect(
            page.contains(
                "<thead><tr><th scope=\"col\">Row</th><th scope=\"col\">1</th><th scope=\"col\">2</th>"
                    + "<th scope=\"col\">3</th><th scope=\"col\">4</th></tr></thead>"
            ))
        #expect(
            ReportFeatureSite.tableRows(page) == [
                "<tr><th scope=\"row\">1</th><td>A1: Reserved</td><td>A2: Available</td><td>A3: Available</td><td>–</td></tr>",
                "<tr><th scope=\"row\">2</th><td>B1: Reserved</td><td>B2: Available</td><td>–</td><td>B4: Available</td></tr>"
            ])
    }

    @Test("cell titles and the summary are in the site's language")
    func italian() throws {
        let page = try page(
            language: "it",
            block: Self.block.replacingOccurrences(of: "{ free: Available, booked: Reserved }", with: "{ free: Libero, booked: Prenotato }"))
        let wide = try #require(ReportFeatureSite.drawings(page).first)
        #expect(cells(wide).map(\.title).contains("Fila 1, posto 3: Libero"))
        #expect(wide.texts(of: "desc") == ["6 posti: Libero 4, Prenotato 2."])
    }

    @Test("a grid needs row:, and takes no y:")
    func errors() throws {
        let site = try ReportFeatureSite.make(files: ["Content/stats/umbrellas.csv": Self.umbrellas])
        try ReportFeatureSite.report(site, Self.block.replacingOccurrences(of: "row: row\n", with: "y: { count: true }\n"))
        let (_, result) = try ReportFeatureSite.page(site, expectClean: false)
        #expect(
            result.messages.contains(
                "Content/reports/r.md:5:1: error: missing required key 'row' (the field giving each cell's line, e.g. row: row)"),
            "\(result.messages)")
        #expect(
            result.messages.contains("Content/reports/r.md:10:4: error: y: a grid chart draws one cell per row and has no y; leave it out"),
            "\(result.messages)")
    }
}
