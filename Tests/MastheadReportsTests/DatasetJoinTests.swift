import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// `datasets: { NAME: { join: { catalog, on, fields, defaults } } }`: catalog fields added to each row.
@Suite("Reports: datasets joined with a catalog")
struct DatasetJoinTests {
    static let catalog = """
        catalogs:
          films:
            file: catalogs/films.csv
            key: key
            title: title
            schema: { key: string, title: string, runtime: integer, genres: list }
        datasets:
          watched:
            file: stats/watched.csv
            join:
              catalog: films
              on: film
              fields: [runtime, genres]
              defaults: { runtime: 120 }
        """

    static let films = """
        key,title,runtime,genres
        heat,Heat,170,Crime; Thriller
        alien,Alien,117,Horror; Sci-Fi
        la-dolce-vita,La dolce vita,,Drama

        """

    static let watched = """
        member,film,date
        anna,heat,2026-10-01
        anna,la-dolce-vita,2026-10-02
        bruno,alien,2026-10-03
        bruno,heat,2026-10-04

        """

    func site(config: String = DatasetJoinTests.catalog, watched: String = DatasetJoinTests.watched, body: String) throws -> TestSite {
        let site = try ReportFeatureSite.make(config: config, files: ["Content/catalogs/films.csv": Self.films, "Content/stats/watched.csv": watched])
        try ReportFeatureSite.report(site, body)
        return site
    }

    @Test("blocks sum the joined runtimes; a film with no runtime counts the default")
    func sums() throws {
        let site = try site(
            body: """
                ```table
                source: watched
                x: member
                y: { sum: runtime }
                ```

                ```kpi
                title: Minutes watched
                source: watched
                y: { sum: runtime }
                ```
                """)
        let (page, _) = try ReportFeatureSite.page(site)
        // anna: 170 + 120 (the default); bruno: 117 + 170.
        #expect(
            ReportFeatureSite.tableRows(page) == [
                "<tr><th scope=\"row\">anna</th><td>290</td></tr>",
                "<tr><th scope=\"row\">bruno</th><td>287</td></tr>"
            ])
        #expect(page.contains("<p class=\"kpi-value\">577</p>"))
    }

    @Test("a joined list field groups by its elements")
    func listField() throws {
        let site = try site(body: "```table\nsource: watched\nx: genres\nsort: -y\n```")
        let (page, _) = try ReportFeatureSite.page(site)
        #expect(
            ReportFeatureSite.tableRows(page) == [
                "<tr><th scope=\"row\">Crime</th><td>2</td></tr>",
                "<tr><th scope=\"row\">Thriller</th><td>2</td></tr>",
                "<tr><th scope=\"row\">Drama</th><td>1</td></tr>",
                "<tr><th scope=\"row\">Horror</th><td>1</td></tr>",
                "<tr><th scope=\"row\">Sci-Fi</th><td>1</td></tr>"
            ])
    }

    @Test("where: on a joined list field keeps the rows whose list holds the value")
    func listFilter() throws {
        let site = try site(body: "```table\nsource: watched\nwhere: { genres: Crime }\nx: member\n```")
        let (page, _) = try ReportFeatureSite.page(site)
        #expect(
            ReportFeatureSite.tableRows(page) == [
                "<tr><th scope=\"row\">anna</th><td>1</td></tr>",
                "<tr><th scope=\"row\">bruno</th><td>1</td></tr>"
            ])
    }

    @Test("a key not in the catalog is an error naming the data file and row")
    func unknownKey() throws {
        let site = try site(watched: Self.watched + "carla,hat,2026-10-05\n", body: "```kpi\nsource: watched\ny: { sum: runtime }\n```")
        let (_, result) = try ReportFeatureSite.page(site, expectClean: false)
        #expect(
            result.messages.contains("Content/stats/watched.csv:6: error: film: unknown films key 'hat'; did you mean 'heat'?"), "\(result.messages)")
    }

    @Test(
        "a wrong join is an error at its line in site.yml, reported once; blocks using it say so",
        arguments: [
            (
                "catalog: films", "catalog: flims",
                "Content/site.yml:20:16: error: datasets.watched.join.catalog: unknown catalog 'flims'; did you mean 'films'? (catalogs: films)"
            ),
            (
                "on: film", "on: movie",
                "Content/site.yml:21:11: error: datasets.watched.join.on: the field 'movie' is not in the data file (fields: member, film, date)"
            ),
            (
                "fields: [runtime, genres]", "fields: [runtme, genres]",
                "Content/site.yml:22:15: error: datasets.watched.join.fields: 'runtme' is not a field of the catalog films;"
                    + " did you mean 'runtime'? (fields: key, title, runtime, genres)"
            ),
            (
                "defaults: { runtime: 120 }", "defaults: { runtime: two hours }",
                "Content/site.yml:23:28: error: datasets.watched.join.defaults.runtime: expected an integer, got \"two hours\""
                    + " (the catalog field holds integer values)"
            )
        ])
    func wrongJoin(original: String, replacement: String, message: String) throws {
        let site = try site(
            config: Self.catalog.replacingOccurrences(of: original, with: replacement),
            body: "```kpi\nsource: watched\ny: { sum: runtime }\n```\n\n```kpi\nsource: watched\n```")
        let (_, result) = try ReportFeatureSite.page(site, expectClean: false)
        #expect(result.messages.filter { $0 == message }.count == 1, "\(result.messages)")
        #expect(
            result.messages.contains(
                "Content/reports/r.md:6:9: error: source: the dataset 'watched' cannot be used until its declaration in Content/site.yml is fixed"))
    }
}
