import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

/// Bodies past the build's memory budget wait for their pages in a file with no name
/// (`TextSpill`), and the search index's words for its postings: what the pages, feeds and
/// search index show must not change.
@Suite("Bodies set aside past the memory budget")
struct BodySpillTests {
    /// Every output file of the default site, copied into a new folder, built with `budget` bytes of body HTML kept in memory.
    private static func build(_ site: URL, budget: Int) throws -> (files: [String: Data], result: BuildResult) {
        var options = BuildOptions(siteFolder: SiteFolder(site))
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        options.bodyMemoryBudget = budget
        let result = Pipeline.run(options: options)
        #expect(result.succeeded, "\(result.messages)")
        return (try Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, try $0.data()) }), result)
    }

    private static func copyOfTheDefaultSite() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("body-spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["Content", "Templates"] {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test("every body and every search entry's words set aside: the default site's files are the same, byte for byte, and no file is left")
    func everyBodySetAside() throws {
        let site = try Self.copyOfTheDefaultSite()
        defer { try? FileManager.default.removeItem(at: site) }
        let kept = try Self.build(site, budget: 128 << 20)
        let setAside = try Self.build(site, budget: 0)
        let articles = try #require(setAside.result.site).articles
        #expect(articles.count > 20)
        // Every body but the one whose chart is drawn into it after parsing: a body set anew is kept.
        let inMemory = articles.filter { !$0.document.body.isSpilled }.map(\.document.sourcePath)
        #expect(inMemory == ["Content/articles/illustrazioni-sulle-confezioni.md"])
        #expect(try #require(kept.result.site).articles.allSatisfy { !$0.document.body.isSpilled })
        #expect(kept.files.keys.sorted() == setAside.files.keys.sorted())
        let different = kept.files.keys.sorted().filter { kept.files[$0] != setAside.files[$0] }
        #expect(different.isEmpty, "differ: \(different.prefix(10))")
        // Pages, the feed and the search index all show bodies.
        let article = try #require(setAside.files["articles/il-rito-della-moka/index.html"].map { String(decoding: $0, as: UTF8.self) })
        #expect(article.contains("<h2"))
        #expect(setAside.files.keys.contains { $0.hasSuffix(".xml") })
        #expect(setAside.files.keys.filter { $0.hasPrefix("search/") }.count > 3)
        // The file was unlinked as soon as it was made.
        let left = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(".masthead").path)
        #expect(!left.contains { $0.hasPrefix("spill-") }, "\(left)")
    }

    @Test("a text is read back whole, past the budget and within it, and a new text replaces it")
    func readBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spill = TextSpill(budget: 10) { folder.path }
        let texts = ["short", "", "Über die Brücke — 5 €, 日本語", String(repeating: "long text ", count: 10_000)]
        var kept = texts.map(SpillableText.init)
        for index in kept.indices { kept[index].spill(into: spill) }
        #expect(kept.map(\.text) == texts)
        #expect(kept.map(\.utf8Count) == texts.map(\.utf8.count))
        // "short" fits the budget of 10 bytes; the third and fourth do not.
        #expect(kept.map(\.isSpilled) == [false, false, true, true])
        kept[3].text = "replaced"
        #expect(kept[3].text == "replaced" && !kept[3].isSpilled)
    }

    @Test("an array of plain values is read back whole, past the budget and within it")
    func arrayReadBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spill = TextSpill(budget: 16) { folder.path }
        let arrays: [[UInt32]] = [[1, 2], [], Array(0..<1000), [7, 8, 9, 10, 11]]
        var kept = arrays.map(SpillableArray.init)
        for index in kept.indices { kept[index].spill(into: spill) }
        #expect(kept.map(\.elements) == arrays)
        // [1, 2] fits the budget of 16 bytes; an empty array is never set aside; the others do not fit.
        #expect(kept.map(\.isSpilled) == [false, false, true, true])
        #expect(kept[2] == SpillableArray(Array(0..<1000)))
    }

    @Test("no folder to make the file in: every text is kept")
    func noFolder() {
        let spill = TextSpill(budget: 0) { "/nonexistent-\(UUID().uuidString)" }
        var text = SpillableText("kept in memory")
        text.spill(into: spill)
        #expect(!text.isSpilled && text.text == "kept in memory")
    }
}
