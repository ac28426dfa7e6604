import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

/// Symbolic links in a site: one that resolves outside the site folder is an error naming
/// the link (never where it points), in every input a build reads, and nothing of its
/// target is read or published; one inside the site is copied as a file; a dangling link or
/// a loop is an error.
@Suite("Hostile symbolic links")
struct HostileSymlinkTests {
    static let secret = "TOP-SECRET-password-hash"
    static let outside = "symbolic link points outside the site: it is not read or published (copy the file into the site instead)"

    /// A folder outside the site with a secret file in it.
    func outsideFolder() throws -> UserFolder {
        let folder = try UserFolder()
        try folder.write("passwd", "root:x:0:0:\(Self.secret)\n")
        try folder.write("catalogs/prizes.csv", "key,title,points\nleak,\(Self.secret),1\n")
        try folder.write("visits.csv", "day,visits\n2026-01-01,424242\n")
        return folder
    }

    func link(_ site: TestSite, _ path: String, to target: String) throws {
        let url = site.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    func site() throws -> TestSite {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        return site
    }

    func everyOutput(_ result: BuildResult) -> String {
        result.files.compactMap { try? $0.data() }.map { String(decoding: $0, as: UTF8.self) }.joined()
    }

    @Test("ln -s /etc/passwd Content/static/p.txt: build fails naming the link, publishes nothing and prints no target")
    func staticLinkToPasswdThroughTheCLI() throws {
        let site = try site()
        try link(site, "Content/static/p.txt", to: "/etc/passwd")
        let run = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("Content/static/p.txt: error: \(Self.outside)"), "\(run.errors)")
        #expect(!run.errors.contains("/etc/passwd"))
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("public").path))

        let check = try MastheadCommand.run(["check", "--site", site.root.path])
        #expect(check.status == 1)
        #expect(check.errors.contains("Content/static/p.txt: error: \(Self.outside)"), "\(check.errors)")
    }

    @Test(
        "a link out of the site is an error in every input: articles, pages, static, templates, site.yml",
        arguments: [
            "Content/articles/b.md", "Content/pages/about.md", "Content/static/img/logo.svg",
            "Templates/card.mustache", "Content/site.yml"
        ])
    func linkOutEverywhere(path: String) throws {
        let site = try site()
        let outside = try outsideFolder()
        try link(site, path, to: outside.root.appendingPathComponent("passwd").path)
        let result = site.build()
        #expect(!result.succeeded)
        #expect(result.messages.contains("\(path): error: \(Self.outside)"), "\(result.messages)")
        #expect(!result.messages.joined().contains(outside.root.path))
        #expect(!everyOutput(result).contains(Self.secret))
    }

    @Test("a relative link that climbs out (../../..) is refused like an absolute one")
    func relativeLinkOut() throws {
        let site = try site()
        let outside = try outsideFolder()
        let climb = String(repeating: "../", count: 3) + "../" + outside.root.lastPathComponent + "/passwd"
        try link(site, "Content/static/docs/readme.txt", to: climb)
        let result = site.build()
        #expect(result.messages == ["Content/static/docs/readme.txt: error: \(Self.outside)"])
    }

    @Test("a catalog file named in site.yml behind a link, or behind a linked folder, is refused naming the link")
    func catalogLinks() throws {
        let outside = try outsideFolder()
        let direct = try CatalogFixture.site(csv: "key,title,points\nx,X,1\n")
        try link(direct, "Content/catalogs/prizes.csv", to: outside.root.appendingPathComponent("catalogs/prizes.csv").path)
        let first = direct.build()
        #expect(first.messages.contains("Content/catalogs/prizes.csv: error: \(Self.outside)"), "\(first.messages)")
        #expect(!everyOutput(first).contains(Self.secret))

        let folder = try CatalogFixture.site(csv: "key,title,points\nx,X,1\n")
        try FileManager.default.removeItem(at: folder.root.appendingPathComponent("Content/catalogs"))
        try link(folder, "Content/catalogs", to: outside.root.appendingPathComponent("catalogs").path)
        let second = folder.build()
        #expect(
            second.messages.contains(
                "Content/catalogs: error: symbolic link points outside the site: so Content/catalogs/prizes.csv is not read"
                    + " or published (copy the file into the site instead)"), "\(second.messages)")
    }

    @Test("a statistics file a report block reads behind a link out of the site is refused naming the link")
    func statsLink() throws {
        let outside = try outsideFolder()
        let site = try ReportFeatureSite.make(files: [:])
        try link(site, "Content/stats/visits.csv", to: outside.root.appendingPathComponent("visits.csv").path)
        try ReportFeatureSite.report(site, "```kpi\ntitle: Visits\nsource: stats/visits.csv\ny: { sum: visits }\n```")
        let result = site.build()
        #expect(result.messages.contains("Content/stats/visits.csv: error: \(Self.outside)"), "\(result.messages)")
        #expect(!everyOutput(result).contains("424242"))
    }

    @Test("a link inside the site is followed and written as a file, never as a link")
    func linkInsideCopiedAsFile() throws {
        let site = try site()
        try site.write("Content/static/real.txt", "inside")
        try site.write("notes/shared.txt", "shared from the site folder")
        try link(site, "Content/static/alias.txt", to: "real.txt")
        try link(site, "Content/static/shared.txt", to: "../../notes/shared.txt")
        let run = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(run.status == 0, "\(run.errors)")
        for (name, text) in [("alias.txt", "inside"), ("shared.txt", "shared from the site folder")] {
            let output = site.root.appendingPathComponent("public/\(name)").path
            let attributes = try FileManager.default.attributesOfItem(atPath: output)
            #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(name) is \(String(describing: attributes[.type]))")
            #expect(try String(contentsOfFile: output, encoding: .utf8) == text)
        }
    }

    @Test("a dangling link and a link loop are errors naming the link")
    func danglingAndLoop() throws {
        let site = try site()
        try link(site, "Content/static/gone.png", to: "nothing-here.png")
        try link(site, "Content/articles/loop-a.md", to: "loop-b.md")
        try link(site, "Content/articles/loop-b.md", to: "loop-a.md")
        let result = site.build()
        #expect(
            result.messages == [
                "Content/articles/loop-a.md: error: symbolic link loop: the link leads back to itself; fix or remove it",
                "Content/articles/loop-b.md: error: symbolic link loop: the link leads back to itself; fix or remove it",
                "Content/static/gone.png: error: symbolic link points to nothing: fix or remove it"
            ])
    }

    @Test("a link to a folder outside the site is an error too, and nothing under it is walked")
    func folderLinkOut() throws {
        let site = try site()
        let outside = try outsideFolder()
        try link(site, "Content/static/etc", to: outside.root.path)
        try link(site, "Templates", to: outside.root.path)
        let result = site.build()
        #expect(result.messages.contains("Content/static/etc: error: \(Self.outside)"), "\(result.messages)")
        #expect(result.messages.contains("Templates: error: \(Self.outside)"), "\(result.messages)")
        #expect(!everyOutput(result).contains(Self.secret))
    }

    @Test("the build cache never reads a link's target outside the site, even a hidden one the build skips")
    func cacheDoesNotReadOutside() throws {
        let site = try site()
        let outside = try outsideFolder()
        try link(site, "Content/static/.secret", to: outside.root.appendingPathComponent("passwd").path)
        let cache = BuildCache(siteFolder: SiteFolder(site.root), output: site.root.appendingPathComponent("public"))
        let inputs = cache.fingerprintInputs(previous: [:])
        let record = try #require(inputs["Content/static/.secret"])
        #expect(record.hash == StableDigest(of: "symbolic link not read"))
        #expect(record.hash != StableDigest(ofFileAt: outside.root.appendingPathComponent("passwd").path))
    }
}
