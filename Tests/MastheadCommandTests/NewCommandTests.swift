import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

@Suite("masthead new and --version, as a user runs them")
struct NewCommandTests {
    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("--version prints the name, the version and the commit")
    func version() throws {
        let run = try MastheadCommand.run(["--version"])
        #expect(run.status == 0)
        let words = run.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
        #expect(words.first == "masthead")
        #expect(words.dropFirst().first?.split(separator: ".").count == 3)
        // The commit checked out, as git names it, when git is there (the binary is built without it).
        let git = Process()
        let pipe = Pipe()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", repositoryRoot.path, "rev-parse", "--short=12", "HEAD"]
        git.standardOutput = pipe
        git.standardError = FileHandle.nullDevice
        try git.run()
        let head = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        if git.terminationStatus == 0 {
            #expect(words.suffix(2) == ["(commit", head.trimmingCharacters(in: .whitespacesAndNewlines) + ")"], "\(run.output)")
        }
    }

    /// One site at a time: each case runs three processes over a whole site.
    @Test(
        "new site, then build and check pass", .serialized,
        arguments: [nil, "beach-club", "film-club", "personal-budget", "student-housing"])
    func newSiteBuilds(example: String?) throws {
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let site = parent.appendingPathComponent("site")
        let created = try MastheadCommand.run(["new", "site", site.path] + (example.map { ["--example", $0] } ?? []))
        #expect(created.status == 0, "\(created.errors)")
        #expect(created.output.contains("Wrote a new site"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("screenshot.png").path))
        let build = try MastheadCommand.run(["build", "--site", site.path])
        #expect(build.status == 0, "\(build.errors)")
        let check = try MastheadCommand.run(["check", "--site", site.path])
        #expect(check.status == 0, "\(check.errors)")
        #expect(check.output.contains(": 0 errors, 0 warnings"), "\(check.errors)")
        if example == nil {
            // The starter: three articles, a catalog and a report, in the default theme.
            #expect(build.output.contains("3 article"))
            let output = site.appendingPathComponent("public")
            for page in ["stores/index.html", "reports/numeri/index.html", "articles/tiramisu/index.html", "css/site.css"] {
                #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(page).path), "\(page)")
            }
        }
    }

    @Test("new site refuses a folder that is not empty, and an unknown example")
    func newSiteRefuses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let run = try MastheadCommand.run(["new", "site", folder.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("error: \(folder.path) already exists and is not empty; name a new folder"))
        #expect(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        let unknown = try MastheadCommand.run(["new", "site", folder.appendingPathComponent("x").path, "--example", "film-clu"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("--example: no example named 'film-clu'; did you mean 'film-club'?"))
    }

    @Test("new article: the slug names the file, the date is now in the site's time zone, the front matter parses")
    func newArticle() throws {
        let site = try TestSite(config: TestSite.minimalConfig + "\ntimezone: Pacific/Kiritimati\n")
        let before = Date()
        let run = try MastheadCommand.run(
            ["new", "article", "Caffè: il \"vero\" #1", "--category", "Coffee Culture", "--tags", "moka, ricette", "--site", site.root.path])
        let after = Date()
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "Content/articles/caffe-il-vero-1.md\n")
        let text = try #require(site.text(of: "Content/articles/caffe-il-vero-1.md"))
        // Kiritimati is UTC+14: the date written is the local one, with its offset.
        let zone = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let dateLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("date: ") })
        #expect(dateLine.hasSuffix("+14:00"))
        #expect([before, after].map { "date: " + formatter.string(from: $0) }.contains { dateLine.hasPrefix($0) }, "\(dateLine)")
        #expect(text.contains("category: coffee-culture\n"))
        #expect(text.contains("tags: [\"moka\", \"ricette\"]\n"))
        #expect(text.contains("draft: true\n"))
        // It parses: a draft, built with --drafts, titled as typed.
        let built = site.build(drafts: true, now: "2100-01-01")
        #expect(!built.diagnostics.hasErrors, "\(built.messages)")
        #expect(built.text("articles/caffe-il-vero-1/index.html")?.contains("<h1>Caffè: il &quot;vero&quot; #1</h1>") == true)
        #expect(site.build().text("articles/caffe-il-vero-1/index.html") == nil)
    }

    @Test("new page and new report write into their folders")
    func newPageAndReport() throws {
        let site = try TestSite()
        let page = try MastheadCommand.run(["new", "page", "Chi siamo", "--site", site.root.path])
        #expect(page.output == "Content/pages/chi-siamo.md\n")
        let report = try MastheadCommand.run(["new", "report", "Vendite 2026", "--site", site.root.path])
        #expect(report.output == "Content/reports/vendite-2026.md\n")
        #expect(site.text(of: "Content/reports/vendite-2026.md")?.contains("title: \"Vendite 2026\"") == true)
    }

    @Test("new article refuses a title with no slug, an unknown category and an existing file")
    func newArticleRefuses() throws {
        let site = try TestSite()
        let empty = try MastheadCommand.run(["new", "article", "¿!?", "--category", "coffee-culture", "--site", site.root.path])
        #expect(empty.status == 2)
        #expect(empty.errors.contains("the title \"¿!?\" has no letters or digits to name the file and its URL after"))
        let unknown = try MastheadCommand.run(["new", "article", "Moka", "--category", "cofee-culture", "--site", site.root.path])
        #expect(unknown.status == 2)
        #expect(
            unknown.errors.contains(
                "--category: unknown category 'cofee-culture'; did you mean 'coffee-culture'? "
                    + "(declared in Content/site.yml: coffee-culture, inspiring-cooking)"))
        try site.article("moka.md", "title: Mine\ndate: 2026-01-01\ncategory: coffee-culture")
        let exists = try MastheadCommand.run(["new", "article", "Moka", "--category", "coffee-culture", "--site", site.root.path])
        #expect(exists.status == 1)
        #expect(exists.errors.contains("error: Content/articles/moka.md already exists; choose another title, or edit that file"))
        #expect(site.text(of: "Content/articles/moka.md")?.contains("title: Mine") == true)
    }
}

extension TestSite {
    /// A file of the site folder, as text.
    func text(of path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}
