import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// `references:` between catalogs: the referenced item on the referencing page, the
/// referencing items on the referenced page, and errors at the cell that names no item.
@Suite("Catalogs: relations between catalogs")
struct CatalogRelationsTests {
    static let catalogs = """
        catalogs:
          films:
            file: catalogs/films.csv
            key: key
            title: title
            schema:
              key: { type: string, required: true }
              title: string
              year: integer
            permalink: /films/:key/
            templates: { item: film }
          seasons:
            file: catalogs/seasons.csv
            key: key
            title: title
            schema:
              key: { type: string, required: true }
              title: string
              series: { type: string, required: true, references: films }
              number: integer
            sort: number
            permalink: /seasons/:key/
            templates: { item: season }
          members:
            file: catalogs/members.csv
            key: key
            schema:
              key: { type: string, required: true }
              favourites: { type: list, references: films }
            permalink: /members/:key/
            templates: { item: member }
        """

    static let films = """
        key,title,year
        breaking-bad,Breaking Bad,2008
        the-wire,The Wire,2002
        alien,Alien,1979

        """

    static let seasons = """
        key,title,series,number
        bb-2,Breaking Bad 2,breaking-bad,2
        bb-1,Breaking Bad 1,breaking-bad,1
        wire-1,The Wire 1,the-wire,1

        """

    static let members = """
        key,favourites
        anna,alien; breaking-bad
        bruno,breaking-bad

        """

    static let templates = CatalogFixture.relationTemplates

    func site(config: String = TestSite.minimalConfig + "\n" + Self.catalogs, seasons: String = Self.seasons, members: String = Self.members) throws
        -> TestSite
    {
        let site = try TestSite(config: config, templates: Self.templates)
        try site.write("Content/catalogs/films.csv", Self.films)
        try site.write("Content/catalogs/seasons.csv", seasons)
        try site.write("Content/catalogs/members.csv", members)
        return site
    }

    @Test("a string field's reference is the referenced item, with its usual values, on the referencing page and in lists")
    func referencedItem() throws {
        let result = try site().build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let season = try #require(result.text("seasons/bb-1/index.html"))
        #expect(season.contains("<p class=\"series\"><a href=\"/films/breaking-bad/\">Breaking Bad</a> (2,008, 2008)</p>"))
        let home = try #require(result.text("index.html"))
        #expect(
            home.contains(
                "<p class=\"season\">bb-1 of Breaking Bad</p><p class=\"season\">wire-1 of The Wire</p><p class=\"season\">bb-2 of Breaking Bad</p>"))
    }

    @Test("a list field's references are a list of items, in the order written")
    func referencedList() throws {
        let result = try site().build()
        let anna = try #require(result.text("members/anna/index.html"))
        #expect(anna.contains("<ul><li><a href=\"/films/alien/\">Alien</a></li><li><a href=\"/films/breaking-bad/\">Breaking Bad</a></li></ul>"))
    }

    @Test("the referenced item lists the referencing items in their catalog's order, with a count; none gives no list and 0")
    func referencedBy() throws {
        let result = try site().build()
        let breakingBad = try #require(result.text("films/breaking-bad/index.html"))
        // Seasons sort by number, then key: bb-1 before bb-2.
        #expect(
            breakingBad.contains(
                "<p class=\"seasons\">2 seasons: <a href=\"/seasons/bb-1/\">Breaking Bad 1</a> (1)"
                    + " <a href=\"/seasons/bb-2/\">Breaking Bad 2</a> (2)</p>"
            ))
        #expect(breakingBad.contains("<p class=\"fans\"> anna bruno [2]</p>"))
        // Related items carry plain values: no refs of their own.
        #expect(breakingBad.contains("<p class=\"nested\"></p>"))
        let alien = try #require(result.text("films/alien/index.html"))
        #expect(alien.contains("<p class=\"seasons\">0 seasons:</p>"))
        #expect(alien.contains("<p class=\"fans\"> anna [1]</p>"))
        let wire = try #require(result.text("films/the-wire/index.html"))
        #expect(wire.contains("<p class=\"fans\">No fans yet [0]</p>"))
    }

    @Test("an item referencing the same item through two fields is listed once")
    func referencedThroughTwoFields() throws {
        let config =
            TestSite.minimalConfig + "\n"
            + Self.catalogs.replacingOccurrences(
                of: "      favourites: { type: list, references: films }",
                with: "      favourites: { type: list, references: films }\n      watched: { type: list, references: films }")
        let result = try site(config: config, members: "key,favourites,watched\nanna,alien,alien; the-wire\n").build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let alien = try #require(result.text("films/alien/index.html"))
        #expect(alien.contains("<p class=\"fans\"> anna [1]</p>"))
        let wire = try #require(result.text("films/the-wire/index.html"))
        #expect(wire.contains("<p class=\"fans\"> anna [1]</p>"))
    }

    @Test("a value that is no key of the referenced catalog is an error at its cell, with the closest key")
    func unknownKey() throws {
        let seasons = Self.seasons.replacingOccurrences(
            of: "wire-1,The Wire 1,the-wire,1", with: "wire-1,The Wire 1,the-wire,1\nbb-3,Breaking Bad 3,breking-bad,3")
        let members = "key,favourites\nanna,alien; teh-wire\n"
        let result = try site(seasons: seasons, members: members).build()
        #expect(!result.succeeded)
        #expect(
            result.messages.contains(
                "Content/catalogs/seasons.csv:5:3: error: series: unknown films key 'breking-bad'; did you mean 'breaking-bad'?"),
            "\(result.messages)")
        #expect(
            result.messages.contains("Content/catalogs/members.csv:2:2: error: favourites: unknown films key 'teh-wire'; did you mean 'the-wire'?"),
            "\(result.messages)")
        #expect(result.diagnostics.count == 2, "\(result.messages)")
    }

    @Test("references: naming no catalog is an error at its position in site.yml")
    func unknownCatalog() throws {
        let config =
            TestSite.minimalConfig + "\n"
            + Self.catalogs.replacingOccurrences(of: "required: true, references: films }", with: "required: true, references: flims }")
        let lines = config.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("references: flims") }) + 1
        let column = try #require(lines[line - 1].range(of: "flims")).lowerBound.utf16Offset(in: lines[line - 1]) + 1
        let result = try site(config: config).build()
        #expect(!result.succeeded)
        #expect(
            result.messages.contains(
                "Content/site.yml:\(line):\(column): error: schema.series.references: unknown catalog 'flims'; did you mean 'films'?"),
            "\(result.messages)")
    }
}
