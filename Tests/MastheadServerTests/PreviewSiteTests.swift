import Foundation
import Testing

@testable import MastheadServer

/// The preview's site as patches change it, and the state that serves it.
@Suite("masthead serve: the site in memory, patched")
struct PreviewSiteTests {
    static func file(_ text: String) -> PreviewSite.File {
        PreviewSite.File(data: Data(text.utf8), contentType: "text/html; charset=utf-8")
    }

    static func text(_ site: PreviewSite, _ path: String) -> String? {
        site[path].map { String(decoding: $0.data, as: UTF8.self) }
    }

    @Test func putFilesAreServedAndRemovedOnesAreGone() {
        var site = PreviewSite(files: ["index.html": Self.file("home"), "a/index.html": Self.file("a")], number: 1)
        let served = site
        site.put(Self.file("home, edited"), at: "index.html")
        site.put(Self.file("b"), at: "b/index.html")
        site.put(nil, at: "a/index.html")
        #expect(Self.text(site, "index.html") == "home, edited")
        #expect(Self.text(site, "b/index.html") == "b")
        #expect(site["a/index.html"] == nil)
        #expect(site.files.keys.sorted() == ["b/index.html", "index.html"])
        // The value a request took is as it was.
        #expect(Self.text(served, "index.html") == "home")
        #expect(Self.text(served, "a/index.html") == "a")
        // Put back after being taken out.
        site.put(Self.file("a again"), at: "a/index.html")
        #expect(Self.text(site, "a/index.html") == "a again")
    }

    @Test func manyPatchesJoinTheBuiltFilesAndLoseNone() {
        var site = PreviewSite(files: ["index.html": Self.file("home")], number: 1)
        let count = PreviewSite.patchedLimit * 2 + 3
        for number in 0..<count { site.put(Self.file("page \(number)"), at: "p\(number)/index.html") }
        site.put(nil, at: "index.html")
        #expect(site.files.count == count)
        #expect(Self.text(site, "p0/index.html") == "page 0")
        #expect(Self.text(site, "p\(count - 1)/index.html") == "page \(count - 1)")
        #expect(site["index.html"] == nil)
    }

    @Test func theStateKeepsTheLatestValueMadeWhicheverArrivesLast() {
        let state = PreviewState()
        var older = PreviewState.Value(site: PreviewSite(files: ["index.html": Self.file("older")], number: 2), problems: [])
        older.revision = 3
        var newer = PreviewState.Value(site: PreviewSite(files: ["index.html": Self.file("newer")], number: 3), problems: [])
        newer.revision = 4
        state.replace(newer)
        state.replace(older)
        #expect(Self.text(state.current.site, "index.html") == "newer")
        #expect(state.current.site.number == 3)
    }
}
