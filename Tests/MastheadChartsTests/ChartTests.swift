import Foundation
import MastheadTesting
import Testing

@testable import MastheadCharts
@testable import MastheadSupport

/// Chart geometry, read back from the SVG the renderer writes.
@Suite("Reports: chart drawing")
struct ChartTests {
    let renderer = ChartRenderer(format: ChartFormatter(language: "en", timeZone: TimeZone(identifier: "UTC")!), labels: ReportLabels(language: "en"))

    func data(_ labels: [String], _ series: [(String, [Double?])]) -> ChartData {
        ChartData(
            categories: labels.map { ChartData.Category(label: $0) },
            series: series.map { ChartData.Series(name: $0.0, values: $0.1.map { $0.map(ReportNumber.decimal) }) })
    }

    func render(_ type: ChartType, _ data: ChartData, title: String = "Points") -> String {
        renderer.render(type, data, ChartDescription(title: title, xTitle: "Month", valueTitle: "Points", id: "c"), ordered: false)
    }

    /// The SVG elements of the figure (wide first), each checked to parse as XML.
    func svgs(_ html: String) -> [XMLCheck] {
        var result: [XMLCheck] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg class=\"chart-svg"), let end = rest[start.lowerBound...].range(of: "</svg>") {
            let svg = String(rest[start.lowerBound..<end.upperBound])
            let check = XMLCheck.parse(svg)
            #expect(check.error == nil, "\(check.error ?? "")")
            result.append(check)
            rest = rest[end.upperBound...]
        }
        return result
    }

    /// An attribute of the drawn marks (elements carrying `data-value`, not pattern tiles).
    func numbers(_ check: XMLCheck, _ element: String, _ attribute: String) -> [Double] {
        check.elements.filter { $0.name == element && $0.attributes["data-value"] != nil }.compactMap {
            $0.attributes[attribute].flatMap(Double.init)
        }
    }

    @Test(
        "nice ticks: steps of 1, 2 or 5 times a power of ten, covering the data and zero",
        arguments: [(0.0, 87.0), (-35, 120), (0, 0), (3, 3), (0, 0.37), (-1_234, -10), (0, 1_635_405)])
    func niceTicks(low: Double, high: Double) {
        let scale = NiceScale(minimum: low, maximum: high)
        let exponent = (log10(scale.step)).rounded(.down)
        let mantissa = (scale.step / pow(10, exponent) * 1000).rounded() / 1000
        #expect([1.0, 2, 5].contains(mantissa), "step \(scale.step)")
        #expect(scale.lower <= min(0, low) && scale.upper >= max(0, high))
        #expect(scale.ticks.contains(0))
        #expect(scale.ticks.count >= 3 && scale.ticks.count <= 9, "\(scale.ticks)")
        for (a, b) in zip(scale.ticks, scale.ticks.dropFirst()) { #expect(abs(b - a - scale.step) < scale.step * 1e-9) }
    }

    @Test("nice ticks for 0-87 are 0, 20 ... 100; for -35-120 they are -50, 0 ... 150")
    func niceTickValues() {
        #expect(NiceScale(minimum: 0, maximum: 87).ticks == [0, 20, 40, 60, 80, 100])
        #expect(NiceScale(minimum: -35, maximum: 120).ticks == [-50, 0, 50, 100, 150])
        #expect(NiceScale(minimum: 0, maximum: 0.37).ticks == [0, 0.1, 0.2, 0.3, 0.4])
    }

    @Test("bar heights are proportional to the values, in both the wide and the narrow drawing")
    func barLengths() throws {
        let html = render(.bar, data(["a", "b", "c"], [("p", [10, 20, 40])]))
        let drawings = svgs(html)
        #expect(drawings.count == 2)
        for svg in drawings {
            let heights = numbers(svg, "rect", "height")
            #expect(heights.count == 3)
            #expect(abs(heights[1] / heights[0] - 2) < 0.05 && abs(heights[2] / heights[0] - 4) < 0.05, "\(heights)")
            #expect(numbers(svg, "rect", "data-value") == [10, 20, 40])
        }
        #expect(html.contains("viewBox=\"0 0 640 320\"") && html.contains("width=\"100%\"") && html.contains("role=\"img\""))
    }

    @Test("horizontal bar lengths are proportional; a long label is shortened with its full text in <title>")
    func horizontalBars() throws {
        let long = "A very long prize name that cannot possibly fit beside its bar in any layout at all"
        let html = render(.hbar, data([long, "Short"], [("n", [300, 100])]))
        let wide = try #require(svgs(html).first)
        let widths = numbers(wide, "rect", "width")
        #expect(abs(widths[0] / widths[1] - 3) < 0.05, "\(widths)")
        let labels = wide.texts(of: "text")
        #expect(labels.contains { $0.hasPrefix("A very long prize") && $0.hasSuffix("…") && $0.count < long.count })
        #expect(wide.texts(of: "title").contains(long))
    }

    @Test("negative values: bars hang from the zero line, which is drawn")
    func negativeValues() throws {
        let html = render(.bar, data(["loss", "gain"], [("p", [-10, 30])]))
        let wide = try #require(svgs(html).first)
        let ys = numbers(wide, "rect", "y")
        let heights = numbers(wide, "rect", "height")
        #expect(abs(heights[1] / heights[0] - 3) < 0.05)
        // The negative bar starts where the positive one ends: at zero.
        #expect(abs(ys[0] - (ys[1] + heights[1])) < 0.2)
        #expect(html.contains("class=\"chart-zero\""))
        #expect(wide.texts(of: "text").contains("−10"))
    }

    @Test("donut slice angles add up to 360 degrees and follow the values")
    func donutAngles() throws {
        let html = render(.donut, data(["a", "b", "c", "d"], [("n", [50, 25, 15, 10])]))
        let svg = try #require(svgs(html).first)
        let angles = numbers(svg, "path", "data-angle")
        #expect(angles.count == 4)
        #expect(abs(angles.reduce(0, +) - 360) < 1e-6)
        #expect(abs(angles[0] - 180) < 1e-6 && abs(angles[3] - 36) < 1e-6)
        #expect(html.contains("50 · 50%") && html.contains("10 · 10%"))  // the legend states value and share
        // A single slice is a whole ring.
        let whole = try #require(svgs(render(.donut, data(["only"], [("n", [7])]))).first)
        #expect(numbers(whole, "path", "data-angle") == [360])
    }

    @Test("an empty chart says No data and draws nothing")
    func empty() {
        let html = render(.line, data([], [("p", [])]))
        #expect(html.contains("<p>No data</p>"))
        #expect(html.contains("aria-label=\"Points: No data\""))
        #expect(!html.contains("<svg"))
        #expect(render(.bar, data(["a"], [("p", [nil])])).contains("No data"))
    }

    @Test("a single point is drawn as a marker with its value, not a line")
    func singlePoint() throws {
        let html = render(.line, data(["Oct 2026"], [("p", [42])]))
        let wide = try #require(svgs(html).first)
        #expect(wide.attributes(of: "circle", "r") == ["4.5"])
        #expect(wide.attributes(of: "path", "class").filter { $0.contains("chart-line") }.isEmpty)
        #expect(wide.texts(of: "text").contains("42"))
        #expect(wide.texts(of: "desc") == ["Oct 2026 42."])
    }

    @Test("the description states the highest, the lowest and the total; the table repeats the data")
    func description() throws {
        let html = render(.bar, data(["Jan", "Feb", "Mar"], [("p", [5, 12, 3])]))
        let wide = try #require(svgs(html).first)
        #expect(wide.texts(of: "desc") == ["highest Feb (12), lowest Mar (3), total 20."])
        #expect(wide.texts(of: "title").first == "Points")
        #expect(html.contains("<details class=\"chart-data\">"))
        #expect(html.contains("<tr><th scope=\"row\">Feb</th><td>12</td></tr>"))
    }

    @Test("several series: a column each in the table, a legend, patterns and dashes so colour is not the only cue")
    func series() throws {
        let two = data(["Jan", "Feb"], [("Codes", [10, 20]), ("Prizes", [-5, -8])])
        let stacked = render(.stackedBar, two)
        #expect(stacked.contains("<th scope=\"col\">Codes</th><th scope=\"col\">Prizes</th>"))
        #expect(stacked.contains("<tr><th scope=\"row\">Jan</th><td>10</td><td>−5</td></tr>"))
        #expect(stacked.contains("<ul class=\"chart-legend\">"))
        #expect(stacked.contains("<pattern id=\"c-wide-p1\""))
        #expect(stacked.contains("fill=\"url(#c-wide-p1)\""))
        let line = render(.line, two)
        #expect(line.contains("stroke-dasharray=\"7 4\""))
        #expect(try #require(svgs(line).first).texts(of: "text").contains("Prizes"))  // labelled at the line's end
        let grouped = try #require(svgs(render(.groupedBar, two)).first)
        let heights = numbers(grouped, "rect", "height")
        #expect(heights.count == 4)
        #expect(abs(heights[1] / heights[0] - 2) < 0.05)  // Codes: 10 then 20
    }

    @Test("a histogram's bars touch and its labels are the bin edges")
    func histogram() throws {
        var bins = data(["0–10", "10–20"], [("n", [4, 8])])
        bins.edges = ["0", "10", "20"]
        let wide = try #require(svgs(render(.histogram, bins)).first)
        let xs = numbers(wide, "rect", "x")
        let widths = numbers(wide, "rect", "width")
        #expect(abs(xs[0] + widths[0] + 1 - xs[1]) < 0.2)
        for edge in ["0", "10", "20"] { #expect(wide.texts(of: "text").contains(edge)) }
    }

    @Test("numbers and dates are written in the site's language")
    func locale() {
        let italian = ChartFormatter(language: "it", timeZone: TimeZone(identifier: "Europe/Rome")!)
        #expect(italian.number(1_635_405) == "1.635.405")
        #expect(italian.number(3.75, fraction: 1) == "3,8")
        #expect(italian.signedPercent(0.123) == "+12,3%")
        let january = ContentDate.parse("2026-01-15", timeZone: TimeZone(identifier: "Europe/Rome")!)!
        #expect(italian.bucketLabel(january, .month) == "gen 2026")
        #expect(italian.bucketLabel(january, .quarter) == "T1 2026")
    }
}
