import Foundation
import MastheadTesting
import Testing

@testable import MastheadContent

/// Data files that used to lose or mix up data silently: an unclosed quote swallowing the
/// rows after it, numbers JSON writes read as text or as nothing, text that is not UTF-8,
/// member ids sharing one statement page. Each is now an error at its row.
@Suite("Hostile input: data files and member ids")
struct HostileDataTests {
    // MARK: CSV quotes

    static let prizes = "key,title,points\nmoka,Moka pot,800\ncups,\"Espresso cups,300\ngrinder,Grinder,1200\nbeans,Beans,150\n"

    @Test("an unclosed quote in a catalog CSV is an error at the row where it opened, not one title swallowing the rest")
    func unclosedQuoteInCatalog() throws {
        let site = try CatalogFixture.site(csv: Self.prizes)
        let result = site.build()
        #expect(
            result.messages == [
                "Content/catalogs/prizes.csv:3:2: error: CSV: the quote opened in row 3, field 2 is never closed, "
                    + "so every later row would be part of this field; close it, or write a quote inside a field as two (\"\")"
            ])
        #expect(!result.succeeded)
        #expect(result.files.isEmpty)
    }

    @Test("the same in a statistics CSV: an error at the row, not a chart of fewer rows")
    func unclosedQuoteInStats() throws {
        let site = try ReportFeatureSite.make(files: ["Content/stats/n.csv": "kind,v\na,1\n\"b,2\nc,3\n"])
        try ReportFeatureSite.report(site, "```table\nsource: stats/n.csv\nx: kind\ny: { sum: v }\n```")
        let (_, result) = try ReportFeatureSite.page(site, expectClean: false)
        #expect(
            result.messages == [
                "Content/stats/n.csv:3:1: error: CSV: the quote opened in row 3, field 1 is never closed, so every later row "
                    + "would be part of this field; close it, or write a quote inside a field as two (\"\")"
            ])
    }

    @Test("text after a closing quote is an error at its row; reading goes on with the next row")
    func textAfterQuote() throws {
        let site = try CatalogFixture.site(csv: "key,title,points\nmoka,\"Moka\" pot,800\ncups,Cups,300\nbad,\"Bad\"x,9\n")
        let result = site.build()
        let advice = "text after the closing quote; write a quote inside a quoted field as two (\"\")"
        #expect(
            result.messages == [
                "Content/catalogs/prizes.csv:2:2: error: CSV: row 2, field 2: \(advice)",
                "Content/catalogs/prizes.csv:4:2: error: CSV: row 4, field 2: \(advice)"
            ])
    }

    @Test("a closed quoted field over several lines still reads as one field, and the next row keeps its number")
    func multiLineField() throws {
        let site = try ReportFeatureSite.make(files: ["Content/stats/n.csv": "kind,note,v\na,\"two\nlines, \"\"quoted\"\"\",1\nb,plain,x2\n"])
        try ReportFeatureSite.report(site, "```table\nsource: stats/n.csv\nx: kind\ny: { sum: v }\n```")
        let (_, result) = try ReportFeatureSite.page(site, expectClean: false)
        // "x2" makes v text: the sum is refused, after the multi-line row was read as one.
        #expect(
            result.messages == [
                "Content/reports/r.md:8:4: error: y.sum: cannot sum 'v': it holds string values, "
                    + "not numbers (use count or distinct)"
            ])
        let stream = try CSVRecordStream(url: site.root.appendingPathComponent("Content/stats/n.csv"), path: "n.csv")
        #expect(try stream.next() == ["a", "two\nlines, \"quoted\"", "1"])
        #expect(try stream.next() == ["b", "plain", "x2"])
        #expect(stream.row == 3)
    }

    // MARK: UTF-8

    @Test(
        "text that is not UTF-8 is an error with its row, in CSV, JSON Lines and JSON",
        arguments: [
            (
                "n.csv", Array("kind,v\na,1\n".utf8) + [0x62, 0xFF, 0x2C, 0x32, 0x0A],
                "Content/stats/n.csv:3:1: error: CSV: field 1 of row 3 is not valid UTF-8 text; save the file as UTF-8"
            ),
            (
                "n.jsonl", Array("{\"kind\": \"a\", \"v\": 1}\n{\"kind\": \"".utf8) + [0xC3, 0x28] + Array("\", \"v\": 2}\n".utf8),
                "Content/stats/n.jsonl:2:10: error: JSON Lines: line 2 is not one JSON object: the text is not valid UTF-8; save the file as UTF-8"
            ),
            (
                "n.json", Array("[\n  {\"kind\": \"a\", \"v\": 1},\n  {\"kind\": \"".utf8) + [0xE2, 0x82] + Array("\", \"v\": 2}\n]\n".utf8),
                "Content/stats/n.json:3:12: error: JSON: the text is not valid UTF-8; save the file as UTF-8"
            )
        ] as [(String, [UInt8], String)])
    func invalidUTF8(file: String, bytes: [UInt8], expected: String) throws {
        let site = try ReportFeatureSite.make(files: ["Content/stats/\(file)": ""])
        try Data(bytes).write(to: site.root.appendingPathComponent("Content/stats/\(file)"))
        try ReportFeatureSite.report(site, "```table\nsource: stats/\(file)\nx: kind\ny: { count: true }\n```")
        let (page, result) = try ReportFeatureSite.page(site, expectClean: false)
        #expect(result.messages == [expected])
        #expect(!page.contains("\u{FFFD}"))
    }

    @Test("a catalog CSV that is not UTF-8 is an error at the row and field")
    func invalidUTF8InCatalog() throws {
        let site = try CatalogFixture.site(csv: "")
        try Data(Array("key,title,points\nmoka,Moka,800\ncups,C".utf8) + [0xE9] + Array("ups,300\n".utf8))
            .write(to: site.root.appendingPathComponent("Content/catalogs/prizes.csv"))
        #expect(
            site.build().messages == [
                "Content/catalogs/prizes.csv:3:2: error: CSV: field 2 of row 3 is not valid UTF-8 text; "
                    + "save the file as UTF-8"
            ])
    }

    // MARK: Numbers as JSON writes them

    func table(_ file: String, _ text: String, _ block: String = "x: kind\ny: { sum: v }") throws -> (page: String, messages: [String]) {
        let site = try ReportFeatureSite.make(files: ["Content/stats/\(file)": text])
        try ReportFeatureSite.report(site, "```table\nsource: stats/\(file)\n\(block)\n```")
        let (page, result) = try ReportFeatureSite.page(site, expectClean: false)
        return (page, result.messages)
    }

    @Test("JSON Lines and JSON numbers with an exponent are numbers")
    func exponents() throws {
        let lines = try table("n.jsonl", "{\"kind\": \"a\", \"v\": 1.5e3}\n{\"kind\": \"a\", \"v\": 2E-1}\n{\"kind\": \"b\", \"v\": -1e2}\n")
        #expect(lines.messages.isEmpty, "\(lines.messages)")
        #expect(
            ReportFeatureSite.tableRows(lines.page) == [
                "<tr><th scope=\"row\">a</th><td>1,500.2</td></tr>",
                "<tr><th scope=\"row\">b</th><td>−100</td></tr>"
            ])
        let array = try table("n.json", "[{\"kind\": \"a\", \"v\": 2.5e1}, {\"kind\": \"a\", \"v\": 5}]")
        #expect(ReportFeatureSite.tableRows(array.page) == ["<tr><th scope=\"row\">a</th><td>30</td></tr>"])
        let csv = try table("n.csv", "kind,v\na,1e3\na,2.5E+1\n")
        #expect(ReportFeatureSite.tableRows(csv.page) == ["<tr><th scope=\"row\">a</th><td>1,025</td></tr>"])
    }

    @Test("a number out of range is an error at its line and column, in JSON Lines, JSON and CSV")
    func outOfRange() throws {
        #expect(
            try table("n.jsonl", "{\"kind\": \"a\", \"v\": 1}\n{\"kind\": \"b\", \"v\": 1e400}\n").messages
                == [
                    "Content/stats/n.jsonl:2:20: error: JSON Lines: line 2 is not one JSON object:"
                        + " the number 1e400 is out of range (beyond ±1.8e308)"
                ])
        #expect(
            try table("n.json", "[\n  {\"kind\": \"a\",\n   \"v\": 1e400}\n]\n").messages
                == ["Content/stats/n.json:3:9: error: JSON: the number 1e400 is out of range (beyond ±1.8e308)"])
        #expect(
            try table("n.csv", "kind,v\na,1\nb,-1e400\n").messages
                == ["Content/stats/n.csv:3:2: error: v: -1e400 is out of range (a number is at most ±1.8e308) (the column holds decimal values)"])
        #expect(
            try table("n.csv", "kind,v\na,1\nb,99999999999999999999\n").messages
                == [
                    "Content/stats/n.csv:3:2: error: v: 99999999999999999999 is out of range (an integer is at most ±9223372036854775807) "
                        + "(the column holds integer values)"
                ])
    }

    @Test("numbers outside JSON's grammar are errors at their column", arguments: ["01", ".5", "+1", "1.", "1e", "0x10", "NaN", "Infinity"])
    func grammar(number: String) throws {
        let messages = try table("n.jsonl", "{\"kind\": \"a\", \"v\": \(number)}\n").messages
        #expect(messages == ["Content/stats/n.jsonl:1:20: error: JSON Lines: line 1 is not one JSON object: unexpected value \(number) for \"v\""])
    }

    @Test("a typing error in a JSON file names the value's own line and column")
    func jsonTypingColumn() throws {
        let json = "[\n  {\"kind\": \"a\", \"v\": 1},\n  {\"kind\": \"b\",\n   \"v\": \"many\"}\n]\n"
        let site = try ReportFeatureSite.make(
            config: "datasets:\n  d: { file: stats/n.json, schema: { v: integer } }\n",
            files: ["Content/stats/n.json": json])
        try ReportFeatureSite.report(site, "```table\nsource: d\nx: kind\ny: { sum: v }\n```")
        let (_, result) = try ReportFeatureSite.page(site, expectClean: false)
        #expect(result.messages == ["Content/stats/n.json:4:9: error: v: expected an integer, got \"many\" (the column holds integer values)"])
    }

    // MARK: Member ids

    static let statementsConfig = "statements:\n  enabled: true\n  members: stats/members.csv\n  activities: stats/events.csv\n"

    func statementSite(members: String) throws -> TestSite {
        var templates = TestSite.minimalTemplates
        templates["statement"] = "{{<base}}{{$main}}<h1>{{statement.id}}: {{statement.balance}}</h1>{{/main}}{{/base}}"
        let site = try TestSite(config: TestSite.minimalConfig + "\n" + Self.statementsConfig, templates: templates)
        try site.write("Content/stats/members.csv", members)
        try site.write("Content/stats/events.csv", "date,member,event,points\n2026-09-05,a,code,10\n")
        return site
    }

    @Test("two member ids that slug alike are an error naming both rows; neither statement is written")
    func idsThatSlugAlike() throws {
        let result = try statementSite(members: "id,balance\nMario.Rossi,10\nanna,5\nmario-rossi,99000\n").build()
        #expect(
            result.messages == [
                "Content/stats/members.csv:4: error: statements: the member ids 'mario-rossi' and 'Mario.Rossi' "
                    + "(Content/stats/members.csv:2) would share the page /members/mario-rossi/, showing one member's statement "
                    + "to the other; give each an id that differs in its letters or digits"
            ])
        #expect(!result.succeeded)
        #expect(!result.paths.contains("members/mario-rossi/index.html"))
    }

    @Test(
        "other ids that slug alike: case, accents, and the same id twice",
        arguments: [
            ("ABC", "abc", "the member ids 'abc' and 'ABC' (Content/stats/members.csv:2) would share the page /members/abc/"),
            ("José", "jose", "the member ids 'jose' and 'José' (Content/stats/members.csv:2) would share the page /members/jose/"),
            ("m1", "m1", "the member id 'm1' is also on Content/stats/members.csv:2; each member needs a row of their own")
        ])
    func otherCollisions(first: String, second: String, expected: String) throws {
        let result = try statementSite(members: "id,balance\n\(first),1\n\(second),2\n").build()
        #expect(result.messages.count == 1)
        #expect(result.messages.first?.hasPrefix("Content/stats/members.csv:3: error: statements: \(expected)") == true, "\(result.messages)")
    }

    @Test("an id with no letters or digits is an error at its row, not the page /members/index.html")
    func punctuationOnlyID() throws {
        let result = try statementSite(members: "id,balance\na,1\n...,2\n").build()
        #expect(
            result.diagnostics.errors.map(\.description) == [
                "Content/stats/members.csv:3: error: statements: the member id '...' has no letters or digits "
                    + "to name a page after"
            ])
        #expect(!result.paths.contains("members/index.html"))
    }

    // MARK: Catalog item URLs

    @Test("catalog items whose keys slug alike are an error naming both rows")
    func catalogKeysAlike() throws {
        let result = try CatalogFixture.site(csv: "key,title,points\nMoka.Pot,Moka,800\ncups,Cups,300\nmoka-pot,Other moka,900\n").build()
        #expect(result.messages == ["Content/catalogs/prizes.csv:4:1: error: key: 'moka-pot' gives the URL /prizes/moka-pot/, like row 2"])
    }

    @Test("a title with no letters or digits under permalink :slug is an error, not the catalog's index overwritten")
    func emptyTitleSlug() throws {
        let declaration = CatalogFixture.defaultDeclaration.replacingOccurrences(of: "permalink: /prizes/:key/", with: "permalink: /prizes/:slug/")
        let result = try CatalogFixture.site(csv: "key,title,points\nmoka,!!!,800\ncups,Cups,300\n", declaration: declaration).build()
        #expect(
            result.messages == [
                "Content/catalogs/prizes.csv:2:2: error: title: the title '!!!' has no letters or digits "
                    + "to make a URL from (permalink: /prizes/:slug/)"
            ])
        #expect(!result.succeeded)
    }
}
