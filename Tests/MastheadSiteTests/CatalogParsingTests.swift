import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

@Suite("Catalogs: typed fields and their errors, with positions")
struct CatalogParsingTests {
    static let allTypes = """
        file: catalogs/prizes.csv
        key: key
        schema:
          key: { type: string, required: true }
          points: integer
          price: decimal
          digital: boolean
          expiry: date
          site: url
          image: image
          tags: list
        """

    func build(_ csv: String, declaration: String = allTypes) throws -> BuildResult {
        let site = try CatalogFixture.site(csv: csv, declaration: declaration)
        try site.write("Content/static/images/moka.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        return site.build()
    }

    @Test("every field type parses and shows formatted, with its raw value beside it")
    func everyType() throws {
        let result = try build(
            """
            key,points,price,digital,expiry,site,image,tags
            moka,1200,12.5,yes,2027-03-31,https://example.org/moka,/images/moka.svg,kitchen; gift

            """)
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let page = try #require(result.text("prizes/moka/index.html"))
        for line in [
            "points: 1,200 [1200]", "price: 12.5 [12.5]", "digital: true [true]", "expiry: March 31, 2027 [2027-03-31]",
            "site: https://example.org/moka [https://example.org/moka]", "image: /images/moka.svg [/images/moka.svg]",
            "tags: kitchen, gift [kitchen;gift]"
        ] {
            #expect(page.contains("<p class=\"field\">\(line)</p>"), "\(line)")
        }
    }

    @Test("each bad value is an error at row:column, and every bad row is reported")
    func csvErrors() throws {
        let result = try build(
            """
            key,points,price,digital,expiry,site,image,tags
            a,12a,1,true,2027-01-01,https://example.org,/images/moka.svg,x
            b,1,1,2,2027-01-01,https://example.org,/images/moka.svg,x
            c,1,abc,true,2027-01-01,https://example.org,/images/moka.svg,x
            d,1,1,true,31/01/2027,https://example.org,/images/moka.svg,x
            e,1,1,true,2027-01-01,example dot org,/images/moka.svg,x
            f,1,1,true,2027-01-01,https://example.org,/images/missing.svg,x
            ,1,1,true,2027-01-01,https://example.org,/images/moka.svg,x
            g,1,1
            h,1,1,true,2027-01-01,https://example.org,/images/moka.svg,x,extra
            a,2,1,true,2027-01-01,https://example.org,/images/moka.svg,x

            """)
        let file = "Content/catalogs/prizes.csv"
        for message in [
            "\(file):2:2: error: points: expected an integer, got \"12a\"",
            "\(file):3:4: error: digital: expected true or false, got \"2\"",
            "\(file):4:3: error: price: expected a number, got \"abc\"",
            "\(file):5:5: error: expiry: expected a date like 2026-03-14, got \"31/01/2027\"",
            "\(file):6:6: error: site: expected an absolute URL (https://...), got \"example dot org\"",
            "\(file):7:7: error: image: no image at Content/static/images/missing.svg",
            "\(file):8:1: error: key: missing required value",
            "\(file):9:4: error: CSV: row 9 has 3 fields, the header has 8",
            "\(file):10:9: error: CSV: row 10 has 9 fields, the header has 8",
            "\(file):11:1: error: key: duplicate key 'a' (also on row 2)"
        ] {
            #expect(result.messages.contains(message), "missing: \(message)\n\(result.messages.joined(separator: "\n"))")
        }
        #expect(result.diagnostics.errors.count == 10, "\(result.messages)")
        #expect(!result.succeeded)
    }

    @Test("a missing required value is an error; an optional one is simply absent")
    func requiredValues() throws {
        let result = try build(
            """
            key,title,category,points,expiry
            a,A,,,2027-01-01
            b,B,Cups,10,

            """, declaration: CatalogFixture.defaultDeclaration)
        #expect(result.messages == ["Content/catalogs/prizes.csv:2:4: error: points: missing required value"])
    }

    @Test("a column the schema does not know is a warning with a suggestion; a missing required column an error")
    func unknownAndMissingColumns() throws {
        let result = try build(
            """
            key,title,category,pionts,expiry
            a,A,Cups,10,2027-01-01

            """, declaration: CatalogFixture.defaultDeclaration)
        #expect(
            result.messages.contains(
                "Content/catalogs/prizes.csv:1:4: warning: unknown field 'pionts' (not in the schema, ignored); did you mean 'points'?"),
            "\(result.messages)")
        #expect(
            result.messages.contains(
                "Content/catalogs/prizes.csv:1:1: error: missing column 'points', required by the schema; did you mean 'pionts'?"),
            "\(result.messages)")
    }

    @Test("JSON errors name line and column")
    func jsonErrors() throws {
        let declaration = CatalogFixture.defaultDeclaration.replacingOccurrences(of: "catalogs/prizes.csv", with: "catalogs/prizes.json")
        let site = try TestSite(config: CatalogFixture.config(declaration), templates: CatalogFixture.templates)
        try site.write(
            "Content/catalogs/prizes.json",
            """
            [
              {"key": "a", "title": "A", "points": "12a"},
              {"key": "b", "title": "B", "points": 5, "expiry": "soon"},
              {"key": "c", "title": "C", "colour": "red", "points": 1},
              {"key": "d", "title": "D", "points": [1, 2]},
              {"key": "a", "title": "A again", "points": 3},
              {"title": "E", "points": 3}
            ]

            """)
        let result = site.build()
        let file = "Content/catalogs/prizes.json"
        for message in [
            "\(file):2:40: error: points: expected an integer, got \"12a\"",
            "\(file):3:53: error: expiry: expected a date like 2026-03-14, got \"soon\"",
            "\(file):4:30: warning: unknown field 'colour' (not in the schema, ignored)",
            "\(file):5:40: error: points: expected an integer, got a list",
            "\(file):6:11: error: key: duplicate key 'a' (also on line 2)",
            "\(file):7:3: error: key: missing required value"
        ] {
            #expect(result.messages.contains(message), "missing: \(message)\n\(result.messages.joined(separator: "\n"))")
        }
    }

    @Test("JSON syntax errors name their position")
    func jsonSyntax() throws {
        let declaration = CatalogFixture.defaultDeclaration.replacingOccurrences(of: "catalogs/prizes.csv", with: "catalogs/prizes.json")
        let site = try TestSite(config: CatalogFixture.config(declaration), templates: CatalogFixture.templates)
        try site.write("Content/catalogs/prizes.json", "[\n  {\"key\": \"a\", \"points\": 1},\n  {\"key\": \"b\" \"points\": 2}\n]\n")
        let result = site.build()
        let error = try #require(result.diagnostics.errors.first)
        #expect(error.file == "Content/catalogs/prizes.json")
        #expect(error.line == 3)
        #expect(error.message.hasPrefix("JSON syntax:"), "\(result.messages)")
    }

    @Test("YAML errors name line and column")
    func yamlErrors() throws {
        let declaration = CatalogFixture.defaultDeclaration.replacingOccurrences(of: "catalogs/prizes.csv", with: "catalogs/prizes.yaml")
        let site = try TestSite(config: CatalogFixture.config(declaration), templates: CatalogFixture.templates)
        try site.write(
            "Content/catalogs/prizes.yaml",
            """
            - key: a
              title: A
              points: 12a
            - key: b
              title: B
              points: 2
              expiry: { day: 1 }
            - just text

            """)
        let result = site.build()
        let file = "Content/catalogs/prizes.yaml"
        for message in [
            "\(file):3:11: error: points: expected an integer, got \"12a\"",
            "\(file):7:11: error: expiry: expected a date like 2026-03-14, got a mapping",
            "\(file):8:3: error: expected a mapping for each item, got \"just text\""
        ] {
            #expect(result.messages.contains(message), "missing: \(message)\n\(result.messages.joined(separator: "\n"))")
        }
    }

    @Test("site.yml declaration errors point into site.yml")
    func declarationErrors() throws {
        let declaration = CatalogFixture.defaultDeclaration
            .replacingOccurrences(of: "points: { type: integer, required: true }", with: "points: { type: integr, required: true }")
            .replacingOccurrences(of: "sort: points", with: "sort: titel")
        let site = try CatalogFixture.site(csv: "key,title\na,A\n", declaration: declaration)
        let result = site.build()
        #expect(
            result.messages.contains {
                $0.hasPrefix("Content/site.yml:") && $0.contains("error: schema.points: unknown type \"integr\"")
                    && $0.hasSuffix("did you mean 'integer'?")
            }, "\(result.messages)")
        #expect(
            result.messages.contains {
                $0.hasPrefix("Content/site.yml:") && $0.hasSuffix("error: sort: 'titel' is not in the schema; did you mean 'title'?")
            }, "\(result.messages)")
    }

    @Test("a missing data file is an error naming it")
    func missingFile() throws {
        let site = try TestSite(config: CatalogFixture.config(), templates: CatalogFixture.templates)
        #expect(site.build().messages == ["Content/catalogs/prizes.csv: error: missing catalog file: create it or fix file: in site.yml"])
    }
}
