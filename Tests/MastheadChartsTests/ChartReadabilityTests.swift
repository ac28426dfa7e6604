import Foundation
import MastheadTesting
import Testing

@testable import MastheadCharts
@testable import MastheadContent
@testable import MastheadReports
@testable import MastheadSite

/// What issue 18 asked of the charts: bins as wide as they are, one value-label rule,
/// axis titles, sparkline ends, a palette checked for contrast, money as money.
@Suite("Reports: readable charts")
struct ChartReadabilityTests {
    let english = ChartFormatter(language: "en", timeZone: TimeZone(identifier: "UTC")!)

    func render(_ type: ChartType, _ data: ChartData, xAxis: String? = nil, yAxis: String? = nil, language: String = "en") -> String {
        let format = ChartFormatter(language: language, timeZone: TimeZone(identifier: "UTC")!)
        let renderer = ChartRenderer(format: format, labels: ReportLabels(language: language))
        let description = ChartDescription(
            title: "Members by balance", xTitle: "Balance", valueTitle: "Members", id: "c", xAxisTitle: xAxis, yAxisTitle: yAxis)
        return renderer.render(type, data, description, ordered: true)
    }

    func series(_ values: [Double]) -> ChartData.Series {
        ChartData.Series(name: "Members", values: values.map { ReportNumber.integer(Int($0)) })
    }

    /// The SVGs of a figure, wide first; each must parse.
    func svgs(_ html: String) throws -> [XMLCheck] {
        var result: [XMLCheck] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg class=\"chart-svg"), let end = rest[start.lowerBound...].range(of: "</svg>") {
            let check = XMLCheck.parse(String(rest[start.lowerBound..<end.upperBound]))
            try #require(check.error == nil)
            result.append(check)
            rest = rest[end.upperBound...]
        }
        return result
    }

    func bars(_ check: XMLCheck) -> [(x: Double, width: Double, height: Double)] {
        check.elements.filter { $0.name == "rect" && $0.attributes["data-value"] != nil }.compactMap {
            guard let x = $0.attributes["x"].flatMap(Double.init), let width = $0.attributes["width"].flatMap(Double.init),
                let height = $0.attributes["height"].flatMap(Double.init)
            else { return nil }
            return (x, width, height)
        }
    }

    /// The programme report's bins: 0, 50, 100, 200, 300, 500, 750, 1000, 1500.
    @Test("a histogram's bar widths are proportional to its bins, and its heights are counts per narrowest bin")
    func proportionalBins() throws {
        let edges: [Double] = [0, 50, 100, 200, 300, 500, 750, 1000, 1500]
        let counts: [Double] = [300, 280, 600, 400, 430, 210, 100, 60]
        let data = ChartData(
            categories: zip(edges, edges.dropFirst()).map { ChartData.Category(label: "\(Int($0))–\(Int($1))") }, series: [series(counts)],
            edges: edges.map { String(Int($0)) }, binEdges: edges)
        let html = render(.histogram, data, xAxis: "Balance (points)", yAxis: "Members")
        for svg in try svgs(html) {
            let drawn = bars(svg)
            try #require(drawn.count == 8)
            // Each bar (plus its 1-unit gap) spans its bin: width / bin width is the same for every bar.
            let unit = (drawn[0].width + 1) / 50
            for (bar, bin) in zip(drawn, zip(edges, edges.dropFirst()).map { $1 - $0 }) {
                #expect(abs((bar.width + 1) / bin - unit) < 0.01, "bar width \(bar.width) for a bin of \(bin)")
            }
            // Heights are counts per 50 points: 600 in 100–200 is 300 per 50, as tall as 300 in 0–50.
            #expect(abs(drawn[2].height - drawn[0].height) < 0.2)
            // 60 in 1000–1500 is 6 per 50: a tenth of the 0–50 bar's 300 would be wrong, it is 1/50th.
            #expect(abs(drawn[7].height / drawn[0].height - 6.0 / 300) < 0.01)
        }
        #expect(html.contains(">Members per 50</text>"))
        #expect(html.contains(">Balance (points)</text>"))
        // The data table keeps the counts.
        #expect(html.contains("<td>600</td>"))
    }

    @Test("equal bins are drawn as counts, with no per-width axis")
    func equalBins() throws {
        let data = ChartData(
            categories: ["0–10", "10–20"].map { ChartData.Category(label: $0) }, series: [series([4, 8])], edges: ["0", "10", "20"],
            binEdges: [0, 10, 20])
        let html = render(.histogram, data)
        let drawn = bars(try #require(try svgs(html).first))
        #expect(abs(drawn[1].height / drawn[0].height - 2) < 0.02)
        #expect(!html.contains(" per "))
    }

    /// The film club's ratings: ten bars; on a phone the large counts do not fit their bars.
    @Test("value labels follow one rule at every width: all when all fit the narrow layout, else the tallest only")
    func oneLabelRule() throws {
        let stars = ["0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5"]
        let crowded = ChartData(
            categories: stars.map { ChartData.Category(label: $0) }, series: [series([0, 2, 6, 20, 82, 130, 217, 1225, 167, 125])])
        for svg in try svgs(render(.bar, crowded)) {
            #expect(svg.texts(of: "text").contains("1,225"))
            let values = svg.elements.filter { $0.name == "text" && $0.attributes["class"] == "chart-value" }
            #expect(values.count == 1, "only the tallest bar is labelled, in the wide and the narrow drawing")
        }
        let roomy = ChartData(categories: ["a", "b", "c"].map { ChartData.Category(label: $0) }, series: [series([3, 9, 5])])
        for svg in try svgs(render(.bar, roomy)) {
            #expect(svg.elements.filter { $0.name == "text" && $0.attributes["class"] == "chart-value" }.count == 3)
        }
    }

    @Test("x.label and y.label are drawn as axis titles in both layouts")
    func axisTitles() throws {
        let data = ChartData(categories: ["a", "b"].map { ChartData.Category(label: $0) }, series: [series([3, 9])])
        let checks = try svgs(render(.bar, data, xAxis: "Stars", yAxis: "Ratings"))
        #expect(checks.count == 2)
        for svg in checks {
            let titles = svg.elements.filter { $0.name == "text" && $0.attributes["class"] == "chart-axis-title" }
            #expect(titles.count == 2)
            #expect(svg.texts(of: "text").contains("Stars") && svg.texts(of: "text").contains("Ratings"))
        }
    }

    @Test("short labels that do not fit are thinned out, never cut to \"0…\"")
    func hourlyLabels() throws {
        let hours = (7...19).map { String(format: "%02d:00", $0) }
        let data = ChartData(categories: hours.map { ChartData.Category(label: $0) }, series: [series(hours.map { _ in 20 })])
        let narrow = try #require(try svgs(render(.line, data)).last)
        let labels = narrow.elements.filter { $0.name == "text" && $0.attributes["class"] == "chart-label" }.map(\.text)
        #expect(labels.first == "07:00")
        #expect(labels.allSatisfy { $0.count == 5 && !$0.contains("…") })
        #expect(labels.count < hours.count)
    }

    @Test("a sparkline writes its first and last values")
    func sparklineEnds() {
        let data = ChartData(categories: ["gen", "feb", "mar"].map { ChartData.Category(label: $0) }, series: [series([1200, 900, 3100])])
        let html = render(.sparkline, data)
        #expect(html.contains("class=\"chart-value chart-sparkline-first\">1,200</text>"))
        #expect(html.contains("class=\"chart-value chart-sparkline-last\">3,100</text>"))
    }

    @Test("the standard palette has at least 3:1 contrast against its light and dark backgrounds")
    func standardContrast() {
        let colours = ChartColours.standard
        for colour in colours.light { #expect((ColourContrast.ratio(colour, colours.lightBackground) ?? 0) >= 3, "\(colour) on light") }
        for colour in colours.dark { #expect((ColourContrast.ratio(colour, colours.darkBackground) ?? 0) >= 3, "\(colour) on dark") }
        #expect(abs((ColourContrast.ratio("#000000", "#ffffff") ?? 0) - 21) < 0.01)
    }

    @Test("charts.palette is read from site.yml; a colour under 3:1 is an error at its line and column")
    func configuredPalette() throws {
        let good = """
            title: T
            charts:
              palette:
                light: ["#8f2d56", "#1c5fb8"]
                dark: ["#f49ac1"]
                background: { dark: "#1d1d24" }
            """
        let (config, problems) = SiteConfigLoader.parse(good)
        #expect(problems.isEmpty)
        let colours = try #require(config?.reports.chartColours)
        #expect(colours.light == ["#8f2d56", "#1c5fb8"])
        #expect(colours.darkBackground == "#1d1d24")
        #expect(config?.reports.charts.isEmpty == true)
        let css = ChartStylesheet.css(colours)
        #expect(css.contains("--chart-1: #8f2d56;") && css.contains("--chart-3: #8f2d56;") && css.contains("--chart-1: #f49ac1;"))

        let bad = """
            title: T
            charts:
              palette:
                light: ["#0072b2", "#e69f00"]
                dark: ["#222222"]
            """
        let messages = SiteConfigLoader.parse(bad).1.map(\.description)
        #expect(
            messages.contains {
                $0.hasPrefix("Content/site.yml:4:24: error: charts.palette.light[2]: #e69f00 has a contrast of 2.")
                    && $0.contains("against the light background #ffffff; chart colours need at least 3:1 (make it darker)")
            }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("Content/site.yml:5:12: error: charts.palette.dark[1]: #222222 has a contrast of") }, "\(messages)")
    }

    @Test("format: currency writes money in the site's language: 24.578,80 € in Italian, £24,578.80 in English")
    func currency() {
        let italian = ChartFormatter(language: "it", timeZone: TimeZone(identifier: "Europe/Rome")!)
        #expect(italian.currency(.decimal(24578.8), code: "EUR") == "24.578,80\u{a0}€")
        #expect(english.currency(.decimal(24578.8), code: "GBP") == "£24,578.80")
        #expect(italian.currency(.decimal(723.6), code: "EUR") == "723,60\u{a0}€")
        #expect(english.currency(.integer(-1234), code: "GBP") == "−£1,234.00")
    }

    @Test("format: currency without a currency code is an error at format:")
    func currencyNeedsCode() throws {
        let block = "source: stats/a.csv\ny: { sum: amount }\nformat: currency\n"
        guard case .success(let node) = YAMLNode.parse(block, file: "Content/reports/r.md") else { throw CancellationError() }
        let diagnostics = BlockSpecParser.parse(node, kind: .kpi, location: node.location).1
        #expect(diagnostics.map(\.description).contains { $0.contains("error: format: currency needs currency: with an ISO 4217 code like EUR") })
    }
}
