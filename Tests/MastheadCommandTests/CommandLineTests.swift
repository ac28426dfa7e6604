import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

@Suite("masthead build, as a user runs it")
struct CommandLineTests {
    func run(_ arguments: [String]) throws -> MastheadCommand.Run {
        try MastheadCommand.run(arguments)
    }

    @Test("a good site builds into SITE/public with a summary")
    func builds() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        let run = try run(["build", "--site", site.root.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("Built 1 home, 1 article, "))
        #expect(run.output.contains("Wrote "))
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("public/articles/a/index.html").path))
    }

    @Test("errors print as path:line:column, exit 1, and leave the previous output alone")
    func errorsKeepOutput() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        #expect(try run(["build", "--site", site.root.path]).status == 0)
        let before = try Data(contentsOf: site.root.appendingPathComponent("public/articles/a/index.html"))
        try site.article("a.md", "title: A changed\ndate: 2026-01-01\ncategory: coffee-culture")
        try site.article("b.md", "title: B\ndate: someday\ncategory: coffee-culture")
        try site.article("c.md", "title: C\ndate: 2026-01-01\ncategory: nowhere")
        let run = try run(["build", "--site", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("Content/articles/b.md:3:7: error: date:"))
        #expect(run.errors.contains("Content/articles/c.md:4:11: error: category: unknown category 'nowhere'"))
        #expect(run.errors.contains("build failed: 2 errors"))
        let after = try Data(contentsOf: site.root.appendingPathComponent("public/articles/a/index.html"))
        #expect(before == after)
    }

    @Test("wrong usage exits 2")
    func usage() throws {
        #expect(try run(["build", "--no-such-option"]).status == 2)
        let site = try TestSite()
        let run = try run(["build", "--site", site.root.path, "--output", site.root.path])
        #expect(run.status == 2)
        #expect(run.errors.contains("refusing to replace"))
    }

    @Test("--base-url replaces the configured one, and --output chooses the folder")
    func baseURLAndOutput() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        let output = site.root.appendingPathComponent("elsewhere")
        let run = try run(["build", "--site", site.root.path, "--output", output.path, "--base-url", "https://preview.example.net/x/"])
        #expect(run.status == 0, "\(run.errors)")
        let feed = try String(contentsOf: output.appendingPathComponent("feed.xml"), encoding: .utf8)
        #expect(feed.contains("<id>https://preview.example.net/x/articles/a/</id>"))
    }
}
