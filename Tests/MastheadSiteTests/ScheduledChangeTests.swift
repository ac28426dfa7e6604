import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSite
@testable import MastheadSupport

@Suite("Scheduled changes: what changes the site by itself, named by masthead status")
struct ScheduledChangeTests {
    static func day(_ text: String) -> Date { ContentDate.parse(text, timeZone: TimeZone(identifier: "UTC")!)! }

    @Test("a site with no catalog and one article ten days ahead: status names that article and its time, not midnight")
    func articleTenDaysAhead() throws {
        let site = try TestSite()
        try site.article("now.md", "title: Today\ndate: 2026-01-01\ncategory: coffee-culture")
        // The command reads the real clock: a date far ahead of it.
        try site.article("later.md", "title: The Centenary\ndate: 2099-06-10T08:30:00Z\ncategory: coffee-culture")
        try site.article("gone.md", "title: Summer Offer\ndate: 2026-01-01\nexpiryDate: 2099-09-01\ncategory: coffee-culture")
        let build = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(build.status == 0, "\(build.errors)")
        let status = try MastheadCommand.run(["status", "--site", site.root.path])
        #expect(status.status == 0, "\(status.errors)")
        #expect(
            status.output.contains(
                "Next change: 2099-06-10T08:30:00Z Content/articles/later.md: 'The Centenary' is published: rebuild and deploy then\n"
                    + "Then: 2099-09-01T00:00:00Z Content/articles/gone.md: 'Summer Offer' expires\n"),
            "\(status.output)")
        #expect(!status.output.contains("midnight"))
        let json = try MastheadCommand.run(["status", "--site", site.root.path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["nextChange"] as? String == "2099-06-10T08:30:00Z")
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.map { $0["kind"] as? String } == ["publish", "expiry"])
        #expect(changes.map { $0["file"] as? String } == ["Content/articles/later.md", "Content/articles/gone.md"])
    }

    @Test("nothing scheduled: status says so, and the build cache stays valid past midnight")
    func nothingScheduled() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        let output = site.root.appendingPathComponent("public")
        var options = site.options(now: "2026-11-23T22:00:00Z")
        _ = try CachedBuild.run(options, output: output, useCache: true)
        options.now = Self.day("2026-11-30T09:00:00Z")
        let later = try CachedBuild.run(options, output: output, useCache: true)
        guard case .upToDate = later else {
            Issue.record("a week later the site was built again with nothing scheduled")
            return
        }
        let status = try MastheadCommand.run(["status", "--site", site.root.path])
        #expect(status.output.contains("Nothing scheduled: the site changes only when its files do"), "\(status.output)")
        let json = try MastheadCommand.run(["status", "--site", site.root.path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["nextChange"] == nil && (object["changes"] as? [Any])?.isEmpty == true)
    }

    @Test("a catalog whose featured item rotates weekly changes at the midnight that starts the next week, in the site's time zone")
    func weeklyRotation() throws {
        let site = try TestSite(
            config: TestSite.minimalConfig.replacingOccurrences(of: "language: en", with: "language: en\ntimezone: Europe/Rome") + """

                catalogs:
                  prizes:
                    file: catalogs/prizes.csv
                    key: key
                    featured: { rotate: weekly }
                """,
            templates: TestSite.minimalTemplates.merging([
                "catalog-index": "{{<base}}{{$main}}{{#items}}<p>{{title}}</p>{{/items}}{{/main}}{{/base}}",
                "catalog-item": "{{<base}}{{$main}}<h1>{{item.title}}</h1>{{/main}}{{/base}}"
            ]) { _, new in new })
        try site.write("Content/catalogs/prizes.csv", "key,title\nmug,Mug\nbag,Bag\n")
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        // Wednesday 25 November 2026: the next week starts on Monday 30 at midnight in Rome (23:00 UTC on the 29th).
        let result = site.build(now: "2026-11-25T10:00:00Z")
        #expect(result.messages == [])
        #expect(result.scheduledChanges.map(\.kind) == [.rotation])
        #expect(result.scheduledChanges.first?.date == Self.day("2026-11-29T23:00:00Z"))
        #expect(result.scheduledChanges.first?.description == "Content/catalogs/prizes.csv: catalog 'prizes' features its next item")
    }

    @Test("the manifest keeps the scheduled changes, read back as written")
    func manifestRoundTrip() throws {
        var manifest = BuildManifest(key: "k")
        manifest.scheduledChanges = [
            ScheduledChange(date: Self.day("2099-06-10T08:30:00Z"), kind: .publish, file: "Content/articles/a b.md", subject: "Caffè \"forte\""),
            ScheduledChange(date: Self.day("2099-07-01"), kind: .catalogEnd, file: "Content/catalogs/m.csv", line: 4, subject: "m 'x'")
        ]
        #expect(BuildManifest.parse(manifest.serialized())?.scheduledChanges == manifest.scheduledChanges)
    }
}
