import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// Blocks in articles and report pages, end to end: what the reader sees and what the
/// editor is told when a block is wrong.
@Suite("Reports: blocks, pages and errors")
struct ReportBlockTests {
    static let stats = """
        date,member,event,points
        2026-09-05,a,code,10
        2026-09-20,b,code,20
        2026-10-02,a,redemption,-50
        2026-10-15,c,code,30

        """

    func site(config: String = TestSite.minimalConfig) throws -> TestSite {
        var templates = TestSite.minimalTemplates
        templates["report"] = "{{<base}}{{$main}}<h1 class=\"report\">{{title}}</h1>{{{content}}}{{/main}}{{/base}}"
        let site = try TestSite(config: config, templates: templates)
        try site.write("Content/stats/events.csv", Self.stats)
        return site
    }

    /// An article whose body is `body`; its first body line is line 6 of the file.
    func article(_ site: TestSite, _ body: String) throws {
        try site.article("a.md", "title: Figures\ndate: 2026-11-01\ncategory: coffee-culture", body: body)
    }

    @Test("a chart block in an article becomes a figure with SVG, a description and a data table")
    func chartInArticle() throws {
        let site = try site()
        try article(
            site,
            """
            Before the chart.

            ```chart
            type: bar
            title: Points per month
            source: stats/events.csv
            x: { field: date, bucket: month }
            y: { sum: points }
            ```

            After the chart.
            """)
        let result = site.build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let page = try #require(result.text("articles/a/index.html"))
        #expect(page.contains("<figure class=\"chart chart-bar\""))
        #expect(page.contains("<desc id=") && page.contains("highest Sep 2026 (30), lowest Oct 2026 (−20), total 10."))
        #expect(page.contains("<tr><th scope=\"row\">Oct 2026</th><td>−20</td></tr>"))
        #expect(page.contains("Before the chart.") && page.contains("After the chart."))
        #expect(!page.contains("<code"))
    }

    @Test("a kpi block shows the latest period and its change with an arrow, a sign and a percentage")
    func kpi() throws {
        let site = try site()
        try article(
            site,
            """
            ```kpi
            title: Codes registered
            source: stats/events.csv
            where: { event: code }
            x: { field: date, bucket: month }
            y: { count: true }
            unit: codes
            ```
            """)
        let page = try #require(site.build().text("articles/a/index.html"))
        #expect(page.contains("<p class=\"kpi-label\">Codes registered</p>"))
        #expect(page.contains("<p class=\"kpi-value\">1 <span class=\"kpi-unit\">codes</span></p>"))
        #expect(page.contains("<p class=\"kpi-period\">Oct 2026</p>"))
        #expect(page.contains("<p class=\"kpi-change kpi-down\"><span aria-hidden=\"true\">▼</span> −50% compared with Sep 2026 (2)</p>"))
    }

    @Test("a table block lists aggregated rows with locale-formatted numbers")
    func table() throws {
        let site = try site()
        try article(
            site,
            """
            ```table
            title: By event
            source: stats/events.csv
            x: { field: event, label: Event }
            y: { sum: points, label: Points }
            sort: -y
            labels: { code: Codes, redemption: Prizes }
            ```
            """)
        let page = try #require(site.build().text("articles/a/index.html"))
        #expect(page.contains("<caption>By event</caption>"))
        #expect(page.contains("<thead><tr><th scope=\"col\">Event</th><th scope=\"col\">Points</th></tr></thead>"))
        #expect(page.contains("<tr><th scope=\"row\">Codes</th><td>60</td></tr>\n<tr><th scope=\"row\">Prizes</th><td>−50</td></tr>"))
    }

    @Test(
        "every error points at its line in the Markdown file",
        arguments: [
            (
                "type: bar\nsource: stats/event.csv\nx: date\n",
                "Content/articles/a.md:10:9: error: source: unknown statistics source 'stats/event.csv'; did you mean 'stats/events.csv'?;"
                    + " name a .csv, .jsonl or .json file under Content/, or a dataset declared in site.yml"
            ),
            (
                "type: bar\nsource: stats/events.csv\nx: { field: dat, bucket: month }\n",
                "Content/articles/a.md:11:13: error: x.field: unknown field 'dat' in stats/events.csv; did you mean 'date'?"
                    + " (fields: date, member, event, points)"
            ),
            (
                "type: bar\nsource: stats/events.csv\nx: date\ny: { sum: event }\n",
                "Content/articles/a.md:12:4: error: y.sum: cannot sum 'event': it holds string values, not numbers (use count or distinct)"
            ),
            (
                "type: bar\nsource: stats/events.csv\nx: { field: date, bucket: monthly }\n",
                "Content/articles/a.md:11:27: error: x.bucket: expected one of day, week, month, quarter, year, got \"monthly\";"
                    + " did you mean 'month'?"
            ),
            (
                "type: bar\nsource: stats/events.csv\nx: { field: event, bucket: month }\n",
                "Content/articles/a.md:11:13: error: x.bucket: 'event' holds string values; bucket: month needs a date field"
            ),
            (
                "type: pie\nsource: stats/events.csv\nx: event\n",
                "Content/articles/a.md:9:7: error: type: unknown chart type 'pie'; did you mean 'line'?"
                    + " (one of bar, hbar, line, area, stacked-bar, grouped-bar, donut, histogram, sparkline, scatter, grid)"
            ),
            (
                "type: bar\nsource: stats/events.csv\nx: event\nwhere: { points: { min: ten } }\n",
                "Content/articles/a.md:12:18: error: where.points: expected an integer, got \"ten\" (the field holds integer values)"
            ),
            (
                "type: bar\nsource: stats/events.csv\nx: [event\n",
                "Content/articles/a.md:12:1: error: YAML syntax: expected ',' or ']' in the list that opens with '[' at line 11"
            ),
            (
                "type: bar\nsource: stats/events.csv\nx: event\nseries: kind\n",
                "Content/articles/a.md:12:9: error: series: unknown field 'kind' in stats/events.csv (fields: date, member, event, points)"
            )
        ])
    func errors(yaml: String, expected: String) throws {
        let site = try site()
        try article(site, "Intro.\n\n```chart\n\(yaml)```\n")
        let result = site.build()
        #expect(!result.succeeded)
        #expect(result.messages.contains(expected), "\(result.messages)")
    }

    @Test("an unknown block key is a warning with a suggestion, at its line")
    func unknownKey() throws {
        let site = try site()
        try article(site, "```chart\ntype: bar\nsource: stats/events.csv\nx: event\ntitel: Oops\n```\n")
        #expect(site.build().messages == ["Content/articles/a.md:10:1: warning: unknown chart key 'titel'; did you mean 'title'?"])
    }

    @Test("a bad value deep in a data file is an error at its row")
    func badDataRow() throws {
        let site = try site()
        try site.write("Content/stats/broken.csv", "date,points\n2026-01-01,5\n2026-01-02,five\n")
        try article(site, "```chart\ntype: bar\nsource: stats/broken.csv\nx: date\ny: { sum: points }\n```\n")
        let messages = site.build().messages
        // Inference sees "five" too, so the column is text and summing it is the error.
        #expect(
            messages == ["Content/articles/a.md:10:4: error: y.sum: cannot sum 'points': it holds string values, not numbers (use count or distinct)"]
        )
        let declared = try self.site(
            config: TestSite.minimalConfig + "\ndatasets:\n  broken: { file: stats/broken.csv, schema: { points: integer } }\n")
        try declared.write("Content/stats/broken.csv", "date,points\n2026-01-01,5\n2026-01-02,five\n")
        try article(declared, "```chart\ntype: bar\nsource: broken\nx: date\ny: { sum: points }\n```\n")
        #expect(
            declared.build().messages == [
                "Content/stats/broken.csv:3:2: error: points: expected an integer, got \"five\" (the column holds integer values)"
            ])
    }

    @Test("a document whose front matter is wrong still has its blocks checked: every problem in one run")
    func blockProblemsBesideFrontMatterProblems() throws {
        let site = try site()
        try site.article(
            "a.md", "title: Figures\ncategory: coffee-culture",
            body: "```chart\ntype: bar\nsource: stats/events.csv\nx: dte\ny: { sum: points }\n```\n\n```kpi\nsource: [\n```\n")
        let messages = site.build().messages
        #expect(messages.contains { $0.hasPrefix("Content/articles/a.md:") && $0.contains("date") && $0.contains("required") })
        #expect(messages.contains { $0.hasPrefix("Content/articles/a.md:") && $0.contains("error: x.field: unknown field 'dte'") })
        #expect(messages.contains { $0.hasPrefix("Content/articles/a.md:") && $0.contains("error: YAML syntax") })
    }

    @Test("report pages live at /reports/<slug>/ with the report template, and are in the sitemap")
    func reportPages() throws {
        let site = try site()
        try article(site, "Text.")
        try site.write(
            "Content/reports/october.md",
            "---\ntitle: October report\ndate: 2026-11-01\n---\n```chart\ntype: donut\ntitle: Mix\nsource: stats/events.csv\nx: event\n```\n")
        let result = site.build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let page = try #require(result.text("reports/october/index.html"))
        #expect(page.contains("<h1 class=\"report\">October report</h1>"))
        #expect(page.contains("data-angle="))
        #expect(try #require(result.text("sitemap.xml")).contains("<loc>https://example.org/reports/october/</loc>"))
    }

    @Test("named charts from site.yml are available to every template as charts.NAME")
    func namedCharts() throws {
        var templates = TestSite.minimalTemplates
        templates["home"] = "{{<base}}{{$main}}<div class=\"home-chart\">{{{charts.monthly}}}</div>{{/main}}{{/base}}"
        let config =
            TestSite.minimalConfig
            + "\ncharts:\n  monthly:\n    type: line\n    title: Points by month\n    source: stats/events.csv\n"
            + "    x: { field: date, bucket: month }\n    y: { sum: points }\n"
        let site = try TestSite(config: config, templates: templates)
        try site.write("Content/stats/events.csv", Self.stats)
        let result = site.build()
        #expect(result.diagnostics.isEmpty, "\(result.messages)")
        let home = try #require(result.text("index.html"))
        #expect(home.contains("<div class=\"home-chart\"><figure class=\"chart chart-line\" id=\"chart-monthly\">"))
    }

    @Test("a named chart's error points at its line in site.yml")
    func namedChartError() throws {
        let config =
            TestSite.minimalConfig + "\ncharts:\n  monthly:\n    type: line\n    source: stats/events.csv\n    x: { field: dte, bucket: month }\n"
        let site = try TestSite(config: config)
        try site.write("Content/stats/events.csv", Self.stats)
        #expect(
            site.build().messages.contains(
                "Content/site.yml:14:17: error: x.field: unknown field 'dte' in stats/events.csv; did you mean 'date'?"
                    + " (fields: date, member, event, points)"
            ))
    }
}

@Suite("Reports: member statements")
struct ReportStatementTests {
    static let config =
        TestSite.minimalConfig + """

            statements:
              enabled: true
              members: stats/members.csv
              activities: stats/events.csv
              redemptions: stats/redemptions.csv
              labels: { code: Code registered }
            """

    func site(config: String = ReportStatementTests.config) throws -> TestSite {
        var templates = TestSite.minimalTemplates
        templates["statement"] =
            "{{<base}}{{$main}}<meta name=\"robots\" content=\"noindex\"><h1>{{statement.id}}: {{statement.balance}}</h1>"
            + "{{#statement.activities}}<li>{{date}} {{event}} {{points}}</li>{{/statement.activities}}"
            + "{{#statement.redemptions}}<p>{{title}}</p>{{/statement.redemptions}}{{/main}}{{/base}}"
        let site = try TestSite(config: config, templates: templates)
        try site.write("Content/stats/members.csv", "id,balance\na,10\nb,20\n")
        try site.write(
            "Content/stats/events.csv",
            "date,member,event,points\n2026-09-05,a,code,10\n2026-09-20,a,questionnaire,0\n2026-10-02,a,redemption,-50\n2026-10-15,b,code,20\n")
        try site.write("Content/stats/redemptions.csv", "date,member,title,points\n2026-10-02,a,Moka,50\n")
        try site.article("x.md", "title: X\ndate: 2026-11-01\ncategory: coffee-culture")
        return site
    }

    @Test("when enabled, each member gets a noindex page: newest first, zero-point events hidden; never in the sitemap")
    func statements() throws {
        let result = try site().build()
        #expect(result.diagnostics.errors.isEmpty, "\(result.messages)")
        let page = try #require(result.text("members/a/index.html"))
        #expect(page.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(page.contains("<h1>a: 10</h1>"))
        #expect(page.contains("<li>October 2, 2026 redemption −50</li><li>September 5, 2026 Code registered +10</li>"))
        #expect(!page.contains("questionnaire"))
        #expect(page.contains("<p>Moka</p>"))
        #expect(result.paths.contains("members/b/index.html"))
        #expect(!(try #require(result.text("sitemap.xml"))).contains("members"))
        #expect(!result.files.compactMap { $0.path.hasSuffix(".html") ? result.text($0.path) : nil }.contains { $0.contains("href=\"/members/") })
    }

    @Test("event kinds are shown by their names under labels:, and one warning names the kinds without one")
    func labels() throws {
        let unlabelled = try site().build()
        let warning =
            "warning: statements: the event kind 'redemption' has no name under statements.labels and is shown as it is; "
            + "add labels: { redemption: ... }"
        #expect(unlabelled.messages.count == 1 && unlabelled.messages[0].hasPrefix("Content/site.yml:"), "\(unlabelled.messages)")
        #expect(unlabelled.messages.first?.hasSuffix(warning) == true, "\(unlabelled.messages)")
        let config = Self.config.replacingOccurrences(
            of: "labels: { code: Code registered }", with: "labels: { code: Code registered, redemption: Prize requested }")
        let labelled = try site(config: config).build()
        #expect(labelled.messages == [])
        let page = try #require(labelled.text("members/a/index.html"))
        #expect(page.contains("<li>October 2, 2026 Prize requested −50</li><li>September 5, 2026 Code registered +10</li>"))
        #expect(!page.contains(">redemption<") && !page.contains(" code "))
    }

    @Test("statements are off by default")
    func offByDefault() throws {
        let result = try site(config: TestSite.minimalConfig).build()
        #expect(!result.paths.contains { $0.hasPrefix("members/") })
    }
}
