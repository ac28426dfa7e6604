import Foundation
import MastheadTesting
import Testing

@testable import MastheadContent

@Suite("SiteFolder: paths in the site, and reads that never leave it")
struct SiteFolderTests {
    @Test("a relative --site is made absolute and standardized; paths join onto it")
    func joins() {
        let folder = SiteFolder(URL(fileURLWithPath: "/tmp/magazine/./drafts/.."))
        #expect(folder.path == "/tmp/magazine")
        #expect(folder.path("Content/articles/moka.md") == "/tmp/magazine/Content/articles/moka.md")
        #expect(folder.url("Content").path == "/tmp/magazine/Content")
        #expect(folder.path("") == "/tmp/magazine")
        #expect(folder.relative("/tmp/magazine/Content/static/p.txt") == "Content/static/p.txt")
    }

    @Test("a path that climbs out with .. is refused, naming the path, and its file is not read")
    func dotDotIsRefused() throws {
        let site = try TestSite()
        try site.write("Content/articles/a.md", "---\ntitle: A\n---\n")
        let outside = site.root.deletingLastPathComponent().appendingPathComponent("secret-\(UUID().uuidString).txt")
        try "secret".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        let folder = SiteFolder(site.root)
        let path = "Content/../../\(outside.lastPathComponent)"
        let problem = try #require(folder.problem(at: path))
        #expect(problem.description.contains("points outside the site"), "\(problem)")
        #expect(folder.problem(at: "Content/articles/../articles/a.md") == nil)
        #expect(folder.problem(at: "Content/articles/missing.md") == nil, "a missing file is its reader's to report")
    }

    @Test("a link out of the site is refused at the link")
    func linkOut() throws {
        let site = try TestSite()
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Content/static"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site.root.path + "/Content/static/p.txt", withDestinationPath: "/etc/passwd")
        let folder = SiteFolder(site.root)
        let problem = try #require(folder.problem(at: "Content/static/p.txt"))
        #expect(problem.description.hasPrefix("Content/static/p.txt: error: symbolic link points outside the site"), "\(problem)")
        #expect(!problem.description.contains("/etc/passwd"))
    }
}
