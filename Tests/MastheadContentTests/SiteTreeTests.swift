import Foundation
import Testing

@testable import MastheadContent

@Suite("SiteTree: the one walk over a site's folders")
struct SiteTreeTests {
    @Test("the site scope skips names starting with . or _; the change-detecting scope sees them; both in name order")
    func scopes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-tree-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["Content/b.md", "Content/a.md", "Content/.a.md.swp", "Content/_drafts/c.md", "Content/sub/d.md", "Content/_data.csv"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        func files(_ scope: SiteTree.Scope) -> [String] {
            var found: [String] = []
            SiteTree.walk("Content", in: SiteFolder(root), scope: scope) { entry in
                if entry.status.isDirectory { return true }
                found.append(entry.relative)
                return false
            }
            return found
        }
        #expect(files(.site) == ["Content/a.md", "Content/b.md", "Content/sub/d.md"])
        #expect(
            files(.everything) == [
                "Content/.a.md.swp", "Content/_data.csv", "Content/_drafts/c.md", "Content/a.md", "Content/b.md", "Content/sub/d.md"
            ])
    }
}
