import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

/// Examples/film-club: a title's rating histogram, a member's statistics, a season's episodes,
/// the top-rated ranking, a genre page, reviews and a broken reference.
///
/// Expected numbers were computed independently with Python's csv module over the committed data
/// (Content/stats/ratings.csv, Content/stats/watched.csv, Content/catalogs/*.csv), not with Masthead.
@Suite("Examples: film club")
struct FilmClubExampleTests {
    static let site = repositoryRoot.appendingPathComponent("Examples/film-club")

    static func build(_ directory: URL) -> BuildResult {
        var options = BuildOptions(siteFolder: SiteFolder(directory))
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        return Pipeline.run(options: options)
    }

    static var result: BuildResult { SharedSites.filmClub }

    /// A copy of the example in a temporary folder, with one file under Content/ replaced by what `change` makes of it.
    static func buildCopy(changing path: String, _ change: (String) -> String) throws -> BuildResult {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-film-club-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: site, to: copy)
        let file = copy.appendingPathComponent("Content/\(path)")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(change(text).utf8).write(to: file)
        return build(copy)
    }

    /// The value shown under a kpi's label: `<p class="kpi-label">Label</p>` then `<p class="kpi-value">…</p>`.
    static func kpi(_ label: String, in page: String) -> String? {
        guard let start = page.range(of: "<p class=\"kpi-label\">\(label)</p>"),
            let value = page[start.upperBound...].range(of: "<p class=\"kpi-value\">"),
            let end = page[value.upperBound...].range(of: "</p>")
        else { return nil }
        let text = String(page[value.upperBound..<end.lowerBound])
        return text.replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
    }

    /// The rows of the first data table after `marker`: each row's cells as text, tags removed.
    static func tableRows(after marker: String, in page: String) -> [[String]] {
        guard let start = page.range(of: marker),
            let body = page[start.upperBound...].range(of: "<tbody>"),
            let end = page[body.upperBound...].range(of: "</tbody>")
        else { return [] }
        let cell = try? NSRegularExpression(pattern: #"<t[hd][^>]*>(.*?)</t[hd]>"#)
        return page[body.upperBound..<end.lowerBound].components(separatedBy: "<tr>").dropFirst().map { row in
            let range = NSRange(row.startIndex..., in: row)
            return (cell?.matches(in: row, range: range) ?? []).compactMap { match in
                Range(match.range(at: 1), in: row).map {
                    row[$0].replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
        }
    }

    @Test("the example builds with no errors or warnings")
    func builds() {
        #expect(Self.result.messages == [])
        for path in [
            "index.html", "films/index.html", "films/the-last-projectionist/index.html", "members/anders-bakker/index.html",
            "seasons/harbour-lights-s1/index.html", "episodes/harbour-lights-s1e01/index.html", "people/index.html",
            "reviews/index.html", "reports/rankings/index.html", "reports/statistics/index.html",
            "films/genres/documentary/index.html", "films/sort/newest/index.html"
        ] {
            #expect(Self.result.text(path) != nil, "\(path) missing")
        }
    }

    /// the-last-projectionist in ratings.csv: 15 ratings, 3.5 ×1, 4 ×4, 4.5 ×4, 5 ×6; mean 67.5 / 15 = 4.5.
    @Test("a title page shows its histogram per half star, the number of ratings and their mean")
    func histogram() throws {
        let page = try #require(Self.result.text("films/the-last-projectionist/index.html"))
        #expect(Self.kpi("Ratings", in: page) == "15")
        #expect(Self.kpi("Mean rating", in: page) == "4.5 out of 5")
        let rows = Self.tableRows(after: "Ratings of The Last Projectionist", in: page)
        #expect(rows.map(\.first) == ["0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5"])
        #expect(rows.map(\.last) == ["0", "0", "0", "0", "0", "0", "1", "4", "4", "6"])
    }

    /// anders-bakker in watched.csv: 31 films; runtimes from films.csv sum to 3,007 minutes plus 4 films
    /// with no runtime (ice-road-north, sparrows, the-night-ferry, whispers-in-the-archive) at 120 each:
    /// 3,487 minutes = 58.1 hours, rounded to 58 = 2 days, 10 hours.
    @Test("a member page shows the films watched and the watching time in days and hours")
    func member() throws {
        let page = try #require(Self.result.text("members/anders-bakker/index.html"))
        #expect(Self.kpi("Films watched", in: page) == "31")
        #expect(Self.kpi("Watching time", in: page) == "2 days, 10 hours")
        #expect(page.contains("How Anders Bakker rates"))
        #expect(page.contains("<a href=\"/films/the-night-ferry/\">The Night Ferry</a>"))
    }

    /// seasons.csv / episodes.csv: Harbour Lights season 1 has 9 episodes, the first "Pilot" on 7 March 2016.
    @Test("a season page lists its episodes in order")
    func season() throws {
        let page = try #require(Self.result.text("seasons/harbour-lights-s1/index.html"))
        #expect(page.contains("<a href=\"/films/harbour-lights/\">Harbour Lights</a>"))
        let episodes = page.components(separatedBy: "href=\"/episodes/harbour-lights-s1e").dropFirst().map { $0.prefix(2) }
        #expect(episodes == ["01", "02", "03", "04", "05", "06", "07", "08", "09"])
        #expect(page.contains("<a href=\"/episodes/harbour-lights-s1e01/\">Pilot</a>"))
        #expect(page.contains("March 7, 2016"))
        #expect(!page.contains("harbour-lights-s2e"))
    }

    /// Mean rating per film over ratings.csv: the-last-projectionist 4.5 (15 ratings), then
    /// beneath-the-linden-trees 4.36 (18 ratings).
    @Test("the ranking starts with the best-rated title, by name and linked")
    func ranking() throws {
        let page = try #require(Self.result.text("reports/rankings/index.html"))
        let rows = Self.tableRows(after: "Top 10 titles by mean rating", in: page)
        #expect(rows.count == 10)
        #expect(rows.first == ["The Last Projectionist", "4.5"])
        #expect(rows.dropFirst().first?.first == "Beneath the Linden Trees")
        #expect(page.contains("<a href=\"/films/the-last-projectionist/\">The Last Projectionist</a>"))
    }

    /// films.csv: four titles have the genre Documentary.
    @Test("a genre page lists the titles of that genre")
    func genre() throws {
        let page = try #require(Self.result.text("films/genres/documentary/index.html"))
        let titles = page.components(separatedBy: "<span class=\"film-card-title\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(titles == ["A Field Guide to Foxes", "Ice Road North", "The Tide Tables", "Wild Coasts"])
    }

    /// reviews.csv: hollow-creek has none; beneath-the-linden-trees has several, listed newest first.
    @Test("title pages list their reviews newest first, or say there are none")
    func reviews() throws {
        let none = try #require(Self.result.text("films/hollow-creek/index.html"))
        #expect(none.contains("No reviews yet."))
        let page = try #require(Self.result.text("films/beneath-the-linden-trees/index.html"))
        let dates = page.components(separatedBy: "<article class=\"review\">").dropFirst().compactMap { review in
            review.components(separatedBy: "<time datetime=\"").dropFirst().first.map { String($0.prefix(10)) }
        }
        #expect(dates.count >= 2)
        #expect(dates == dates.sorted(by: >))
    }

    @Test("a review naming a film that is not in the catalogue is an error at its cell")
    func unknownFilm() throws {
        let result = try Self.buildCopy(changing: "catalogs/reviews.csv") { text in
            text.replacingOccurrences(
                of: ",beneath-the-linden-trees,Beneath the Linden Trees,", with: ",beneath-the-linden-tree,Beneath the Linden Trees,")
        }
        #expect(!result.succeeded)
        #expect(
            result.messages.contains {
                $0.contains("Content/catalogs/reviews.csv:") && $0.contains("unknown films key 'beneath-the-linden-tree'")
                    && $0.contains("did you mean 'beneath-the-linden-trees'?")
            })
    }
}
