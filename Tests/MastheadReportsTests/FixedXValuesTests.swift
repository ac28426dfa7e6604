import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// `x: { field, values: [...] }`: exactly these groups, in this order, zero when empty.
@Suite("Reports: fixed x values")
struct FixedXValuesTests {
    static let ratings = """
        member,film,rating,kind
        a,heat,4,review
        b,heat,4.5,review
        c,heat,4,star
        d,alien,5,star
        e,heat,1,star

        """

    func page(_ block: String) throws -> (page: String, result: BuildResult) {
        let site = try ReportFeatureSite.make(files: ["Content/stats/ratings.csv": Self.ratings])
        try ReportFeatureSite.report(site, block)
        return try ReportFeatureSite.page(site, expectClean: false)
    }

    @Test("numbers: every listed value is a group, in the given order, zero when no row has it")
    func numbers() throws {
        let (page, result) = try page(
            """
            ```chart
            type: bar
            title: Ratings of Heat
            source: stats/ratings.csv
            where: { film: heat }
            x: { field: rating, values: [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] }
            ```
            """)
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let rows = ReportFeatureSite.tableRows(page)
        #expect(rows.count == 10)
        #expect(rows.first == "<tr><th scope=\"row\">0.5</th><td>0</td></tr>")
        #expect(rows[1] == "<tr><th scope=\"row\">1</th><td>1</td></tr>")
        #expect(rows[7] == "<tr><th scope=\"row\">4</th><td>2</td></tr>")
        #expect(rows[9] == "<tr><th scope=\"row\">5</th><td>0</td></tr>")
        for svg in ReportFeatureSite.drawings(page) {
            let bars = svg.elements.filter { $0.name == "rect" && $0.attributes["data-value"] != nil }
            #expect(bars.compactMap { $0.attributes["data-value"].flatMap(Double.init) } == [0, 1, 0, 0, 0, 0, 0, 2, 1, 0])
            #expect(svg.texts(of: "text").filter { ["0.5", "2.5", "5"].contains($0) }.count >= 3)
        }
    }

    @Test("values not listed are left out, and the order is the one given (text too)")
    func textAndOrder() throws {
        let (page, result) = try page(
            """
            ```table
            source: stats/ratings.csv
            x: { field: kind, values: [star, comment, review] }
            ```

            ```table
            source: stats/ratings.csv
            x: { field: rating, values: [5, 4] }
            ```
            """)
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        #expect(
            ReportFeatureSite.tableRows(page) == [
                "<tr><th scope=\"row\">star</th><td>3</td></tr>",
                "<tr><th scope=\"row\">comment</th><td>0</td></tr>",
                "<tr><th scope=\"row\">review</th><td>2</td></tr>",
                "<tr><th scope=\"row\">5</th><td>1</td></tr>",
                "<tr><th scope=\"row\">4</th><td>2</td></tr>"
            ])
    }

    @Test("an average has no value for an empty group; a value that does not fit the field is an error at its line")
    func averagesAndErrors() throws {
        let (averages, _) = try page(
            """
            ```table
            source: stats/ratings.csv
            x: { field: film, values: [heat, up] }
            y: { avg: rating }
            ```
            """)
        #expect(
            ReportFeatureSite.tableRows(averages) == [
                "<tr><th scope=\"row\">heat</th><td>3.4</td></tr>",
                "<tr><th scope=\"row\">up</th><td>–</td></tr>"
            ])
        let (_, result) = try page("```table\nsource: stats/ratings.csv\nx: { field: rating, values: [1, five] }\n```")
        #expect(
            result.messages.contains(
                "Content/reports/r.md:7:29: error: x.values: expected a number, got \"five\" (the field 'rating' holds decimal values)"),
            "\(result.messages)")
    }
}
