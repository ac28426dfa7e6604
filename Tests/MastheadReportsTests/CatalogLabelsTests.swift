import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// `x: { field, catalog }`: x values are catalog keys, shown as the items' titles.
@Suite("Reports: catalog titles for x values")
struct CatalogLabelsTests {
    static let config = """
        catalogs:
          films:
            file: catalogs/films.csv
            key: key
            title: title
        """

    static let films = """
        key,title
        heat,Heat
        alien,Alien
        amelie,Le Fabuleux Destin d'Amélie Poulain & co

        """

    static let ratings = """
        member,film,rating
        a,heat,4
        b,heat,5
        c,alien,3
        d,amelie,5
        e,lost-film,2

        """

    func page(_ block: String) throws -> (page: String, result: BuildResult) {
        let site = try ReportFeatureSite.make(
            config: Self.config, files: ["Content/catalogs/films.csv": Self.films, "Content/stats/ratings.csv": Self.ratings])
        try ReportFeatureSite.report(site, block)
        return try ReportFeatureSite.page(site, expectClean: false)
    }

    @Test("a table shows the items' titles linking to their pages; a key not in the catalog shows as written")
    func table() throws {
        let (page, result) = try page(
            """
            ```table
            title: Top rated
            source: stats/ratings.csv
            x: { field: film, catalog: films }
            y: { avg: rating }
            sort: -y
            ```
            """)
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        #expect(
            ReportFeatureSite.tableRows(page) == [
                "<tr><th scope=\"row\"><a href=\"/films/amelie/\">Le Fabuleux Destin d&#39;Amélie Poulain &amp; co</a></th><td>5</td></tr>",
                "<tr><th scope=\"row\"><a href=\"/films/heat/\">Heat</a></th><td>4.5</td></tr>",
                "<tr><th scope=\"row\"><a href=\"/films/alien/\">Alien</a></th><td>3</td></tr>",
                "<tr><th scope=\"row\">lost-film</th><td>2</td></tr>"
            ])
        #expect(result.text("films/amelie/index.html") != nil)
    }

    @Test("a ranking chart draws the titles, and its data table links them")
    func ranking() throws {
        let (page, result) = try page(
            """
            ```chart
            type: hbar
            title: Top rated
            source: stats/ratings.csv
            x: { field: film, catalog: films }
            y: { avg: rating }
            sort: -y
            limit: 2
            ```
            """)
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        for svg in ReportFeatureSite.drawings(page) {
            let labels = svg.elements.filter { $0.attributes["class"] == "chart-label" }.map(\.text)
            #expect(labels.count == 2)
            #expect(labels.first?.hasPrefix("Le Fabuleux") == true && labels.last == "Heat", "\(labels)")
        }
        #expect(page.contains("<tr><th scope=\"row\"><a href=\"/films/heat/\">Heat</a></th><td>4.5</td></tr>"))
        #expect(page.contains("highest Le Fabuleux Destin d&#39;Amélie Poulain &amp; co (5), lowest Heat (4.5)."))
    }

    @Test("an unknown catalog is an error at its line, with a suggestion")
    func unknownCatalog() throws {
        let (_, result) = try page("```table\nsource: stats/ratings.csv\nx: { field: film, catalog: flims }\n```")
        #expect(
            result.messages.contains("Content/reports/r.md:7:28: error: x.catalog: unknown catalog 'flims'; did you mean 'films'? (catalogs: films)"),
            "\(result.messages)")
    }
}
