import Foundation
import MastheadTesting
import Testing

@testable import MastheadCharts

/// Money that cannot be written with exact cents is an error at its source; money too small
/// to show is zero, written as zero (issue 44, item 6). The bound: ±1e15, where a Double's
/// steps reach 0.125 (docs/reports.md, "Money").
@Suite("Hostile input: currency")
struct HostileCurrencyTests {
    static let english = ChartFormatter(language: "en", timeZone: TimeZone(identifier: "UTC")!)
    static let italian = ChartFormatter(language: "it", timeZone: TimeZone(identifier: "UTC")!)

    @Test(
        "tiny, negative zero and ordinary amounts are written exactly, never NaN",
        arguments: [
            (ReportNumber.decimal(1e-300), "€0.00", "0,00\u{a0}€"), (.decimal(-1e-300), "€0.00", "0,00\u{a0}€"),
            (.decimal(-0.0), "€0.00", "0,00\u{a0}€"), (.decimal(0.004), "€0.00", "0,00\u{a0}€"),
            (.decimal(-0.004), "€0.00", "0,00\u{a0}€"),
            (.decimal(0.1), "€0.10", "0,10\u{a0}€"), (.decimal(1e-7), "€0.00", "0,00\u{a0}€"),
            (.decimal(123_456_789_012.34), "€123,456,789,012.34", "123.456.789.012,34\u{a0}€"),
            (.decimal(999_999_999_999_999), "€999,999,999,999,999.00", "999.999.999.999.999,00\u{a0}€"),
            (.decimal(-24578.8), "−€24,578.80", "−24.578,80\u{a0}€"), (.integer(-1234), "−€1,234.00", "−1234,00\u{a0}€")
        ])
    func formatsExactly(value: ReportNumber, english: String, italian: String) {
        #expect(Self.english.currency(value, code: "EUR") == english)
        #expect(Self.italian.currency(value, code: "EUR") == italian)
    }

    @Test("the bound: 1e15 and beyond, either sign, are problems; just under is not", arguments: [1e15, -1e15, 1e30, -1e30, 1e150, 1e308])
    func bound(value: Double) {
        #expect(ChartFormatter.currencyProblem(.decimal(value)) != nil)
        #expect(ChartFormatter.currencyProblem(.decimal(value.sign == .minus ? -999_999_999_999_999.9 : 999_999_999_999_999.9)) == nil)
    }

    // MARK: - Reports

    static func report(_ rows: String, block: String) throws -> (page: String, messages: [String]) {
        let site = try ReportFeatureSite.make(files: ["Content/stats/money.csv": "kind,amount\n\(rows)"])
        try ReportFeatureSite.report(site, block)
        let result = site.build()
        return (result.text("reports/r/index.html") ?? "", result.messages)
    }

    static let tableBlock = "```table\nsource: stats/money.csv\nx: kind\ny: { sum: amount }\nformat: currency\ncurrency: EUR\n```"
    static let kpiBlock = "```kpi\nsource: stats/money.csv\ny: { sum: amount }\nformat: currency\ncurrency: EUR\n```"

    @Test(
        "a table or kpi with an amount from 1e15 up is an error at its block, and no page is written",
        arguments: [("1e30", "1e30"), ("-1e30", "-1e30"), ("1e150", "1e150"), ("1e308", "1e308"), ("1000000000000000", "1000000000000000")])
    func tooLargeInReports(written: String, shown: String) throws {
        let message =
            "Content/reports/r.md:5:1: error: format: currency: \(shown) is too large to write as money with exact cents "
            + "(at most ±999999999999999.99); is it in the right unit?"
        let table = try Self.report("a,1\nb,\(written)\n", block: Self.tableBlock)
        #expect(table.messages == [message], "\(table.messages)")
        let kpi = try Self.report("a,\(written)\n", block: Self.kpiBlock)
        #expect(kpi.messages == [message], "\(kpi.messages)")
    }

    @Test("tiny amounts in a table are 0.00, and a kpi of ordinary money is unchanged")
    func tinyInReports() throws {
        let table = try Self.report("a,1e-300\nb,-0.0\nc,12.5\n", block: Self.tableBlock)
        #expect(table.messages.isEmpty, "\(table.messages)")
        #expect(table.page.contains("<td>€0.00</td>"), "\(table.page)")
        #expect(table.page.contains("<td>€12.50</td>"))
        #expect(!table.page.contains("NaN"))
        #expect(!table.page.contains("−€0.00"))
        let kpi = try Self.report("a,24578.8\n", block: Self.kpiBlock)
        #expect(kpi.page.contains("<p class=\"kpi-value\">€24,578.80</p>"), "\(kpi.page)")
    }

    @Test(
        "NaN and Infinity in a CSV make the column text: an error at the block's sum, never NaN on the page", arguments: ["NaN", "Infinity", "-inf"])
    func notANumber(written: String) throws {
        let table = try Self.report("a,1\nb,\(written)\n", block: Self.tableBlock)
        #expect(
            table.messages == [
                "Content/reports/r.md:8:4: error: y.sum: cannot sum 'amount': it holds string values, not numbers (use count or distinct)"
            ],
            "\(table.messages)")
        #expect(!table.page.contains("NaN"))
    }

    @Test("format: number and percent of huge values never write NaN or binary noise")
    func numberFormat() {
        #expect(Self.english.number(1e30, fraction: 2) == "1,000,000,000,000,000,000,000,000,000,000")
        #expect(!Self.english.number(1e300).contains("NaN"))
        #expect(Self.english.number(1e-300, fraction: 2) == "0")
        #expect(Self.english.number(-0.0) == "0")
        #expect(Self.english.percent(1e-300) == "0%")
    }

    // MARK: - Catalogs

    @Test("a catalog amount from 1e15 up is an error at its CSV row and field; tiny ones are 0.00")
    func catalogs() throws {
        let config = """
            catalogs:
              rooms:
                file: catalogs/rooms.csv
                key: key
                schema:
                  key: { type: string, required: true }
                  title: string
                  rent: { type: decimal, format: currency, currency: EUR }
            """
        let templates = ReportFeatureSite.templates.merging([
            "catalog-item": "{{<base}}{{$main}}<h1>{{item.title}}</h1><p class=\"rent\">{{item.rent}}</p>{{/main}}{{/base}}"
        ]) { _, new in new }
        let site = try TestSite(config: TestSite.minimalConfig + "\n" + config, templates: templates)
        try site.write("Content/catalogs/rooms.csv", "key,title,rent\na,Attic,1e-300\nb,Palace,1e30\nc,Castle,-1e15\n")
        let result = site.build()
        #expect(
            result.messages == [
                "Content/catalogs/rooms.csv:3:3: error: rent: 1e30 is too large to write as money with exact cents "
                    + "(at most ±999999999999999.99); is it in the right unit?",
                "Content/catalogs/rooms.csv:4:3: error: rent: -1000000000000000.0 is too large to write as money with exact cents "
                    + "(at most ±999999999999999.99); is it in the right unit?"
            ], "\(result.messages)")
        let fixed = try TestSite(config: TestSite.minimalConfig + "\n" + config, templates: templates)
        try fixed.write("Content/catalogs/rooms.csv", "key,title,rent\na,Attic,1e-300\nb,Palace,-0.0\n")
        let clean = fixed.build()
        #expect(clean.messages.isEmpty, "\(clean.messages)")
        #expect(clean.text("rooms/a/index.html")?.contains("<p class=\"rent\">€0.00</p>") == true, "\(clean.text("rooms/a/index.html") ?? "")")
        #expect(clean.text("rooms/b/index.html")?.contains("<p class=\"rent\">€0.00</p>") == true)
    }
}
