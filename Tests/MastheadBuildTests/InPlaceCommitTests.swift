import Foundation
import MastheadContent
import MastheadSupport
import MastheadTesting
import Testing

@testable import MastheadBuild

/// A build with the cache puts its new and changed files into the output folder in place
/// (`OutputCommit`): unchanged files are not touched at all, removed pages leave no empty
/// folders, and a commit stopped half-way is finished by the next build.
@Suite("Build cache: changes put in place, with a journal")
struct InPlaceCommitTests {
    let cache = CacheTests()

    func status(_ output: URL, _ path: String) -> FileStatus? {
        FileStatus(path: output.appendingPathComponent(path).path, followingLinks: false)
    }

    func clean(_ site: TestSite) throws -> [String: Data] {
        let folder = site.root.appendingPathComponent("clean-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try cache.build(site, into: folder, useCache: false)
        return try cache.contents(of: folder)
    }

    @Test("an edited article: unchanged files keep inode, modification and change time; the folder is a clean build's")
    func unchangedUntouched() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        let untouched = ["about/index.html", "images/x.svg", ".masthead-output"]
        let before = untouched.map { status(output, $0) }
        #expect(before.allSatisfy { $0 != nil })
        try site.article("c.md", "title: C\ndate: 2026-01-03\ncategory: coffee-culture", body: "Gamma, rewritten.")
        let report = try #require(cache.report(try cache.build(site, into: output)))
        #expect(report.written > 0 && report.unchanged > report.written, "\(report.written) \(report.unchanged)")
        #expect(untouched.map { status(output, $0) } == before, "not linked, not renamed, not rewritten")
        #expect(try cache.contents(of: output) == (try clean(site)))
        #expect(!FileManager.default.fileExists(atPath: output.path + ".masthead-new"))
        #expect(cache.isUpToDate(try cache.build(site, into: output)), "the records are the folder's as the commit left it")
    }

    @Test("a deleted article: its page and its folder go, nothing else")
    func deletedLeavesNoFolder() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        #expect(FileManager.default.fileExists(atPath: output.path + "/articles/c/index.html"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/articles/c.md"))
        let report = try #require(cache.report(try cache.build(site, into: output)))
        #expect(report.removed >= 1)
        #expect(!FileManager.default.fileExists(atPath: output.path + "/articles/c"))
        #expect(try cache.contents(of: output) == (try clean(site)))
    }

    @Test("a published file becomes a folder, and back: each build's output is a clean build's")
    func fileBecomesFolder() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        try site.write("Content/static/notes", "a file")
        _ = try cache.build(site, into: output)
        #expect(status(output, "notes")?.isRegular == true)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/static/notes"))
        try site.write("Content/static/notes/first.txt", "in a folder")
        _ = try cache.build(site, into: output)
        #expect(status(output, "notes")?.isDirectory == true)
        #expect(try cache.contents(of: output) == (try clean(site)))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/static/notes"))
        try site.write("Content/static/notes", "a file again")
        _ = try cache.build(site, into: output)
        #expect(try cache.contents(of: output)["notes"] == Data("a file again".utf8))
        #expect(try cache.contents(of: output) == (try clean(site)))
    }

    @Test("files put in the output, one where the next build needs a folder, one with a newline in its name: removed, with a warning")
    func foreignFileInTheWay() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        try Data("mine".utf8).write(to: output.appendingPathComponent("articles/d"))
        // A name with a newline: the journal keeps one path a line.
        try Data("mine".utf8).write(to: output.appendingPathComponent("odd\nname.txt"))
        try site.article("d.md", "title: D\ndate: 2026-01-04\ncategory: coffee-culture", body: "Delta.")
        guard case .built(let result, _) = try cache.build(site, into: output) else {
            Issue.record("the build did not run")
            return
        }
        let warnings = result.diagnostics.map(\.description).joined(separator: "\n")
        #expect(warnings.contains("removed 2 files masthead build did not write: articles/d, odd"), "\(warnings)")
        #expect(!FileManager.default.fileExists(atPath: output.path + "/odd\nname.txt"))
        #expect(String(decoding: try cache.contents(of: output)["articles/d/index.html"] ?? Data(), as: UTF8.self).contains("Delta."))
        #expect(try cache.contents(of: output) == (try clean(site)))
    }

    @Test("the output folder removed while the build ran: the commit fails rather than put a site without its unchanged files in place")
    func outputRemovedDuringTheBuild() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output, now: "2026-11-23T10:00:00Z")
        let previous = try #require(BuildCache(siteFolder: SiteFolder(site.root), output: output).loadManifest()).outputs
        let staging = try OutputWriter.Staging(output: output, siteFolder: SiteFolder(site.root), previous: previous)
        try staging.add(site.build().files)
        try FileManager.default.removeItem(at: output)
        #expect(throws: OutputWriter.Failure.self) { try staging.commit() }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(!FileManager.default.fileExists(atPath: output.path + ".masthead-new"))
    }

    @Test("a commit stopped half-way: the next build finishes it, then puts right what differs from its own site")
    func stoppedCommitFinished() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        // What a build killed during its commit leaves: a journal naming a page to remove, a staged page not yet moved.
        let staging = output.path + ".masthead-new"
        try FileManager.default.createDirectory(atPath: staging + "/articles/new", withIntermediateDirectories: true)
        try Data("staged".utf8).write(to: URL(fileURLWithPath: staging + "/articles/new/index.html"))
        try Data("masthead-commit 1\narticles/c/index.html".utf8).write(to: URL(fileURLWithPath: staging + "/.masthead-commit"))

        try OutputCommit.finishInterrupted(target: output.path)
        #expect(!FileManager.default.fileExists(atPath: staging))
        #expect(!FileManager.default.fileExists(atPath: output.path + "/articles/c"))
        #expect(try cache.contents(of: output)["articles/new/index.html"] == Data("staged".utf8))

        // Stopped again, and this time the next `masthead build` finds it.
        try FileManager.default.createDirectory(atPath: staging + "/articles/other", withIntermediateDirectories: true)
        try Data("staged".utf8).write(to: URL(fileURLWithPath: staging + "/articles/other/index.html"))
        try Data("masthead-commit 1\n".utf8).write(to: URL(fileURLWithPath: staging + "/.masthead-commit"))
        guard case .built(let result, _) = try cache.build(site, into: output) else {
            Issue.record("the build did not run")
            return
        }
        let warnings = result.diagnostics.map(\.description).joined(separator: "\n")
        #expect(warnings.contains("removed 2 files masthead build did not write: articles/new/index.html, articles/other/index.html"), "\(warnings)")
        #expect(!FileManager.default.fileExists(atPath: staging))
        #expect(try cache.contents(of: output) == (try clean(site)))
    }

    @Test("a folder named like the staging folder with a file called like the journal, but not one, is still refused")
    func foreignJournalRefused() throws {
        let site = try cache.sampleSite()
        let output = site.root.appendingPathComponent("public")
        _ = try cache.build(site, into: output)
        try FileManager.default.createDirectory(atPath: output.path + ".masthead-new", withIntermediateDirectories: true)
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: output.path + ".masthead-new/.masthead-commit"))
        let run = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(run.status == 2)
        #expect(run.errors.contains("refusing to use \(output.path).masthead-new while writing \(output.path)"), "\(run.errors)")
        #expect(FileManager.default.fileExists(atPath: output.path + ".masthead-new/.masthead-commit"))
    }
}
