import Foundation
import MastheadBuild
import MastheadContent
import MastheadSupport
import Testing

@testable import MastheadServer

/// A FIFO where the preview expects a database or a data file (issue 57): it is named in an
/// error, never opened for reading, so the preview's rebuilds never wait on it, and the
/// articles saved later are built.
@Suite("masthead serve: a FIFO in a database's place never stops later rebuilds")
struct UnreadableInputServeTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The rebuild on a thread of its own, or nil when it has not finished within 20 seconds.
    static func rebuild(_ builder: PreviewBuilder) -> PreviewBuilder.Outcome? {
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<PreviewBuilder.Outcome?>(nil)
        Thread.detachNewThread {
            let result = builder.rebuild(now: now)
            outcome.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + 20) == .success else { return nil }
        return outcome.withLock { $0 }
    }

    @Test func aFIFOAsTheDatabaseIsAnErrorAndLaterSavesAreBuilt() throws {
        let site = try PreviewTestSite()
        let builder = PreviewBuilder(identity: BuildIdentity(siteFolder: SiteFolder(site.root), baseURL: "http://127.0.0.1:1/"))
        #expect(Self.rebuild(builder)?.failure == 0)

        try site.write("Content/site.yml", PreviewTestSite.config + "\ndatasets:\n  events:\n    sqlite: stats/events.sqlite\n    table: events\n")
        try FileManager.default.createDirectory(at: site.url("Content/stats"), withIntermediateDirectories: true)
        #expect(mkfifo(site.url("Content/stats/events.sqlite").path, 0o644) == 0)
        // A FIFO elsewhere under Content/ too: the preview's change detection looks at every file there.
        #expect(mkfifo(site.url("Content/stats/other.fifo").path, 0o644) == 0)
        try site.write("Content/pages/figures.md", "---\ntitle: Figures\ndate: 2026-01-01\n---\n```table\nsource: events\nx: kind\n```\n")
        let failed = try #require(Self.rebuild(builder), "the rebuild waited on the FIFO")
        #expect(failed.failure > 0)
        #expect(
            failed.diagnostics.map(\.description).contains {
                $0.contains("Content/site.yml:") && $0.contains("Content/stats/events.sqlite is a FIFO (a named pipe), not an SQLite database file")
            }, "\(failed.diagnostics)")

        // An article saved meanwhile: the next rebuild ends, with the same error.
        try site.article("moka.md", title: "The moka pot, again", body: "Still 1933.")
        let again = try #require(Self.rebuild(builder), "the second rebuild waited on the FIFO")
        #expect(again.failure > 0)

        // The block gone: the article is built, though the FIFO is still there.
        try site.write("Content/pages/figures.md", "---\ntitle: Figures\ndate: 2026-01-01\n---\nNo figures yet.\n")
        let fixed = try #require(Self.rebuild(builder))
        #expect(fixed.failure == 0, "\(fixed.diagnostics)")
        let page = fixed.value.site.files["articles/moka/index.html"].map { String(decoding: $0.data, as: UTF8.self) } ?? ""
        #expect(page.contains("The moka pot, again"))
    }
}
