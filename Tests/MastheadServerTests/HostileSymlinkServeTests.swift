import Foundation
import MastheadBuild
import MastheadContent
import Testing

@testable import MastheadServer

/// `masthead serve` refuses a link out of the site as `build` does: an error in the overlay
/// naming the link, never the target's bytes, whether the link is there at start or saved
/// while the preview runs (the patch path reads saved files itself).
@Suite("masthead serve: symbolic links out of the site")
struct HostileSymlinkServeTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let message = "symbolic link points outside the site: it is not read or published (copy the file into the site instead)"

    @Test func aStaticLinkOutIsAnErrorInTheOverlay() async throws {
        let site = try PreviewTestSite()
        try FileManager.default.createSymbolicLink(
            atPath: site.url("Content/static/leak.txt").path,
            withDestinationPath: site.parent.appendingPathComponent("secret.txt").path)
        try await RunningServer.with(site) { server in
            let page = try await server.get("/")
            #expect(page.status == 500)
            #expect(page.text.contains("id=\"masthead-preview-overlay\""))
            #expect(page.text.contains("Content/static/leak.txt"))
            #expect(page.text.contains("points outside the site"))
            #expect(!page.text.contains(site.parent.path))
            #expect(!(try await server.get("/leak.txt")).text.contains(PreviewTestSite.secret))
        }
    }

    @Test func anArticleSavedAsALinkOutFailsTheRebuildAndReadsNothing() throws {
        let site = try PreviewTestSite()
        try site.write("../secret-article.md", "---\ntitle: \(PreviewTestSite.secret)\ndate: 2026-01-01\ncategory: coffee-culture\n---\nLeaked.\n")
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
        #expect(builder.rebuild(now: Self.now).failure == 0)
        try FileManager.default.removeItem(at: site.url("Content/articles/moka.md"))
        try FileManager.default.createSymbolicLink(
            atPath: site.url("Content/articles/moka.md").path,
            withDestinationPath: site.parent.appendingPathComponent("secret-article.md").path)
        let outcome = builder.rebuild(now: Self.now, changes: Changes(saved: ["Content/articles/moka.md"]))
        #expect(outcome.failure == 1)
        #expect(outcome.value.problems.map(\.description) == ["Content/articles/moka.md: error: \(Self.message)"])
        let served = outcome.value.site.files.values.map { String(decoding: $0.data, as: UTF8.self) }.joined()
        #expect(!served.contains(PreviewTestSite.secret))
    }
}
