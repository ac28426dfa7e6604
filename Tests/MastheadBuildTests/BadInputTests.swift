import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild

/// Hostile and broken input (Tests/Fixtures/bad/): a diagnostic, or a correct build;
/// never a crash, a hang, or a write outside the output folder.
@Suite("Hostile and broken input")
struct BadInputTests {
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures/bad")

    func site(with fixture: String, as name: String? = nil) throws -> TestSite {
        let site = try TestSite()
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(fixture))
        let destination = site.root.appendingPathComponent("Content/articles/\(name ?? fixture)")
        try data.write(to: destination)
        return site
    }

    @Test("malformed YAML is an error at its line")
    func malformedYAML() throws {
        let result = try site(with: "malformed-yaml.md").build()
        #expect(!result.succeeded)
        #expect(result.diagnostics.first?.message.hasPrefix("YAML syntax:") == true)
        #expect(result.diagnostics.first?.line == 6)
    }

    @Test("a binary file named .md is refused")
    func binary() throws {
        let result = try site(with: "binary.md").build()
        #expect(result.messages == ["Content/articles/binary.md: error: this looks like a binary file, not text"])
    }

    @Test("invalid UTF-8 names its line")
    func invalidUTF8() throws {
        let result = try site(with: "invalid-utf8.md").build()
        #expect(result.messages == ["Content/articles/invalid-utf8.md:2: error: not valid UTF-8 text: save the file as UTF-8"])
    }

    @Test("file names with spaces, Unicode and dots build with safe slugs")
    func oddNames() throws {
        let site = try TestSite()
        for name in ["name with spaces.md", "caffè-ünïcødé.md", "two..dots.md"] {
            try Data(contentsOf: Self.fixtures.appendingPathComponent(name)).write(to: site.root.appendingPathComponent("Content/articles/\(name)"))
        }
        let result = site.build()
        #expect(result.succeeded, "\(result.messages)")
        for path in ["articles/name-with-spaces/index.html", "articles/caffe-unicode/index.html", "articles/two-dots/index.html"] {
            #expect(result.paths.contains(path), "\(path)")
        }
    }

    @Test("a slug of ../../etc stays inside the output")
    func slugTraversal() throws {
        let result = try site(with: "slug-traversal.md").build()
        #expect(result.succeeded)
        #expect(result.paths.contains("articles/etc/index.html"))
        #expect(result.paths.allSatisfy { OutputWriter.isSafeRelativePath($0) })
    }

    @Test("an unclosed Mustache tag and a template including itself are errors")
    func templates() throws {
        var templates = TestSite.minimalTemplates
        templates["list"] = try String(contentsOf: Self.fixtures.appendingPathComponent("unclosed-tag.mustache"), encoding: .utf8)
        templates["recursive"] = try String(contentsOf: Self.fixtures.appendingPathComponent("recursive.mustache"), encoding: .utf8)
        let site = try TestSite(templates: templates)
        let messages = site.build().messages
        #expect(messages.contains { $0.hasPrefix("Templates/list.mustache:1:") && $0.contains("error: template:") })
        #expect(
            messages.contains(
                "Templates/recursive.mustache:1:6: error: template: 'recursive' includes itself (recursive → recursive), which would never end"))
    }

    @Test("a 5 MB single line builds")
    func hugeLine() throws {
        let site = try TestSite()
        let line = String(repeating: "caffè crema ", count: 5_000_000 / 12)
        try site.article("huge.md", "title: Huge\ndate: 2026-01-01\ncategory: coffee-culture", body: line)
        let result = site.build()
        #expect(result.succeeded)
        #expect((result.text("articles/huge/index.html")?.utf8.count ?? 0) > 5_000_000)
    }

    // Lists and quotes nested past `markdown.maxNesting` are an error: HostileMarkdownTests.
    @Test(
        "pathological Markdown builds",
        arguments: [
            ("open brackets", String(repeating: "[", count: 50_000) + "a"),
            ("emphasis", String(repeating: "*a **a ", count: 20_000)),
            ("backticks", (1...2_000).map { String(repeating: "`", count: $0) }.joined(separator: " a ")),
            ("angle brackets", String(repeating: "<a", count: 50_000)),
            ("link references", (0..<5_000).map { "[\($0)]: /u\($0)\n" }.joined() + String(repeating: "[0]", count: 20_000)),
            // Wider or longer is an error (HostileMarkdownTests): Debian's cmark-gfm takes rows × columns² steps.
            (
                "table columns",
                "|" + String(repeating: "a|", count: 2_000) + "\n|" + String(repeating: "-|", count: 2_000) + "\n"
                    + String(repeating: "|x\n", count: 200)
            )
        ])
    func pathological(_ name: String, _ body: String) throws {
        let site = try TestSite()
        try site.article("p.md", "title: P\ndate: 2026-01-01\ncategory: coffee-culture", body: body)
        let result = site.build()
        #expect(result.succeeded, "\(name): \(result.messages)")
        #expect(result.paths.contains("articles/p/index.html"))
    }

    @Test("a symlink loop in Content/ is not followed")
    func symlinkLoop() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        let loop = site.root.appendingPathComponent("Content/articles/loop")
        try FileManager.default.createSymbolicLink(at: loop, withDestinationURL: site.root.appendingPathComponent("Content"))
        let result = site.build()
        #expect(result.succeeded)
        #expect(result.messages == ["Content/articles/loop: warning: symbolic link not followed: it points to a folder"])
    }

    @Test("building writes nothing outside the output folder")
    func writesOnlyOutput() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture\nslug: ../../etc")
        func snapshot() throws -> [String: Date] {
            var files: [String: Date] = [:]
            let enumerator = FileManager.default.enumerator(at: site.root, includingPropertiesForKeys: [.contentModificationDateKey])
            while let url = enumerator?.nextObject() as? URL {
                files[url.path] = try url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
            }
            return files
        }
        let before = try snapshot()
        let output = site.root.appendingPathComponent("public")
        try OutputWriter.write(site.build().files, to: output, siteFolder: SiteFolder(site.root))
        let after = try snapshot().filter { !$0.key.hasPrefix(output.path + "/") && $0.key != output.path }
        #expect(after == before)
    }
}
