import Foundation
import MastheadTesting
import Testing

@testable import MastheadContent
@testable import MastheadSupport

/// File names that are not UTF-8 are errors at their folder, never skipped; a tag of symbols
/// gets a page and a link, never vanishes (issue 44, items 5 and 10).
@Suite("Hostile input: file names and symbol tags")
struct HostileInputNamesTests {
    /// Writes a file whose name is `bytes` (not necessarily UTF-8) into `folder` of the site.
    static func writeRaw(_ site: TestSite, folder: String, name bytes: [UInt8], _ text: String) throws {
        let directory = site.root.appendingPathComponent(folder).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = Array(directory.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        #expect(descriptor >= 0)
        _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    @Test("an article named caf\\xE9.md (Latin-1) is an error at Content/articles, and the build fails")
    func latin1ArticleName() throws {
        let site = try TestSite()
        try site.article("moka.md", "title: Moka\ndate: 2026-11-01\ncategory: coffee-culture")
        try Self.writeRaw(site, folder: "Content/articles", name: Array("caf".utf8) + [0xE9] + Array(".md".utf8), "---\ntitle: Café\n---\n")
        let result = site.build()
        #expect(
            result.messages
                == [
                    "Content/articles: error: file name is not valid UTF-8: caf\\xE9.md "
                        + "(rename it in UTF-8; Masthead cannot read or link it)"
                ])
        #expect(result.diagnostics.hasErrors)
    }

    @Test("a Latin-1 résumé.pdf in static, a bad name in a nested folder and in Templates/: one error at each folder")
    func namesInStaticNestedAndTemplates() throws {
        let site = try TestSite()
        try site.article("moka.md", "title: Moka\ndate: 2026-11-01\ncategory: coffee-culture")
        try Self.writeRaw(
            site, folder: "Content/static/files", name: Array("r".utf8) + [0xE9] + Array("sum".utf8) + [0xE9] + Array(".pdf".utf8), "%PDF")
        // A cut UTF-8 sequence (the first two of `☕`'s three bytes) and a lone continuation byte.
        try Self.writeRaw(site, folder: "Content/pages/deep", name: [0xE2, 0x98] + Array("x.md".utf8), "---\ntitle: X\n---\n")
        try Self.writeRaw(site, folder: "Templates/partials", name: Array("t".utf8) + [0x80] + Array(".mustache".utf8), "x")
        // An ignored name is ignored whatever its bytes.
        try Self.writeRaw(site, folder: "Content/articles", name: Array("_old".utf8) + [0xFF] + Array(".md".utf8), "x")
        let result = site.build()
        #expect(
            result.messages.sorted()
                == [
                    "Content/pages/deep: error: file name is not valid UTF-8: \\xE2\\x98x.md (rename it in UTF-8; Masthead cannot read or link it)",
                    "Content/static/files: error: file name is not valid UTF-8: r\\xE9sum\\xE9.pdf "
                        + "(rename it in UTF-8; Masthead cannot read or link it)",
                    "Templates/partials: error: file name is not valid UTF-8: t\\x80.mustache (rename it in UTF-8; Masthead cannot read or link it)"
                ])
    }

    @Test("the masthead binary: build and check exit 1 with the folder and the escaped name on standard error")
    func binaryExitsOne() throws {
        let site = try TestSite()
        try site.article("moka.md", "title: Moka\ndate: 2026-11-01\ncategory: coffee-culture")
        try Self.writeRaw(site, folder: "Content/articles", name: Array("caf".utf8) + [0xE9] + Array(".md".utf8), "---\ntitle: Café\n---\n")
        let output = site.root.appendingPathComponent("out")
        let build = try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path])
        #expect(build.status == 1)
        #expect(build.errors.contains("Content/articles: error: file name is not valid UTF-8: caf\\xE9.md"), "\(build.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
        let check = try MastheadCommand.run(["check", "--site", site.root.path])
        #expect(check.status == 1)
        #expect(check.errors.contains("Content/articles: error: file name is not valid UTF-8: caf\\xE9.md"), "\(check.errors)")
    }

    @Test("a newline or a tab in a published file's name is an error at that file; an ignored name is not read")
    func controlCharacterNames() throws {
        let site = try TestSite()
        try site.article("moka.md", "title: Moka\ndate: 2026-11-01\ncategory: coffee-culture")
        try Self.writeRaw(site, folder: "Content/articles", name: Array("a\nb.md".utf8), "---\ntitle: A\n---\n")
        try Self.writeRaw(site, folder: "Content/static/files", name: Array("menu\t2026.pdf".utf8), "%PDF")
        try Self.writeRaw(site, folder: "Content/static/files", name: Array("bell\u{7}.txt".utf8), "x")
        try Self.writeRaw(site, folder: "Content/articles", name: Array("_old\n.md".utf8), "x")
        let result = site.build()
        let reason = ": error: the file's name holds a control character (a newline, a tab, ...): rename it; no web address can carry it"
        #expect(
            result.messages.sorted()
                == [
                    "Content/articles/a\\nb.md" + reason,
                    "Content/static/files/bell\\x07.txt" + reason,
                    "Content/static/files/menu\\t2026.pdf" + reason
                ])
        let output = site.root.appendingPathComponent("out")
        let build = try MastheadCommand.run(["build", "--site", site.root.path, "--output", output.path])
        #expect(build.status == 1)
        #expect(build.errors.contains("Content/articles/a\\nb.md" + reason), "\(build.errors)")
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }

    @Test("the escaping keeps valid UTF-8 and writes each bad byte as \\xHH")
    func escaping() {
        #expect(SiteTree.escaped(Array("caf".utf8) + [0xE9] + Array(".md".utf8)) == "caf\\xE9.md")
        #expect(SiteTree.escaped(Array("☕".utf8) + [0xC3]) == "☕\\xC3")
        #expect(SiteTree.escaped([0xF0, 0x9F, 0x98]) == "\\xF0\\x9F\\x98")
        #expect(SiteTree.escaped([0x0A, 0xFE]) == "\n\\xFE")
    }

    // MARK: - Tags of symbols

    @Test("a tag ☕ gets the page /tags/u2615/, listed and linked; ☕️ (with U+FE0F) shares it")
    func coffeeTag() throws {
        let site = try TestSite()
        try site.article("moka.md", "title: Moka\ndate: 2026-11-01\ncategory: coffee-culture\ntags: [☕, moka]")
        try site.article("espresso.md", "title: Espresso\ndate: 2026-11-02\ncategory: coffee-culture\ntags: [\"☕️\"]")
        let result = site.build()
        #expect(result.messages.isEmpty, "\(result.messages)")
        let page = try #require(result.text("tags/u2615/index.html"))
        #expect(page.contains("<h1>#☕</h1>"), "\(page)")
        #expect(page.contains("<a class=\"card\" href=\"/articles/moka/\">Moka</a>"))
        #expect(page.contains("<a class=\"card\" href=\"/articles/espresso/\">Espresso</a>"))
        let terms = try #require(result.text("tags/index.html"))
        #expect(terms.contains("<a class=\"term\" href=\"/tags/u2615/\">☕ (2)</a>"), "\(terms)")
    }

    @Test("symbol tags: ★★ is u2605-u2605, € is u20ac, a mix keeps its words (C# → c)")
    func otherSymbols() throws {
        #expect(Slug.make("★★") == "u2605-u2605")
        #expect(Slug.make("€") == "u20ac")
        #expect(Slug.make("☕ moka") == "moka")
        #expect(Slug.make("!!!") == "")
        let site = try TestSite()
        try site.article("moka.md", "title: Moka\ndate: 2026-11-01\ncategory: coffee-culture\ntags: [★★, €]")
        let result = site.build()
        #expect(result.messages.isEmpty, "\(result.messages)")
        #expect(result.paths.contains("tags/u2605-u2605/index.html"))
        #expect(result.paths.contains("tags/u20ac/index.html"))
    }

    @Test("a tag of punctuation only (!!!) is an error at the tags: line, not a tag that vanishes")
    func punctuationTag() throws {
        let site = try TestSite()
        try site.article("moka.md", "title: Moka\ndate: 2026-11-01\ncategory: coffee-culture\ntags: [moka, \"!!!\"]")
        let result = site.build()
        #expect(
            result.messages
                == ["Content/articles/moka.md:5:7: error: tags: \"!!!\" has no letters, digits or symbols to make a URL from; write the tag in words"]
        )
    }

    @Test("a category named ☕ gets /categories/u2615/")
    func coffeeCategory() throws {
        let config = """
            title: Test Magazine
            baseURL: https://example.org/
            language: en
            categories:
              - name: ☕
            """
        let other = try TestSite(config: config)
        try other.article("moka.md", "title: Moka\ndate: 2026-11-01\ncategory: ☕")
        let result = other.build()
        #expect(result.messages.isEmpty, "\(result.messages)")
        let page = try #require(result.text("categories/u2615/index.html"))
        #expect(page.contains("<a class=\"card\" href=\"/articles/moka/\">Moka</a>"))
    }
}
