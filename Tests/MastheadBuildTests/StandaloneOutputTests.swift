import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// The standalone report goes through the build's rule for `--output` (`OutputRule`): it never
/// replaces a folder or a source, never a file masthead did not write, and a refusal or a
/// failure leaves every file of the site as it was.
@Suite("masthead build --report NAME --standalone: where it may write")
struct StandaloneOutputTests {
    /// A site with one report, `r`.
    func reportSite() throws -> TestSite {
        let site = try TestSite()
        try site.write("Content/reports/r.md", "---\ntitle: R\ndate: 2026-01-01\n---\nText.\n")
        try site.write("Templates/report.mustache", "{{<base}}{{$main}}<h1>{{title}}</h1>{{{content}}}{{/main}}{{/base}}")
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        return site
    }

    /// Every entry under `root`: its kind, and a file's bytes or a link's target.
    func snapshot(_ root: URL) -> [String: String] {
        var entries: [String: String] = [:]
        var stack = [""]
        while let relative = stack.popLast() {
            let folder = relative.isEmpty ? root.path : root.path + "/" + relative
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let child = relative.isEmpty ? name : relative + "/" + name
                let path = root.path + "/" + child
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    entries[child] = "folder"
                    stack.append(child)
                case S_IFREG: entries[child] = "file " + ((try? Data(contentsOf: URL(fileURLWithPath: path)))?.base64EncodedString() ?? "?")
                case S_IFLNK: entries[child] = "link " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")
                default: entries[child] = "other \(info.st_mode)"
                }
            }
        }
        return entries
    }

    func standalone(_ site: TestSite, _ extra: [String]) throws -> MastheadCommand.Run {
        try MastheadCommand.run(["build", "--report", "r", "--standalone"] + extra, in: site.root)
    }

    @Test(
        "--output naming the site folder, a source or a cache is refused, exit 1, and every file of the site is unchanged",
        arguments: [
            (["--output", "."], "refusing to replace"),
            (["--output", "SITE"], "refusing to replace"),
            (["--output", "Content/site.yml"], "refusing to write the report inside"),
            (["--output", "Content/articles/a.md"], "refusing to write the report inside"),
            (["--output", "Templates/base.mustache"], "refusing to write the report inside"),
            (["--output", "Content"], "refusing to replace"),
            (["--output", ".masthead/r.html"], "refusing to write the report in"),
            (["--output", ".git/r.html"], "refusing to write the report in")
        ])
    func refusedTargets(arguments: [String], message: String) throws {
        let site = try reportSite()
        try site.write(".git/HEAD", "ref: refs/heads/main\n")
        try site.write(".masthead/keep", "x")
        let before = snapshot(site.root)
        let resolved = arguments.map { $0 == "SITE" ? site.root.path : $0 }
        for force in [false, true] {
            let run = try standalone(site, resolved + (force ? ["--force"] : []))
            #expect(run.status == 1, "\(resolved) \(run.output)")
            #expect(run.errors.contains(message), "\(run.errors)")
            #expect(!run.output.contains("Wrote the report"))
            #expect(snapshot(site.root) == before, "\(resolved)")
        }
    }

    @Test("a folder beside the site is never replaced, with or without --force")
    func folderTarget() throws {
        let site = try reportSite()
        try site.write("notes/keep.txt", "mine")
        let before = snapshot(site.root)
        for force in [false, true] {
            let run = try standalone(site, ["--output", "notes"] + (force ? ["--force"] : []))
            #expect(run.status == 1)
            #expect(run.errors.contains("it is a folder, not a file masthead wrote"), "\(run.errors)")
            #expect(snapshot(site.root) == before)
        }
    }

    @Test("the plain re-run with the default NAME.html replaces the report it wrote, and nothing else changes")
    func rerun() throws {
        let site = try reportSite()
        let first = try standalone(site, [])
        #expect(first.status == 0, "\(first.errors)")
        let report = site.root.appendingPathComponent("r.html")
        let written = try String(contentsOf: report, encoding: .utf8)
        #expect(written.hasPrefix(StandaloneReport.mark))
        #expect(written.contains("<h1>R</h1>"))
        let before = snapshot(site.root)
        let second = try standalone(site, [])
        #expect(second.status == 0, "\(second.errors)")
        #expect(snapshot(site.root) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("masthead-new") }
        #expect(leftovers == [])
    }

    @Test("a file masthead did not write is replaced only with --force; a link, a FIFO or a read-only foreign file never without it")
    func foreignFiles() throws {
        let site = try reportSite()
        try site.write("mine.html", "<p>my own page</p>")
        try site.write("readonly.html", "<p>kept</p>")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: site.root.appendingPathComponent("readonly.html").path)
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("link.html").path, withDestinationPath: "mine.html")
        #expect(mkfifo(site.root.appendingPathComponent("pipe.html").path, 0o644) == 0)
        let before = snapshot(site.root)
        for (name, message) in [
            ("mine.html", "it was not written by masthead"), ("readonly.html", "it was not written by masthead"),
            ("link.html", "it is a symbolic link"), ("pipe.html", "it is a FIFO")
        ] {
            let run = try standalone(site, ["--output", name])
            #expect(run.status == 1, "\(name)")
            #expect(run.errors.contains(message), "\(name): \(run.errors)")
            #expect(snapshot(site.root) == before, "\(name)")
        }
        let forced = try standalone(site, ["--output", "mine.html", "--force"])
        #expect(forced.status == 0, "\(forced.errors)")
        #expect(try String(contentsOf: site.root.appendingPathComponent("mine.html"), encoding: .utf8).contains("<h1>R</h1>"))
    }

    @Test("a folder that does not exist is an error naming it, and nothing is written")
    func missingFolder() throws {
        let site = try reportSite()
        let before = snapshot(site.root)
        let run = try standalone(site, ["--output", "nowhere/r.html"])
        #expect(run.status == 1)
        #expect(run.errors.contains("does not exist"), "\(run.errors)")
        #expect(snapshot(site.root) == before)
    }
}
