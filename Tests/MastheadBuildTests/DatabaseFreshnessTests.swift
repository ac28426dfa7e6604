import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild

/// A database is an input of the build (issue 40): a changed row builds again, an unchanged
/// database answers "up to date" and writes nothing, for SQLite (its file is fingerprinted)
/// and PostgreSQL (the last build's statements are asked again and their rows compared).
@Suite("Databases are inputs: never a stale number", .serialized)
struct DatabaseFreshnessTests {
    static let block = "```table\nsource: events\nx: kind\ny: { sum: points }\n```"

    static func site(_ dataset: String) throws -> TestSite {
        let site = try ReportFeatureSite.make(config: "timezone: Europe/Rome\ndatasets:\n  events: \(dataset)\n", files: [:])
        try ReportFeatureSite.report(site, block)
        return site
    }

    static func build(_ site: TestSite, _ output: URL, environment: [String: String] = [:]) throws -> CachedBuild.Outcome {
        var options = BuildOptions(siteFolder: SiteFolder(site.root))
        options.environment = environment
        return try CachedBuild.run(options, output: output)
    }

    /// The report page as the output folder has it.
    static func page(_ output: URL) -> String {
        (try? String(contentsOf: output.appendingPathComponent("reports/r/index.html"), encoding: .utf8)) ?? ""
    }

    /// "up to date", "built N written", or the errors.
    static func summary(_ outcome: CachedBuild.Outcome) -> String {
        switch outcome {
        case .upToDate: "up to date"
        case .built(_, let report): "built \(report.written) written"
        case .failed(let result): result.messages.joined(separator: "\n")
        }
    }

    @Test func sqlite() throws {
        let site = try Self.site("{ sqlite: stats/events.sqlite, table: events }")
        let file = site.root.appendingPathComponent("Content/stats/events.sqlite")
        try TestDatabases.sqlite(
            file, ["CREATE TABLE events (kind TEXT, points INTEGER)"], rows: [["code", "111"], ["bonus", "222"]],
            insert: "INSERT INTO events VALUES (?1, ?2)")
        let output = site.root.appendingPathComponent("public")
        #expect(Self.summary(try Self.build(site, output)).hasPrefix("built"))
        #expect(Self.page(output).contains(">111<"))
        #expect(Self.summary(try Self.build(site, output)) == "up to date")

        try TestDatabases.sqlite(file, ["UPDATE events SET points = 333 WHERE kind = 'code'"])
        let outcome = try Self.build(site, output)
        let changed = Self.summary(outcome)
        #expect(changed.hasPrefix("built") && changed != "built 0 written", "\(changed)")
        // Only the database changed: the report is drawn again, the home page and the 404 are kept.
        if case .built(let result, _) = outcome { #expect(result.work.keptPages >= 2, "\(result.work)") }
        #expect(Self.page(output).contains(">333<") && !Self.page(output).contains(">111<"))
        #expect(Self.summary(try Self.build(site, output)) == "up to date")
    }

    @Test func postgres() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let table = TestDatabases.tableName("fresh")
        try TestDatabases.psql(
            url, ["-c", "CREATE TABLE \(table) (kind text, points integer)", "-c", "INSERT INTO \(table) VALUES ('code', 111), ('bonus', 222)"])
        defer { _ = try? TestDatabases.psql(url, ["-c", "DROP TABLE IF EXISTS \(table)"]) }
        let site = try Self.site("{ postgres: { url: env:STATS_URL }, table: \(table) }")
        let output = site.root.appendingPathComponent("public")
        let environment = ["STATS_URL": url]
        #expect(Self.summary(try Self.build(site, output, environment: environment)).hasPrefix("built"))
        #expect(Self.page(output).contains(">111<"))
        // The manifest keeps the statement and a digest of its rows, never the URL.
        let manifest = try #require(BuildCache(siteFolder: SiteFolder(site.root), output: output).loadManifest())
        #expect(manifest.databaseChecks.count == 1)
        #expect(manifest.databaseChecks.first?.variable == "STATS_URL")
        let manifestText = try String(contentsOf: BuildCache(siteFolder: SiteFolder(site.root), output: output).manifestURL, encoding: .utf8)
        #expect(!manifestText.contains(URLComponents(string: url)!.password!))
        #expect(Self.summary(try Self.build(site, output, environment: environment)) == "up to date")

        try TestDatabases.psql(url, ["-c", "UPDATE \(table) SET points = points + 222 WHERE kind = 'code'"])
        let changed = Self.summary(try Self.build(site, output, environment: environment))
        #expect(changed.hasPrefix("built") && changed != "built 0 written", "\(changed)")
        #expect(Self.page(output).contains(">333<") && !Self.page(output).contains(">111<"))
        #expect(Self.summary(try Self.build(site, output, environment: environment)) == "up to date")

        // Another server (another URL in the variable) is another input.
        let other = url + (url.contains("?") ? "&" : "?") + "application_name=other"
        #expect(Self.summary(try Self.build(site, output, environment: ["STATS_URL": other])).hasPrefix("built"))
        #expect(Self.summary(try Self.build(site, output, environment: ["STATS_URL": other])) == "up to date")

        // A server that can no longer answer builds again, and the build says why; the output stays.
        try TestDatabases.psql(url, ["-c", "DROP TABLE \(table)"])
        let failed = Self.summary(try Self.build(site, output, environment: ["STATS_URL": other]))
        #expect(failed.contains("datasets.events: relation \"\(table)\" does not exist"), "\(failed)")
        #expect(Self.page(output).contains(">333<"))
    }

    @Test func theCommandSaysUpToDateAndWritesNothing() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let table = TestDatabases.tableName("cli")
        try TestDatabases.psql(url, ["-c", "CREATE TABLE \(table) (kind text, points integer)", "-c", "INSERT INTO \(table) VALUES ('code', 5)"])
        defer { _ = try? TestDatabases.psql(url, ["-c", "DROP TABLE IF EXISTS \(table)"]) }
        let site = try Self.site("{ postgres: { url: env:STATS_URL }, table: \(table) }")
        let output = site.root.appendingPathComponent("public")
        let arguments = ["build", "--site", site.root.path, "--output", output.path]
        #expect(try MastheadCommand.run(arguments, environment: ["STATS_URL": url]).status == 0)
        let page = output.appendingPathComponent("reports/r/index.html")
        let written = try FileManager.default.attributesOfItem(atPath: page.path)[.modificationDate] as? Date
        let again = try MastheadCommand.run(arguments, environment: ["STATS_URL": url])
        #expect(again.status == 0)
        #expect(again.output.contains("Nothing changed since the last build"), "\(again.output)\(again.errors)")
        #expect(try FileManager.default.attributesOfItem(atPath: page.path)[.modificationDate] as? Date == written)
        try TestDatabases.psql(url, ["-c", "UPDATE \(table) SET points = 7"])
        let changed = try MastheadCommand.run(arguments + ["--verbose"], environment: ["STATS_URL": url])
        #expect(!changed.output.contains("Nothing changed"))
        #expect(Self.page(output).contains(">7<"))
        // The statement is sent once: the build takes the rows the check got.
        let statements = (changed.output + changed.errors).split(separator: "\n").filter { $0.hasPrefix("masthead: sql ") }
        #expect(statements.count == 1 && statements.allSatisfy { $0.contains("kept from the last query, 1 rows") }, "\(statements)")
    }

    /// The options of builds with the preview's memory, as `masthead serve` runs them.
    static func preview(_ site: TestSite, url: String) -> (memory: RebuildMemory, options: BuildOptions) {
        let memory = RebuildMemory()
        var options = BuildOptions(siteFolder: SiteFolder(site.root))
        options.environment = ["STATS_URL": url]
        options.memory = memory
        return (memory, options)
    }

    /// Every file under a folder with its bytes, by relative path.
    static func files(_ folder: URL) -> [String: Data] {
        let root = folder.standardizedFileURL.path + "/"
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard let data = try? Data(contentsOf: url), !url.hasDirectoryPath else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(root.count))] = data
        }
        return files
    }

    /// A changed row draws again only the pages reading it; every other page is kept, untouched,
    /// and the output is what a build from nothing gives.
    @Test func aChangedRowDrawsAgainOnlyThePagesReadingIt() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let table = TestDatabases.tableName("redraw")
        try TestDatabases.psql(
            url, ["-c", "CREATE TABLE \(table) (kind text, points integer)", "-c", "INSERT INTO \(table) VALUES ('code', 111), ('bonus', 222)"])
        defer { _ = try? TestDatabases.psql(url, ["-c", "DROP TABLE IF EXISTS \(table)"]) }
        let site = try Self.site("{ postgres: { url: env:STATS_URL }, table: \(table) }")
        try site.article("drawn.md", "title: Drawn\ndate: 2026-11-10\ncategory: inspiring-cooking", body: "Figures:\n\n\(Self.block)")
        for number in 1...8 {
            try site.article("a\(number).md", "title: Article \(number)\ndate: 2026-10-0\(number)\ncategory: coffee-culture")
        }
        let output = site.root.appendingPathComponent("public")
        let arguments = ["build", "--site", site.root.path, "--output", output.path]
        let environment = ["STATS_URL": url]
        #expect(try MastheadCommand.run(arguments, environment: environment).status == 0)
        let untouched = output.appendingPathComponent("articles/a3/index.html")
        let before = try FileManager.default.attributesOfItem(atPath: untouched.path)

        try TestDatabases.psql(url, ["-c", "UPDATE \(table) SET points = 333 WHERE kind = 'code'"])
        let changed = try MastheadCommand.run(arguments, environment: environment)
        #expect(changed.status == 0, "\(changed.errors)")
        // The report, the article, the lists and neighbour showing the article, and the files written by code.
        let line = try #require(changed.output.split(separator: "\n").first { $0.contains("kept from the last build") }, "\(changed.output)")
        let counts = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(counts.count == 2 && counts[0] <= 12 && counts[1] >= 10, "\(line)")
        #expect(Self.page(output).contains(">333<"))
        let article = try String(contentsOf: output.appendingPathComponent("articles/drawn/index.html"), encoding: .utf8)
        #expect(article.contains(">333<") && !article.contains(">111<"))
        // A page not reading the table: the same file, not written again.
        let after = try FileManager.default.attributesOfItem(atPath: untouched.path)
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
        #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date)
        // The same site as a build from nothing.
        let fresh = site.root.appendingPathComponent("fresh")
        #expect(try MastheadCommand.run(arguments.dropLast() + [fresh.path, "--no-cache"], environment: environment).status == 0)
        let (kept, full) = (Self.files(output), Self.files(fresh))
        #expect(kept.count == full.count && kept.count > 20)
        #expect(kept.keys.sorted().filter { kept[$0] != full[$0] } == [])
        #expect(try MastheadCommand.run(arguments, environment: environment).output.contains("Nothing changed since the last build"))
    }

    /// Two tables, each with a `version:`: a day of new events asks again only the statements over
    /// the events; the members' rows are taken as the last build left them, and their page is kept.
    @Test func aVersionAsksAgainOnlyTheTableThatChanged() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let (events, members) = (TestDatabases.tableName("events"), TestDatabases.tableName("members"))
        try TestDatabases.psql(
            url,
            [
                "-c", "CREATE TABLE \(events) (id serial PRIMARY KEY, kind text, points integer)",
                "-c", "INSERT INTO \(events) (kind, points) VALUES ('code', 111), ('bonus', 222)",
                "-c", "CREATE TABLE \(members) (id serial PRIMARY KEY, kind text, points integer)",
                "-c", "INSERT INTO \(members) (kind, points) VALUES ('gold', 5), ('silver', 7)"
            ])
        defer { _ = try? TestDatabases.psql(url, ["-c", "DROP TABLE IF EXISTS \(events), \(members)"]) }
        let config = """
            datasets:
              events: { postgres: { url: env:STATS_URL }, table: \(events), version: "SELECT max(id) FROM \(events)" }
              members: { postgres: { url: env:STATS_URL }, table: \(members), version: "SELECT count(*), max(id) FROM \(members)" }
            """
        let site = try ReportFeatureSite.make(config: config, files: [:])
        try ReportFeatureSite.report(site, Self.block)
        try site.write(
            "Content/reports/m.md",
            "---\ntitle: Members\ndate: 2026-11-01\n---\n" + Self.block.replacingOccurrences(of: "events", with: "members") + "\n")
        let output = site.root.appendingPathComponent("public")
        let arguments = ["build", "--site", site.root.path, "--output", output.path, "--verbose"]
        let environment = ["STATS_URL": url]
        #expect(try MastheadCommand.run(arguments, environment: environment).status == 0)
        let membersPage = output.appendingPathComponent("reports/m/index.html")
        let written = try FileManager.default.attributesOfItem(atPath: membersPage.path)[.modificationDate] as? Date

        // Nothing changed: the two versions are asked, no statement.
        let same = try MastheadCommand.run(arguments, environment: environment)
        #expect(same.output.contains("Nothing changed since the last build"))
        #expect(same.errors.contains("2 versions asked, 0 statements asked again, 2 taken as they were"), "\(same.errors)")

        try TestDatabases.psql(url, ["-c", "INSERT INTO \(events) (kind, points) VALUES ('code', 1000)"])
        let changed = try MastheadCommand.run(arguments, environment: environment)
        #expect(changed.status == 0)
        #expect(changed.errors.contains("2 versions asked, 1 statement asked again, 1 taken as they were"), "\(changed.errors)")
        #expect(Self.page(output).contains(">1,111<") || Self.page(output).contains(">1111<"), "\(Self.page(output))")
        let membersText = try String(contentsOf: membersPage, encoding: .utf8)
        #expect(membersText.contains(">5<") && membersText.contains(">7<"))
        #expect(try FileManager.default.attributesOfItem(atPath: membersPage.path)[.modificationDate] as? Date == written)
        // The build sent no statement of its own: it took the check's rows and the kept ones.
        let sent = (changed.output + changed.errors).split(separator: "\n").filter { $0.hasPrefix("masthead: sql ") }
        #expect(sent.count == 2 && sent.allSatisfy { $0.contains("kept from the last query") }, "\(sent)")
        #expect(try MastheadCommand.run(arguments, environment: environment).output.contains("Nothing changed since the last build"))
    }

    /// In the preview a poll asks the version first: rows it does not see are not asked for (the
    /// version is the site's promise), new ones are.
    @Test func aPollAsksTheVersionFirst() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let table = TestDatabases.tableName("versioned")
        try TestDatabases.psql(
            url,
            [
                "-c", "CREATE TABLE \(table) (id serial PRIMARY KEY, kind text, points integer)", "-c",
                "INSERT INTO \(table) (kind, points) VALUES ('code', 111)"
            ])
        defer { _ = try? TestDatabases.psql(url, ["-c", "DROP TABLE IF EXISTS \(table)"]) }
        let site = try Self.site("{ postgres: { url: env:STATS_URL }, table: \(table), poll: 5, version: \"SELECT max(id) FROM \(table)\" }")
        let (memory, options) = Self.preview(site, url: url)
        // What each poll found changed reaches the next build as the preview's does, in a change set.
        var readers: Set<String> = []
        func page() -> String { Pipeline.run(.changes(Changes(databaseReaders: readers)), options: options).text("reports/r/index.html") ?? "" }
        #expect(page().contains(">111<"))
        // A row changed in place: max(id) does not see it, so the statement is not asked.
        try TestDatabases.psql(url, ["-c", "UPDATE \(table) SET points = 222"])
        readers = memory.databaseResults.poll(now: Date().addingTimeInterval(6))
        #expect(readers.isEmpty)
        #expect(page().contains(">111<"))
        // A new row: the version changes, the statement is asked, the page shows both changes.
        try TestDatabases.psql(url, ["-c", "INSERT INTO \(table) (kind, points) VALUES ('code', 1)"])
        readers = memory.databaseResults.poll(now: Date().addingTimeInterval(12))
        #expect(readers == ["Content/reports/r.md"])
        #expect(page().contains(">223<"))
    }

    @Test func aVersionThatWritesIsRefusedAtItsLine() throws {
        let site = try Self.site("{ sqlite: stats/events.sqlite, table: events, version: \"SELECT load_extension('x')\" }")
        try TestDatabases.sqlite(
            site.root.appendingPathComponent("Content/stats/events.sqlite"), ["CREATE TABLE events (kind TEXT, points INTEGER)"],
            rows: [["code", "1"]],
            insert: "INSERT INTO events VALUES (?1, ?2)")
        let messages = site.build().messages.joined(separator: "\n")
        #expect(messages.contains("datasets.events.version: ") && messages.contains("a version only reads"), "\(messages)")
        #expect(messages.contains("Content/site.yml:"), "\(messages)")
    }

    /// The preview keeps results between builds and asks them again every `poll:` seconds.
    @Test func thePreviewPollsAndRedrawsWhenARowChanged() throws {
        guard let url = TestDatabases.postgresURL() else { return }
        let table = TestDatabases.tableName("poll")
        try TestDatabases.psql(url, ["-c", "CREATE TABLE \(table) (kind text, points integer)", "-c", "INSERT INTO \(table) VALUES ('code', 111)"])
        defer { _ = try? TestDatabases.psql(url, ["-c", "DROP TABLE IF EXISTS \(table)"]) }
        let site = try Self.site("{ postgres: { url: env:STATS_URL }, table: \(table), poll: 5 }")
        let (memory, options) = Self.preview(site, url: url)
        // What each poll found changed reaches the next build as the preview's does, in a change set.
        var readers: Set<String> = []
        func page() -> String { Pipeline.run(.changes(Changes(databaseReaders: readers)), options: options).text("reports/r/index.html") ?? "" }
        #expect(page().contains(">111<"))
        try TestDatabases.psql(url, ["-c", "UPDATE \(table) SET points = 333"])
        // Kept: a rebuild before the poll does not ask the server again.
        #expect(page().contains(">111<"))
        readers = memory.databaseResults.poll(now: Date().addingTimeInterval(1))
        #expect(readers.isEmpty)
        readers = memory.databaseResults.poll(now: Date().addingTimeInterval(6))
        #expect(readers == ["Content/reports/r.md"])
        #expect(page().contains(">333<"))
        readers = memory.databaseResults.poll(now: Date().addingTimeInterval(12))
        #expect(readers.isEmpty)
        // A result that can no longer be asked is forgotten: the next build asks it and says why.
        try TestDatabases.psql(url, ["-c", "DROP TABLE \(table)"])
        readers = memory.databaseResults.poll(now: Date().addingTimeInterval(18))
        #expect(readers == ["Content/reports/r.md"])
        #expect(
            Pipeline.run(.changes(Changes(databaseReaders: readers)), options: options).messages.first?.contains(
                "relation \"\(table)\" does not exist") == true)
    }
}
