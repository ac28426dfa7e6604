import Foundation
import MastheadTesting
import Testing

@testable import MastheadCharts

/// `format: duration`: minutes written as months (of 30 days), days and hours.
@Suite("Reports: duration format")
struct DurationFormatTests {
    // Arguments in minutes: a month is 43,200 (30 days), a day 1,440, an hour 60.

    func text(_ minutes: Double, _ language: String) -> String {
        DurationFormat(format: ChartFormatter(language: language, timeZone: TimeZone(identifier: "UTC")!)).string(minutes: minutes) ?? "(none)"
    }

    @Test(
        "English: parts that are zero are left out, singular forms for one, 0 hours for nothing",
        arguments: [(Double, String)]([
            (90960.0, "2 months, 3 days, 4 hours"),
            (44700.0, "1 month, 1 day, 1 hour"),
            (0.0, "0 hours"),
            (20.0, "0 hours"),
            (45.0, "1 hour"),
            (1440.0, "1 day"),
            (86700.0, "2 months, 5 hours"),
            (604800.0, "14 months")
        ]))
    func english(minutes: Double, expected: String) {
        #expect(text(minutes, "en") == expected)
    }

    @Test(
        "Italian",
        arguments: [(Double, String)]([
            (90960.0, "2 mesi, 3 giorni, 4 ore"),
            (44700.0, "1 mese, 1 giorno, 1 ora"),
            (0.0, "0 ore"),
            (4320.0, "3 giorni")
        ]))
    func italian(minutes: Double, expected: String) {
        #expect(text(minutes, "it") == expected)
    }

    static let watched = """
        member,minutes,date
        anna,120,2026-10-01
        anna,95,2026-10-02
        bruno,1500,2026-10-03
        carla,0,2026-10-04

        """

    @Test("kpi and table blocks write their values as durations")
    func blocks() throws {
        let site = try ReportFeatureSite.make(files: ["Content/stats/watched.csv": Self.watched])
        try ReportFeatureSite.report(
            site,
            """
            ```kpi
            title: Watching time
            source: stats/watched.csv
            y: { sum: minutes }
            format: duration
            ```

            ```table
            source: stats/watched.csv
            x: member
            y: { sum: minutes, label: Time }
            format: duration
            ```
            """)
        let (page, _) = try ReportFeatureSite.page(site)
        // 1,715 minutes: 28.6 hours, 1 day and 5 hours.
        #expect(page.contains("<p class=\"kpi-value\">1 day, 5 hours</p>"), "\(page)")
        #expect(
            ReportFeatureSite.tableRows(page) == [
                "<tr><th scope=\"row\">anna</th><td>4 hours</td></tr>",
                "<tr><th scope=\"row\">bruno</th><td>1 day, 1 hour</td></tr>",
                "<tr><th scope=\"row\">carla</th><td>0 hours</td></tr>"
            ])
    }

    @Test("an unknown format is an error at its line, with a suggestion")
    func unknown() throws {
        let site = try ReportFeatureSite.make(files: ["Content/stats/watched.csv": Self.watched])
        try ReportFeatureSite.report(site, "```kpi\nsource: stats/watched.csv\nformat: durations\n```")
        let (_, result) = try ReportFeatureSite.page(site, expectClean: false)
        #expect(
            result.messages.contains(
                "Content/reports/r.md:7:9: error: format: unknown format 'durations'; did you mean 'duration'? (one of duration, currency)"),
            "\(result.messages)")
    }
}
