import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

/// Examples/personal-budget: the ledger, the three donuts, the empty state and a bad amount.
@Suite("Examples: personal budget")
struct PersonalBudgetExampleTests {
    static let site = repositoryRoot.appendingPathComponent("Examples/personal-budget")

    static func build(_ directory: URL) -> BuildResult {
        var options = BuildOptions(siteFolder: SiteFolder(directory))
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        return Pipeline.run(options: options)
    }

    static var result: BuildResult { SharedSites.personalBudget }

    /// A copy of the example in a temporary folder, with `transactions.csv` replaced by what `change` makes of it.
    /// A copy whose CSV (the catalog) is changed; `databaseStatements` run on its SQLite export (the reports' dataset).
    static func buildCopy(changingTransactions change: (String) -> String, databaseStatements: [String] = []) throws -> BuildResult {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-budget-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: site, to: copy)
        let csv = copy.appendingPathComponent("Content/catalogs/transactions.csv")
        let text = try String(contentsOf: csv, encoding: .utf8)
        try Data(change(text).utf8).write(to: csv)
        if !databaseStatements.isEmpty {
            try TestDatabases.sqlite(copy.appendingPathComponent("Content/stats/budget.sqlite"), databaseStatements)
        }
        return build(copy)
    }

    /// The `<figure>` of a named chart on the home page.
    static func figure(_ id: String, in page: String) -> String? {
        guard let start = page.range(of: "<figure class=\"chart chart-donut\" id=\"\(id)\""),
            let end = page[start.upperBound...].range(of: "</figure>")
        else { return nil }
        return String(page[start.lowerBound..<end.upperBound])
    }

    /// The legend entries of a donut: "name value · percent".
    static func legend(_ figure: String) -> [String] {
        figure.components(separatedBy: "<span class=\"chart-legend-name\">").dropFirst().map { entry in
            let name = entry.prefix { $0 != "<" }
            let value = entry.components(separatedBy: "<span class=\"chart-legend-value\">").dropFirst().first?.prefix { $0 != "<" } ?? ""
            return "\(name) \(value)"
        }
    }

    @Test("the example builds with no errors or warnings")
    func builds() {
        #expect(Self.result.messages == [])
        #expect(Self.result.text("index.html") != nil)
        #expect(Self.result.text("reports/year/index.html") != nil)
    }

    /// Expected shares computed independently from Content/catalogs/transactions.csv with Python's
    /// decimal module (sum of `amount` per group over the total, to one decimal):
    /// income: wage 22725.00, freelance 1730.00, refund 82.30, interest 41.45 (total 24578.75);
    /// expenses: rent 8700.00 ... health 74.15 (total 15266.71); income 24578.75 against expenses 15266.71.
    @Test("the three donuts give each category's share of the total")
    func donuts() throws {
        let home = try #require(Self.result.text("index.html"))
        let income = try #require(Self.figure("chart-incomebycategory", in: home))
        #expect(Self.legend(income) == ["Wage 22,725 · 92.5%", "Freelance 1,730 · 7%", "Refunds 82.3 · 0.3%", "Interest 41.5 · 0.2%"])
        let expenses = try #require(Self.figure("chart-expensesbycategory", in: home))
        #expect(
            Self.legend(expenses) == [
                "Rent 8,700 · 57%", "Groceries 2,959.7 · 19.4%", "Transport 1,158 · 7.6%", "Utilities 790.2 · 5.2%",
                "Clothing 559.4 · 3.7%", "Eating out 396.8 · 2.6%", "Gifts 226.6 · 1.5%", "Phone 216 · 1.4%",
                "Entertainment 186 · 1.2%", "Health 74.2 · 0.5%"
            ])
        let both = try #require(Self.figure("chart-incomeagainstexpenses", in: home))
        #expect(Self.legend(both) == ["Income 24,578.8 · 61.7%", "Expenses 15,266.7 · 38.3%"])
    }

    /// The key figures: income and expenses as above; the balance 24578.75 − 15266.71 = 9312.04; 161 rows.
    /// Money is written as money (`format: currency`, `currency: GBP`): the pound sign and two decimals.
    @Test("the year report gives total income, total expenses, the balance and the count")
    func keyFigures() throws {
        let page = try #require(Self.result.text("reports/year/index.html"))
        for figure in ["£24,578.75", "£15,266.71", "£9,312.04", "161"] {
            #expect(page.contains("<p class=\"kpi-value\">\(figure)"), "no key figure \(figure)")
        }
    }

    /// The newest row of transactions.csv is 2026-10-31 (interest, 3 lines from the end of the file).
    @Test("the ledger lists the newest transaction first, income and expenses told apart by word and class")
    func ledgerNewestFirst() throws {
        let ledger = try #require(Self.result.text("ledger/index.html"))
        let rows = ledger.components(separatedBy: "<tr class=\"tx ").dropFirst()
        let first = try #require(rows.first)
        #expect(first.hasPrefix("tx-income\""))
        #expect(first.contains("href=\"/ledger/2026-10-31-interest/\""))
        #expect(first.contains("<time datetime=\"2026-10-31\">October 31, 2026</time>"))
        #expect(first.contains("<span class=\"tx-type\">income</span>"))
        #expect(rows.count == 25)
        // 161 rows, 25 a page: 7 pages; the last one holds the oldest transaction.
        let last = try #require(Self.result.text("ledger/page/7/index.html"))
        #expect(last.contains("href=\"/ledger/2025-11-01-rent/\""))
        #expect(Self.result.text("ledger/page/8/index.html") == nil)
        #expect(ledger.contains("<span class=\"tx-type\">expense</span>"))
    }

    @Test("with only the header row the site builds and shows its empty state")
    func emptyState() throws {
        let result = try Self.buildCopy(
            changingTransactions: { text in String(text.prefix { $0 != "\n" }) + "\n" }, databaseStatements: ["DELETE FROM transactions"])
        #expect(!result.diagnostics.hasErrors, "\(result.messages)")
        let ledger = try #require(result.text("ledger/index.html"))
        #expect(ledger.contains("No transactions yet"))
        #expect(!ledger.contains("<table"))
        let home = try #require(result.text("index.html"))
        #expect(home.contains("No transactions yet"))
        #expect(home.components(separatedBy: "No data").count - 1 >= 4)
    }

    @Test("an amount that is not a number is an error naming its row and column")
    func badAmount() throws {
        // Row 5 of the file (the header is row 1); amount is the 5th column.
        let result = try Self.buildCopy { text in
            var lines = text.components(separatedBy: "\n")
            var fields = lines[4].components(separatedBy: ",")
            fields[4] = "\"12,50x\""
            lines[4] = fields.joined(separator: ",")
            return lines.joined(separator: "\n")
        }
        #expect(result.diagnostics.hasErrors)
        #expect(
            result.messages.contains { $0.hasPrefix("Content/catalogs/transactions.csv:5:5: error: amount: expected a number, got \"12,50x\"") },
            "\(result.messages)")
    }

    /// The example with its reports reading the catalog's CSV (as it did before the SQLite export),
    /// `schema` given to the dataset or not, and one amount of row 5 made bad.
    static func buildReadingCSV(schema: String?) throws -> BuildResult {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-budget-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: site, to: copy)
        let config = copy.appendingPathComponent("Content/site.yml")
        let dataset = "    file: catalogs/transactions.csv\n" + (schema.map { "    schema: \($0)\n" } ?? "")
        let text = try String(contentsOf: config, encoding: .utf8)
            .replacingOccurrences(of: "    sqlite: stats/budget.sqlite\n    table: transactions\n", with: dataset)
        try Data(text.utf8).write(to: config)
        let csv = copy.appendingPathComponent("Content/catalogs/transactions.csv")
        var lines = try String(contentsOf: csv, encoding: .utf8).components(separatedBy: "\n")
        var fields = lines[4].components(separatedBy: ",")
        fields[4] = "12.5x"
        lines[4] = fields.joined(separator: ",")
        try Data(lines.joined(separator: "\n").utf8).write(to: csv)
        return build(copy)
    }

    @Test(
        "one bad amount read by the catalog and by the reports is one error, at its cell, with no knock-on error in the blocks",
        arguments: [nil, "{ amount: decimal, net: decimal, date: date }"])
    func badAmountReportedOnce(schema: String?) throws {
        let result = try Self.buildReadingCSV(schema: schema)
        #expect(
            result.diagnostics.errors.map(\.description) == ["Content/catalogs/transactions.csv:5:5: error: amount: expected a number, got \"12.5x\""]
        )
    }
}
