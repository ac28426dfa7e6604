import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

#if canImport(Glibc)
import Glibc
#endif

/// A folder of the user's beside the site, holding a file that must survive every refusal.
final class UserFolder {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-user-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func text(_ path: String) -> String? {
        (try? Data(contentsOf: root.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// `--output` replaces only a folder Masthead made; one build of a site at a time; outputs
/// that cannot all exist on disk are named before anything is written.
@Suite("Hostile output folders, concurrent builds and colliding outputs")
struct HostileOutputTests {
    func site() throws -> TestSite {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        return site
    }

    func isFolderEmpty(_ url: URL) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).isEmpty
    }

    // MARK: folders Masthead did not make

    @Test("--output ../keep, a folder of the user's, is refused with exit 2 and kept whole")
    func siblingFolderRefused() throws {
        let site = try site()
        let keep = site.root.deletingLastPathComponent().appendingPathComponent("keep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: keep.appendingPathComponent("notes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: keep) }
        try Data("precious".utf8).write(to: keep.appendingPathComponent("notes/todo.txt"))
        let run = try MastheadCommand.run(["build", "--site", ".", "--output", "../" + keep.lastPathComponent], in: site.root)
        #expect(run.status == 2)
        #expect(
            run.errors.contains(
                "--output: refusing to replace \(keep.path): it is not empty and was not written by masthead build"
                    + " (it has no .masthead-output file). Choose a new or an empty folder, or pass --force to replace it and everything in it"),
            "\(run.errors)")
        #expect(try String(contentsOf: keep.appendingPathComponent("notes/todo.txt"), encoding: .utf8) == "precious")
        #expect(!FileManager.default.fileExists(atPath: keep.path + ".masthead-new"))
    }

    @Test("--output '' (the current folder to Foundation) is refused with exit 2 and touches nothing")
    func emptyPathRefused() throws {
        let site = try site()
        let user = try UserFolder()
        try user.write("thesis.tex", "chapter one")
        let run = try MastheadCommand.run(["build", "--site", site.root.path, "--output", ""], in: user.root)
        #expect(run.status == 2)
        #expect(run.errors.contains("--output: the path is empty; name the folder to write the site to, like --output public"), "\(run.errors)")
        #expect(user.text("thesis.tex") == "chapter one")
        #expect(try FileManager.default.contentsOfDirectory(atPath: user.root.path) == ["thesis.tex"])
    }

    @Test("--output Sources, a project's own folder (relative to the current one), is refused with exit 2")
    func sourcesFolderRefused() throws {
        let site = try site()
        try site.write("Sources/App/main.swift", "print(1)\n")
        let run = try MastheadCommand.run(["build", "--site", ".", "--output", "Sources"], in: site.root)
        #expect(run.status == 2)
        #expect(run.errors.contains("refusing to replace \(site.root.path)/Sources: it is not empty"), "\(run.errors)")
        #expect(try String(contentsOf: site.root.appendingPathComponent("Sources/App/main.swift"), encoding: .utf8) == "print(1)\n")
    }

    @Test("a file, a folder holding only a folder, and a link to a folder are refused too; nothing is removed")
    func otherForeignOutputs() throws {
        let site = try site()
        let user = try UserFolder()
        try user.write("notes.txt", "notes")
        try user.write("photos/2026/beach.jpg", "jpeg")
        try user.write("real/x.txt", "x")
        try FileManager.default.createSymbolicLink(
            atPath: user.root.appendingPathComponent("alias").path,
            withDestinationPath: user.root.appendingPathComponent("real").path)
        for (target, reason) in [
            ("notes.txt", "it is a file, not a folder"),
            ("photos", "it is not empty and was not written by masthead build"),
            ("alias", "it is a symbolic link, not a folder masthead build wrote")
        ] {
            let run = try MastheadCommand.run(["build", "--site", site.root.path, "--output", user.root.appendingPathComponent(target).path])
            #expect(run.status == 2, "\(target)")
            #expect(run.errors.contains("refusing to replace \(user.root.path)/\(target): \(reason)"), "\(target): \(run.errors)")
        }
        #expect(user.text("notes.txt") == "notes")
        #expect(user.text("photos/2026/beach.jpg") == "jpeg")
        #expect(user.text("alias/x.txt") == "x")
    }

    @Test("--force replaces a folder Masthead did not make, and the result is marked as Masthead's")
    func forceReplaces() throws {
        let site = try site()
        let user = try UserFolder()
        try user.write("out/old.html", "old")
        let output = user.root.appendingPathComponent("out")
        let run = try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path, "--force"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(user.text("out/old.html") == nil)
        #expect(user.text("out/articles/a/index.html") != nil)
        let marker = "masthead-output\nWritten by masthead build from the site folder \"\(site.root.lastPathComponent)\""
        #expect(user.text("out/.masthead-output")?.hasPrefix(marker) == true)
        // Marked: the next build needs no --force.
        #expect(try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path, "--no-cache"]).status == 0)
    }

    @Test("--force never replaces the site, its sources or a folder holding them")
    func forceKeepsTheSite() throws {
        let site = try site()
        for target in [
            site.root.path, site.root.appendingPathComponent("Content").path, site.root.appendingPathComponent("Templates").path,
            site.root.deletingLastPathComponent().path, "/"
        ] {
            let run = try MastheadCommand.run(["build", "--site", site.root.path, "--output", target, "--force"])
            #expect(run.status == 2, "\(target)")
            #expect(run.errors.contains("refusing to"), "\(target): \(run.errors)")
        }
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Content/articles/a.md").path))
    }

    @Test("a new folder and an empty folder are written; the marker stays out of the sitemap, the feeds and check")
    func newAndEmptyFolders() throws {
        let site = try site()
        let user = try UserFolder()
        try FileManager.default.createDirectory(at: user.root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        for target in ["new/site", "empty"] {
            let run = try MastheadCommand.run(["build", "--site", site.root.path, "--output", user.root.appendingPathComponent(target).path])
            #expect(run.status == 0, "\(target): \(run.errors)")
            // 15 pages and feeds (archives included), and the stylesheets Masthead writes (css/charts.css, css/print.css).
            #expect(run.output.contains("Wrote 17 files"), "\(run.output)")
            #expect(user.text("\(target)/.masthead-output")?.hasPrefix("masthead-output\n") == true)
            for file in ["sitemap.xml", "feed.xml", "index.html"] {
                #expect(user.text("\(target)/\(file)")?.contains("masthead-output") == false, "\(file)")
            }
        }
        let check = try MastheadCommand.run(["check", "--site", site.root.path])
        #expect(check.status == 0, "\(check.errors)")
        #expect(!check.errors.contains("masthead-output"))
    }

    @Test("SITE/public written by a Masthead from before the marker counts as Masthead's while the cache lists every file in it")
    func outputOfAnEarlierVersion() throws {
        let site = try site()
        #expect(try MastheadCommand.run(["build", "--site", site.root.path]).status == 0)
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let public_ = site.root.appendingPathComponent("public")
        // What an earlier version left: the same files and cache, no marker.
        try FileManager.default.removeItem(at: public_.appendingPathComponent(".masthead-output"))
        try site.article("b.md", "title: B\ndate: 2026-01-02\ncategory: coffee-culture")
        let upgraded = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(upgraded.status == 0, "\(upgraded.errors)")
        #expect(FileManager.default.fileExists(atPath: public_.appendingPathComponent(".masthead-output").path))
        #expect(FileManager.default.fileExists(atPath: public_.appendingPathComponent("articles/b/index.html").path))

        // A file the cache never recorded: the folder is no longer only Masthead's.
        try FileManager.default.removeItem(at: public_.appendingPathComponent(".masthead-output"))
        try Data("www.example.org".utf8).write(to: public_.appendingPathComponent("CNAME"))
        try site.article("c.md", "title: C\ndate: 2026-01-03\ncategory: coffee-culture")
        let refused = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(refused.status == 2)
        #expect(
            refused.errors.contains(
                "refusing to replace \(public_.path): it holds CNAME, which masthead build did not write"
                    + " (and no .masthead-output file). Choose a new or an empty folder, or pass --force"), "\(refused.errors)")
        #expect(FileManager.default.fileExists(atPath: public_.appendingPathComponent("CNAME").path))
    }

    @Test("folders of the user's named OUTPUT.masthead-new and OUTPUT.masthead-old are never deleted")
    func stagingNamesKept() throws {
        let site = try site()
        let user = try UserFolder()
        let output = user.root.appendingPathComponent("out")
        for suffix in [".masthead-new", ".masthead-old"] {
            try user.write("out\(suffix)/mine.txt", "mine")
            let run = try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path])
            #expect(run.status == 2, "\(suffix)")
            #expect(
                run.errors.contains(
                    "refusing to use \(output.path)\(suffix) while writing \(output.path): it is not empty and was not written"
                        + " by masthead build (it has no .masthead-output file). Move or delete it"), "\(run.errors)")
            #expect(user.text("out\(suffix)/mine.txt") == "mine")
            try FileManager.default.removeItem(at: user.root.appendingPathComponent("out\(suffix)"))
        }
        // A staging folder a crashed build left behind is Masthead's: it goes.
        #expect(try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path]).status == 0)
        try user.write("out.masthead-new/.masthead-output", "masthead-output\n")
        try user.write("out.masthead-new/articles/half/index.html", "half")
        #expect(try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path, "--no-cache"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: output.path + ".masthead-new"))
    }

    // MARK: one build at a time

    /// Holds the site's build lock as a running build would, with this process's pid in it.
    final class HeldLock {
        let descriptor: Int32

        init(site: URL) throws {
            let folder = site.appendingPathComponent(".masthead")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            descriptor = open(folder.appendingPathComponent("build.lock").path, O_RDWR | O_CREAT, 0o644)
            guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { throw CocoaError(.fileLocking) }
            let pid = "\(getpid())\n"
            _ = ftruncate(descriptor, 0)
            _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        }

        deinit { close(descriptor) }
    }

    @Test("a second build waits for the first, then fails naming the process that holds the site", .timeLimit(.minutes(5)))
    func secondBuildFails() throws {
        let site = try site()
        let output = site.root.appendingPathComponent("public")
        let run: MastheadCommand.Run
        do {
            let held = try HeldLock(site: site.root)
            run = try MastheadCommand.run(["build", "--site", site.root.path])
            withExtendedLifetime(held) {}
        }
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "error: another masthead build of this site is running (process \(getpid())); waited 5 s for it to finish."
                    + " Build again when it is done, or stop that process"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(!FileManager.default.fileExists(atPath: output.path + ".masthead-new"))
        // Released (the holder is gone): the next build runs.
        #expect(try MastheadCommand.run(["build", "--site", site.root.path]).status == 0)
    }

    @Test("a lock file left by a dead build is taken over")
    func staleLockTakenOver() throws {
        let site = try site()
        let finished = try MastheadCommand.start(["--help"])
        _ = MastheadCommand.finish(finished)
        try site.write(".masthead/build.lock", "\(finished.process.processIdentifier)\n")
        let run = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(run.status == 0, "\(run.errors)")
        let lock = try String(contentsOf: site.root.appendingPathComponent(".masthead/build.lock"), encoding: .utf8)
        #expect(lock != "\(finished.process.processIdentifier)\n")
    }

    @Test("three builds of one site at once: each finishes or names the one it waited for, and the output is whole", .timeLimit(.minutes(5)))
    func concurrentBuilds() throws {
        let site = try TestSite()
        for number in 1...300 {
            try site.article("a\(number).md", "title: Article \(number)\ndate: 2026-01-01\ncategory: coffee-culture", body: "Text \(number).")
        }
        let output = site.root.appendingPathComponent("public")
        let expected = Set(site.build(now: "2026-11-23").paths + [".masthead-output"])
        let started = try (0..<3).map { _ in try MastheadCommand.start(["build", "--site", site.root.path, "--no-cache"]) }
        let runs = started.map(MastheadCommand.finish)
        for run in runs {
            #expect(run.status == 0 || run.errors.contains("another masthead build of this site is running (process "), "\(run.status) \(run.errors)")
        }
        #expect(runs.contains { $0.status == 0 })
        let onDisk = Set(
            (FileManager.default.subpaths(atPath: output.path) ?? []).filter { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path, isDirectory: &isFolder) && !isFolder.boolValue
            })
        #expect(
            onDisk == expected,
            "missing: \(expected.subtracting(onDisk).sorted().prefix(5)), extra: \(onDisk.subtracting(expected).sorted().prefix(5))")
        #expect(!FileManager.default.fileExists(atPath: output.path + ".masthead-new"))
        #expect(!FileManager.default.fileExists(atPath: output.path + ".masthead-old"))
    }

    // MARK: a file where a folder must be

    /// Files written into the test site, and the error they must give.
    struct Collision: Sendable, CustomTestStringConvertible {
        var files: [(path: String, text: String)]
        var expected: String
        var testDescription: String { files.map(\.path).joined(separator: " + ") }
    }

    static let about = (path: "Content/pages/about.md", text: "---\ntitle: About\ndate: 2026-01-01\n---\nUs.\n")

    @Test(
        "a file where a folder must be is an error naming both, before anything is written",
        arguments: [
            Collision(
                files: [("Content/static/articles", "not a folder")],
                expected: "Content/static/articles: error: the static file Content/static/articles is written as the file articles,"
                    + " but Content/articles/a.md needs articles/ to be a folder (for articles/a/index.html): rename or move one of them"),
            Collision(
                files: [("Content/static/feed.xml/style.xsl", "<xsl/>")],
                expected: "Content/static/feed.xml/style.xsl: error: a feed is written as the file feed.xml, but the static file"
                    + " Content/static/feed.xml/style.xsl needs feed.xml/ to be a folder (for feed.xml/style.xsl): rename or move one of them"),
            Collision(
                files: [about, ("Content/static/about", "a file")],
                expected: "Content/static/about: error: the static file Content/static/about is written as the file about,"
                    + " but Content/pages/about.md needs about/ to be a folder (for about/index.html): rename or move one of them"),
            Collision(
                files: [about, ("Content/static/about/index.html/map.png", "png")],
                expected: "Content/pages/about.md: error: Content/pages/about.md is written as the file about/index.html,"
                    + " but the static file Content/static/about/index.html/map.png needs about/index.html/ to be a folder"
                    + " (for about/index.html/map.png): rename or move one of them")
        ])
    func fileWhereAFolderMustBe(_ collision: Collision) throws {
        let site = try site()
        for file in collision.files { try site.write(file.path, file.text) }
        let result = site.build()
        #expect(result.messages.contains(collision.expected), "\(result.messages)")
    }

    @Test("the collision through the CLI: exit 1, Masthead's own sentence, no staging path, the old output intact")
    func collisionThroughTheCLI() throws {
        let site = try site()
        #expect(try MastheadCommand.run(["build", "--site", site.root.path]).status == 0)
        let page = site.root.appendingPathComponent("public/articles/a/index.html")
        let before = try Data(contentsOf: page)
        try site.write("Content/static/tags", "oops")
        let run = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("Content/static/tags: error: the static file Content/static/tags is written as the file tags,"), "\(run.errors)")
        #expect(!run.errors.contains("NSCocoaErrorDomain"))
        #expect(!run.errors.contains(".masthead-new"))
        #expect(try Data(contentsOf: page) == before)
    }

    @Test("outputs the resolver does not know of collide at writing time in a sentence naming both paths, in either order")
    func collisionAtWritingTime() throws {
        let site = try site()
        let user = try UserFolder()
        let output = user.root.appendingPathComponent("out")
        let folder = OutputFile(path: "charts/a.svg/index.html", contents: .bytes(Data("a".utf8)))
        let file = OutputFile(path: "charts/a.svg", contents: .copy(site.root.appendingPathComponent("Content/articles/a.md").path))
        let advice = "two outputs collide; rename or move one of their sources"
        for (first, second, message) in [
            (folder, file, "cannot write charts/a.svg (from Content/articles/a.md): other output files need charts/a.svg/ to be a folder; \(advice)"),
            (
                file, folder,
                "cannot write charts/a.svg/index.html: charts/a.svg is a file of the output,"
                    + " but this needs charts/a.svg/ to be a folder; \(advice)"
            )
        ] {
            let staging = try OutputWriter.Staging(output: output, siteFolder: SiteFolder(site.root))
            try staging.add([first])
            #expect {
                try staging.add([second])
            } throws: { error in
                "\(error)" == message
            }
            staging.discard()
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(!FileManager.default.fileExists(atPath: output.path + ".masthead-new"))
    }
}
