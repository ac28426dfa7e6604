import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadCharts

/// Numbers that used to stop the build with a Swift runtime trap, or to reach the page as
/// `nan`, `∞` or a rounded total: each is now an error at the block's line, or drawn exactly.
@Suite("Hostile input: numbers in reports and charts")
struct HostileNumbersTests {
    /// A report page with `block` (its first line is line 5) over `Content/stats/n.csv`.
    func build(_ csv: String, _ block: String, config: String = "") throws -> (page: String, result: BuildResult) {
        let site = try ReportFeatureSite.make(config: config, files: ["Content/stats/n.csv": csv])
        try ReportFeatureSite.report(site, block)
        return try ReportFeatureSite.page(site, expectClean: false)
    }

    /// A number written out in digits, as a spreadsheet exports it (`1e308` needs no exponent):
    /// `digits("17", zeros: 307)` is 1.7e308.
    static func digits(_ leading: String, zeros: Int) -> String { leading + String(repeating: "0", count: zeros) + ".0" }
    static let e308 = digits("1", zeros: 308)

    /// No output file holds a number SVG and HTML cannot show.
    func expectFiniteOutput(_ result: BuildResult) {
        for file in result.files where file.path.hasSuffix(".html") {
            let text = result.text(file.path) ?? ""
            #expect(!text.contains("nan") && !text.contains("NaN") && !text.contains("∞") && !text.contains("inf\""), "\(file.path)")
        }
    }

    // MARK: Bins

    @Test("binWidth: 1e-300 is an error with a hint, not a trap")
    func tinyBinWidth() throws {
        let (_, result) = try build("v\n1\n2\n", "```chart\ntype: histogram\nsource: stats/n.csv\nx: { field: v, binWidth: 1e-300 }\n```")
        #expect(
            result.messages == [
                "Content/reports/r.md:8:26: error: x.binWidth: 1e-300 makes 1e300 bins from 1 to 2; "
                    + "at most 1000: use a larger binWidth (0.05 makes about 20) or bins: [edges]"
            ])
        #expect(!result.succeeded)
    }

    @Test("binWidth: 1 over values near ±9e18 is an error, spread out or close together")
    func hugeValuesInBins() throws {
        let block = "```chart\ntype: histogram\nsource: stats/n.csv\nx: { field: v, binWidth: 1 }\n```"
        let spread = try build("v\n9000000000000000000\n-9000000000000000000\n", block)
        #expect(
            spread.result.messages == [
                "Content/reports/r.md:8:26: error: x.binWidth: 1 makes 1.8e19 bins from -9e18 to 9e18; "
                    + "at most 1000: use a larger binWidth (1e18 makes about 20) or bins: [edges]"
            ])
        let close = try build("v\n9000000000000000000\n9000000000000000100\n", block)
        #expect(
            close.result.messages == [
                "Content/reports/r.md:8:26: error: x.binWidth: 1 is too narrow for values as large as 9e18: "
                    + "numbers that large cannot be told apart in steps that small; use a larger binWidth or bins: [edges]"
            ])
    }

    @Test("an ordinary width over a wide range makes too many bins: an error; 1,000 bins are drawn")
    func binCount() throws {
        let many = try build("v\n0\n10.5\n", "```chart\ntype: histogram\nsource: stats/n.csv\nx:\n  field: v\n  binWidth: 0.001\n```")
        #expect(
            many.result.messages == [
                "Content/reports/r.md:10:13: error: x.binWidth: 0.001 makes 10501 bins from 0 to 10.5; "
                    + "at most 1000: use a larger binWidth (0.5 makes about 20) or bins: [edges]"
            ])
        let most = try build("v\n0\n999.5\n", "```chart\ntype: histogram\nsource: stats/n.csv\nx: { field: v, binWidth: 1 }\n```")
        #expect(most.result.diagnostics.isEmpty, "\(most.result.messages)")
        #expect(ReportFeatureSite.tableRows(most.page).count == 1_000)
    }

    // MARK: Sums and non-finite results

    @Test(
        "a sum that overflows to infinity in a bar or line chart is an error at y:",
        arguments: [("bar", e308), ("line", e308), ("donut", e308), ("bar", "1e308"), ("area", "1.5e308")])
    func infiniteSum(type: String, value: String) throws {
        let (_, result) = try build(
            "date,v\n2026-01-05,\(value)\n2026-01-20,\(value)\n",
            "```chart\ntype: \(type)\nsource: stats/n.csv\nx: { field: date, bucket: month }\ny: { sum: v }\n```")
        #expect(
            result.messages == [
                "Content/reports/r.md:9:4: error: y.sum: the sum of 'v' for Jan 2026 is past ±1.8e308, too large for a number; "
                    + "narrow them with where:"
            ])
        expectFiniteOutput(result)
    }

    @Test("values whose total cannot be drawn are an error at the block, never nan in a donut's SVG")
    func chartTotals() throws {
        let (_, result) = try build(
            "kind,v\na,\(Self.e308)\nb,\(Self.e308)\n",
            "```chart\ntype: donut\nsource: stats/n.csv\nx: kind\ny: { sum: v }\n```")
        #expect(
            result.messages == [
                "Content/reports/r.md:5:1: error: the chart's values add up past ±1e300, too large to draw; "
                    + "are they in the right unit?"
            ])
        expectFiniteOutput(result)
        let huge = Self.digits("17", zeros: 307)
        let average = try build("kind,v\na,\(huge)\na,\(huge)\n", "```chart\ntype: bar\nsource: stats/n.csv\nx: kind\ny: { avg: v }\n```")
        #expect(
            average.result.messages == [
                "Content/reports/r.md:9:4: error: y.avg: the values of 'v' for a add up past ±1.8e308, "
                    + "too large for a number; narrow them with where:"
            ])
    }

    @Test("a kpi never shows ∞: a total or a change too large is an error")
    func kpiInfinity() throws {
        let total = try build(
            "date,v\n2026-01-05,1e308\n2026-02-05,\(Self.e308)\n2026-02-20,\(Self.e308)\n",
            "```kpi\nsource: stats/n.csv\nx: { field: date, bucket: month }\ny: { sum: v }\n```")
        #expect(
            total.result.messages == [
                "Content/reports/r.md:8:4: error: y.sum: the sum of 'v' for Feb 2026 is past ±1.8e308, "
                    + "too large for a number; narrow them with where:"
            ])
        let tiny = "0." + String(repeating: "0", count: 323) + "5"  // 5e-324, the smallest Double above zero
        let change = try build(
            "date,v\n2026-01-05,\(tiny)\n2026-02-05,1\n",
            "```kpi\nsource: stats/n.csv\nx: { field: date, bucket: month }\ny: { sum: v }\n```")
        #expect(change.result.messages == ["Content/reports/r.md:5:1: error: the change from 5e-324 to 1 is too large to write as a percentage"])
        expectFiniteOutput(total.result)
        expectFiniteOutput(change.result)
    }

    @Test("integer sums are exact past 2^53, in a kpi, a table and a chart's data")
    func exactIntegerSums() throws {
        let csv = "date,v\n2026-01-05,9007199254740992\n2026-01-06,1\n2026-02-05,9007199254740993\n2026-02-06,2\n"
        let blocks = """
            ```kpi
            source: stats/n.csv
            x: { field: date, bucket: month }
            y: { sum: v }
            ```

            ```table
            source: stats/n.csv
            x: { field: date, bucket: month }
            y: { sum: v }
            ```

            ```chart
            type: bar
            source: stats/n.csv
            x: { field: date, bucket: month }
            y: { sum: v }
            ```
            """
        let (page, result) = try build(csv, blocks)
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        #expect(page.contains("<p class=\"kpi-value\">9,007,199,254,740,995</p>"))
        #expect(page.contains("(9,007,199,254,740,993)</p>"))
        #expect(page.contains("<tr><th scope=\"row\">Jan 2026</th><td>9,007,199,254,740,993</td></tr>"))
        #expect(page.contains("<tr><th scope=\"row\">Feb 2026</th><td>9,007,199,254,740,995</td></tr>"))
        #expect(page.contains("total 18,014,398,509,481,988."))
    }

    @Test("an integer sum past Int's range is an error, in a group and in a chart's total")
    func integerOverflow() throws {
        let group = try build("kind,v\na,5000000000000000000\na,5000000000000000000\n", "```table\nsource: stats/n.csv\nx: kind\ny: { sum: v }\n```")
        #expect(
            group.result.messages == [
                "Content/reports/r.md:8:4: error: y.sum: the sum of 'v' for a is past ±9223372036854775807, "
                    + "the largest whole number added exactly; narrow them with where:"
            ])
        let total = try build(
            "kind,v\na,5000000000000000000\nb,5000000000000000000\n",
            "```chart\ntype: bar\nsource: stats/n.csv\nx: kind\ny: { sum: v }\n```")
        #expect(
            total.result.messages == [
                "Content/reports/r.md:5:1: error: the chart's values add up past ±9223372036854775807, "
                    + "the largest whole number totalled exactly; narrow them with where:"
            ])
    }

    // MARK: Durations

    @Test(
        "format: duration on 1e308, or on more hours than can be counted, is an error",
        arguments: [(e308, "1e308"), (digits("6", zeros: 20), "6e20"), ("1e300", "1e300")])
    func hugeDuration(minutes: String, written: String) throws {
        let (_, result) = try build("kind,v\na,\(minutes)\n", "```table\nsource: stats/n.csv\nx: kind\ny: { max: v }\nformat: duration\n```")
        #expect(
            result.messages == [
                "Content/reports/r.md:5:1: error: format: duration: \(written) minutes are too many to write "
                    + "as months, days and hours"
            ])
    }

    // MARK: Scatter coordinates

    @Test("a scatter point too large to place is an error, not a trap")
    func hugeScatterCoordinates() throws {
        let huge = Self.digits("17", zeros: 307)
        let (_, result) = try build("x,y\n-\(huge),1\n\(huge),2\n", "```chart\ntype: scatter\nsource: stats/n.csv\nx: x\ny: { value: y }\n```")
        #expect(
            result.messages == [
                "Content/reports/r.md:5:1: error: scatter: the value -1.7e308 is too large to place on a chart (at most ±1e300)"
            ])
    }

    // MARK: Limits on marks

    @Test("a chart of 100,000 bars draws the first 2,000 with a warning saying how to narrow them")
    func hundredThousandBars() throws {
        var csv = "id,v\n"
        for index in 0..<100_000 { csv += "\(index),1\n" }
        let (page, result) = try build(csv, "```chart\ntype: bar\nsource: stats/n.csv\nx: id\ny: { sum: v }\n```")
        #expect(
            result.messages == [
                "Content/reports/r.md:5:1: warning: 100000 groups are more than a bar chart draws (2000 marks); "
                    + "only the first 2000 are shown: narrow them with where:, group them with bucket: or binWidth:, "
                    + "or keep the largest with sort: -y and limit:"
            ])
        #expect(result.succeeded)
        let wide = try #require(ReportFeatureSite.drawings(page).first)
        #expect(wide.elements.filter { $0.name == "rect" }.count == 2_000)
        #expect(ReportFeatureSite.tableRows(page).count == 2_000)
    }

    @Test("a line keeps 10,000 points, a table 10,000 rows; grouped bars share 2,000 marks among their series")
    func otherLimits() throws {
        var csv = "id,kind,v\n"
        for index in 0..<12_000 { csv += "\(index),\(index % 2 == 0 ? "a" : "b"),1\n" }
        let line = try build(csv, "```chart\ntype: line\nsource: stats/n.csv\nx: id\ny: { sum: v }\n```")
        #expect(line.result.messages.count == 1)
        let lineWarning = "Content/reports/r.md:5:1: warning: 12000 groups are more than a line chart draws (10000 marks)"
        #expect(line.result.messages.first?.hasPrefix(lineWarning) == true)
        #expect(ReportFeatureSite.tableRows(line.page).count == 10_000)
        let table = try build(csv, "```table\nsource: stats/n.csv\nx: id\ny: { sum: v }\n```")
        let tableWarning = "12000 groups are more than a table shows (10000 rows); only the first 10000 are shown"
        #expect(table.result.messages.first?.contains(tableWarning) == true)
        let grouped = try build(csv, "```chart\ntype: grouped-bar\nsource: stats/n.csv\nx: id\nseries: kind\ny: { sum: v }\n```")
        #expect(grouped.result.messages.first?.contains("(2000 marks across its series); only the first 1000 are shown") == true)
        // Within the limits nothing is said.
        let limited = try build(csv, "```chart\ntype: bar\nsource: stats/n.csv\nx: id\ny: { sum: v }\nsort: -y\nlimit: 20\n```")
        #expect(limited.result.diagnostics.isEmpty, "\(limited.result.messages)")
    }

    // MARK: The conversions themselves

    @Test("Double to Int conversions that would trap give nil instead")
    func checkedConversions() {
        #expect(Double.infinity.roundedInt() == nil)
        #expect(Double.nan.roundedInt() == nil)
        #expect(9.3e18.roundedInt() == nil)
        #expect((-9.3e18).roundedInt() == nil)
        #expect(2.5.roundedInt(.down) == 2)
        #expect(svgNumber(.infinity) == "0" && svgNumber(.nan) == "0" && svgNumber(1e20) == "1e+20")
        #expect(NiceScale.decimals(0) == 0 && NiceScale.decimals(.infinity) == 0 && NiceScale.decimals(1e-300) == 15)
        let scale = NiceScale(minimum: -1.7e308, maximum: 1.7e308)
        #expect(scale.ticks.allSatisfy(\.isFinite) || scale.ticks.count == 2)
        let format = ChartFormatter(language: "en", timeZone: TimeZone(identifier: "UTC")!)
        #expect(format.number(Double.infinity) == "–" && format.percent(.nan) == "–")
        #expect(format.number(ReportNumber.integer(9_007_199_254_740_993)) == "9,007,199,254,740,993")
    }
}
