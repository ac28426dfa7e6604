import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// `blocks:` on a catalog: a chart, key figure or table drawn for every item, filtered by the
/// item's own values; problems reported once, at the block's line in site.yml.
@Suite("Catalogs: per-item blocks")
struct CatalogItemBlocksTests {
    static let blocks = """
            blocks:
              ratingCount: { kind: kpi, title: "Ratings of {title}", caption: "Released {year}", source: stats/ratings.csv, where: { film: "{key}" } }
              ratingMean: { kind: kpi, title: Mean rating, source: stats/ratings.csv, where: { film: "{key}" }, y: { avg: rating } }
              ratings:
                type: bar
                title: "Ratings of {title}"
                source: stats/ratings.csv
                where: { film: "{key}" }
                x: rating
              members: { kind: table, source: stats/ratings.csv, where: { film: "{key}" }, x: member, y: { max: rating } }
        """

    static func config(blocks: String = CatalogItemBlocksTests.blocks) -> String {
        TestSite.minimalConfig + """

            catalogs:
              films:
                file: catalogs/films.csv
                key: key
                title: title
                schema:
                  key: { type: string, required: true }
                  title: string
                  year: integer
                pageSize: 10
            \(blocks)
            """
    }

    static let films = """
        key,title,year
        alien,Alien,1979
        heat,Heat,1995
        solaris,Solaris,1972

        """

    static let ratings = """
        film,member,rating
        alien,anna,5
        alien,bruno,4
        heat,anna,3.5
        alien,carla,4

        """

    static let templates = TestSite.minimalTemplates.merging([
        "catalog-item":
            "{{<base}}{{$main}}{{#item}}<h1>{{title}}</h1><section class=\"count\">{{{blocks.ratingCount}}}</section>"
            + "<section class=\"mean\">{{{blocks.ratingMean}}}</section><section class=\"chart\">{{{blocks.ratings}}}</section>"
            + "<section class=\"table\">{{{blocks.members}}}</section>{{/item}}{{/main}}{{/base}}",
        "catalog-index": "{{<base}}{{$main}}{{#items}}<article>{{{blocks.ratings}}}</article>{{/items}}{{/main}}{{/base}}"
    ]) { _, new in new }

    func site(config: String = CatalogItemBlocksTests.config()) throws -> TestSite {
        let site = try TestSite(config: config, templates: Self.templates)
        try site.write("Content/catalogs/films.csv", Self.films)
        try site.write("Content/stats/ratings.csv", Self.ratings)
        return site
    }

    /// The text of `<section class="NAME">` on a page.
    func section(_ name: String, of page: String) -> String {
        guard let start = page.range(of: "<section class=\"\(name)\">"), let end = page[start.upperBound...].range(of: "</section>") else {
            return ""
        }
        return String(page[start.upperBound..<end.lowerBound])
    }

    @Test("a kpi block counts each item's own rows; {title} and {FIELD} fill the title and caption")
    func kpiPerItem() throws {
        let result = try site().build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let alien = try #require(result.text("films/alien/index.html"))
        let heat = try #require(result.text("films/heat/index.html"))
        let count = section("count", of: alien)
        #expect(count.contains("<p class=\"kpi-label\">Ratings of Alien</p>"))
        #expect(count.contains("<p class=\"kpi-value\">3</p>"))
        #expect(count.contains("<p class=\"kpi-caption\">Released 1979</p>"))
        #expect(section("count", of: heat).contains("<p class=\"kpi-value\">1</p>"))
        #expect(section("count", of: heat).contains("Ratings of Heat"))
        #expect(section("mean", of: alien).contains("<p class=\"kpi-value\">4.3</p>"))
        #expect(section("mean", of: heat).contains("<p class=\"kpi-value\">3.5</p>"))
    }

    @Test("an item with no rows gets the block's empty state, not another item's numbers")
    func itemWithoutRows() throws {
        let result = try site().build()
        let solaris = try #require(result.text("films/solaris/index.html"))
        let count = section("count", of: solaris)
        #expect(count.contains("Ratings of Solaris"))
        #expect(!count.contains("<p class=\"kpi-value\">3</p>") && !count.contains("<p class=\"kpi-value\">1</p>"), "\(count)")
    }

    @Test("a chart and a table block show the item's rows; ids are unique per item")
    func chartAndTablePerItem() throws {
        let result = try site().build()
        let alien = try #require(result.text("films/alien/index.html"))
        let chart = section("chart", of: alien)
        #expect(chart.contains("<figure class=\"chart chart-bar\""))
        #expect(chart.contains("Ratings of Alien"))
        #expect(chart.contains("<tr><th scope=\"row\">4</th><td>2</td></tr>"), "\(chart)")
        #expect(chart.contains("<tr><th scope=\"row\">5</th><td>1</td></tr>"))
        #expect(!chart.contains("3.5"))
        let table = section("table", of: alien)
        #expect(table.contains("<th scope=\"row\">anna</th><td>5</td>") && table.contains("<th scope=\"row\">carla</th><td>4</td>"), "\(table)")
        let heat = try #require(result.text("films/heat/index.html"))
        #expect(!table.contains(">heat<") && !section("table", of: heat).contains(">bruno<"))
        // The index shows every item's chart: no id may repeat.
        let index = try #require(result.text("films/index.html"))
        let ids = index.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!ids.isEmpty)
        #expect(Set(ids).count == ids.count, "\(ids)")
    }

    @Test("a block with a problem is reported once, at its line in site.yml, however many items there are")
    func badBlockReportedOnce() throws {
        let config = Self.config(
            blocks: """
                    blocks:
                      ratingMean: { kind: kpi, source: stats/ratings.csv, where: { film: "{key}" }, y: { avgg: rating } }
                """)
        let result = try site(config: config).build()
        let lines = config.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("avgg: rating") }) + 1
        let column = try #require(lines[line - 1].range(of: "avgg")).lowerBound.utf16Offset(in: lines[line - 1]) + 1
        let errors = result.messages.filter { $0.contains("error:") }
        #expect(errors.count == 1, "\(result.messages)")
        #expect(
            errors.first?.hasPrefix("Content/site.yml:\(line):\(column): error: blocks.ratingMean: y: unknown measure 'avgg'; did you mean 'avg'?")
                == true, "\(errors)")
        #expect(result.messages.allSatisfy { $0.hasPrefix("Content/site.yml:\(line):") }, "\(result.messages)")
    }

    @Test("a problem found while drawing (an unknown source or field) is reported once too")
    func renderProblemReportedOnce() throws {
        let unknownSource = try site(
            config: Self.config(
                blocks: """
                        blocks:
                          ratingCount: { kind: kpi, source: stats/ratingz.csv, where: { film: "{key}" } }
                    """)
        ).build()
        let sourceErrors = unknownSource.messages.filter { $0.contains("error:") }
        #expect(sourceErrors.count == 1, "\(sourceErrors)")
        #expect(sourceErrors.first?.contains("Content/site.yml:") == true)
        #expect(
            sourceErrors.first?.contains(
                "blocks.ratingCount: source: unknown statistics source 'stats/ratingz.csv'; did you mean 'stats/ratings.csv'?") == true,
            "\(sourceErrors)")
        let unknownField = try site(
            config: Self.config(
                blocks: """
                        blocks:
                          ratingCount: { kind: kpi, source: stats/ratings.csv, where: { flim: "{key}" } }
                    """)
        ).build()
        let fieldErrors = unknownField.messages.filter { $0.contains("error:") }
        #expect(fieldErrors.count == 1, "\(fieldErrors)")
        #expect(fieldErrors.first?.contains("blocks.ratingCount: where: unknown field 'flim'") == true, "\(fieldErrors)")
    }

    @Test("an unknown kind is an error naming the kinds")
    func unknownKind() throws {
        let result = try site(
            config: Self.config(
                blocks: """
                        blocks:
                          ratingCount: { kind: kip, source: stats/ratings.csv }
                    """)
        ).build()
        #expect(
            result.messages.contains {
                $0.contains("error: blocks.ratingCount.kind: expected one of chart, kpi, table, got \"kip\"; did you mean 'kpi'?")
            }, "\(result.messages)")
    }
}
