import Foundation
import MastheadTesting
import Testing

@testable import MastheadContent

/// Folders and files a build may not read are errors at their path, never taken as empty or
/// missing (issue 41). The tests run the `masthead` binary as the unprivileged user `nobody`
/// when they run as root (root reads a `chmod 000` folder), with `setpriv`; as any other user,
/// `chmod 000` is enough.
@Suite("Unreadable content and templates", .serialized)
struct UnreadableContentTests {
    /// The default-like test site in a folder every user can read, and an output folder
    /// every user can write.
    final class Fixture {
        let site: TestSite
        let output: URL

        init() throws {
            site = try TestSite()
            try site.article("moka.md", "title: Moka\ndate: 2026-11-01\ncategory: coffee-culture\ntags: [moka]")
            try site.article("espresso.md", "title: Espresso\ndate: 2026-11-02\ncategory: coffee-culture")
            try site.write("Content/pages/about.md", "---\ntitle: About\ndate: 2026-11-01\n---\nUs.\n")
            try site.write("Content/catalogs/prizes.csv", "id,title\na,Gold\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: site.root.path)
            output = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-unreadable-out-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: output.path)
        }

        deinit {
            // Permissions back, so the folders can be removed.
            _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: site.root.path)
            if let walk = FileManager.default.enumerator(atPath: site.root.path) {
                for case let path as String in walk {
                    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: site.root.path + "/" + path)
                }
            }
            try? FileManager.default.removeItem(at: output)
        }

        func lock(_ path: String) throws {
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: site.root.appendingPathComponent(path).path)
        }

        /// `masthead build` as a user the locked paths refuse.
        func build() throws -> MastheadCommand.Run {
            let arguments = ["build", "--site", site.root.path, "--output", output.appendingPathComponent("site").path]
            guard getuid() == 0 else { return try MastheadCommand.run(arguments) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", try Self.binaryNobodyCanRun().path] + arguments
            process.environment = MastheadCommand.environment(["HOME": "/tmp"])
            process.currentDirectoryURL = FileManager.default.temporaryDirectory
            let errors = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-unreadable-\(UUID().uuidString).txt")
            FileManager.default.createFile(atPath: errors.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: errors) }
            let handle = try FileHandle(forWritingTo: errors)
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = handle
            try process.run()
            process.waitUntilExit()
            try handle.close()
            let text = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self)
            return MastheadCommand.Run(status: process.terminationStatus, output: "", errors: text)
        }

        /// A copy of the binary in the temporary folder, made once (a `static let` is made on one
        /// thread): the checkout may sit where `nobody` cannot reach it (under /root). The binary
        /// carries what it needs (docs/install.md).
        static let nobodysBinary: URL? = try? {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-nobody-\(getpid())")
            let copy = folder.appendingPathComponent("masthead")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: MastheadCommand.binary, to: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
            return copy
        }()

        static func binaryNobodyCanRun() throws -> URL { try #require(nobodysBinary, "could not copy the binary where nobody can run it") }

        var wroteSite: Bool { FileManager.default.fileExists(atPath: output.appendingPathComponent("site/index.html").path) }
    }

    @Test("the site builds as the unprivileged user when nothing is locked (the test's own control)")
    func controlBuildsClean() throws {
        let fixture = try Fixture()
        let run = try fixture.build()
        #expect(run.status == 0, "\(run.errors)")
        #expect(fixture.wroteSite)
    }

    @Test("an unreadable Content/articles is an error at its path, exit 1, no site written")
    func unreadableArticles() throws {
        let fixture = try Fixture()
        try fixture.lock("Content/articles")
        let run = try fixture.build()
        #expect(run.status == 1)
        #expect(
            run.errors.contains("Content/articles: error: cannot list this folder (Permission denied): its files would be missing from the site"),
            "\(run.errors)")
        #expect(!fixture.wroteSite)
    }

    @Test("unreadable Content/pages, a nested static folder and Templates/partials: one error each")
    func unreadableOtherFolders() throws {
        let fixture = try Fixture()
        try fixture.site.write("Content/static/images/a.txt", "a")
        try fixture.site.write("Templates/partials/note.mustache", "note")
        for path in ["Content/pages", "Content/static/images", "Templates/partials"] { try fixture.lock(path) }
        let run = try fixture.build()
        #expect(run.status == 1)
        for path in ["Content/pages", "Content/static/images", "Templates/partials"] {
            #expect(run.errors.contains("\(path): error: cannot list this folder (Permission denied)"), "\(path): \(run.errors)")
        }
        #expect(!fixture.wroteSite)
    }

    @Test("an unreadable article, template, site.yml or catalog file is an error at it, not a missing file")
    func unreadableFiles() throws {
        for (path, reason) in [
            ("Content/articles/moka.md", "Content/articles/moka.md: error: cannot read this file (Permission denied)"),
            ("Templates/article.mustache", "Templates/article.mustache: error: cannot read this file (Permission denied)"),
            ("Content/site.yml", "Content/site.yml: error: cannot read this file (Permission denied)"),
            ("Content/catalogs/prizes.csv", "Content/catalogs/prizes.csv: error: cannot open this file")
        ] {
            let fixture = try Fixture()
            if path.hasPrefix("Content/catalogs") {
                try fixture.site.write("Content/site.yml", TestSite.minimalConfig + "\ncatalogs:\n  prizes: { file: catalogs/prizes.csv, key: id }\n")
            }
            try fixture.lock(path)
            let run = try fixture.build()
            #expect(run.status == 1, "\(path)")
            #expect(run.errors.contains(reason), "\(path): \(run.errors)")
            #expect(!fixture.wroteSite, "\(path)")
        }
    }

    @Test("in process: the walk reports a folder it cannot list, and a missing folder is simply empty")
    func walkProblems() throws {
        let site = try TestSite()
        var problems: [SiteTree.Problem] = []
        SiteTree.walk("Content/nothing-here", in: SiteFolder(site.root), scope: .site, problem: { problems.append($0) }, visit: { _ in true })
        #expect(problems.isEmpty)
        // A file where a folder is expected is not a folder to list.
        try site.write("Content/plain", "x")
        SiteTree.walk("Content/plain", in: SiteFolder(site.root), scope: .site, problem: { problems.append($0) }, visit: { _ in true })
        #expect(problems.isEmpty)
    }
}
