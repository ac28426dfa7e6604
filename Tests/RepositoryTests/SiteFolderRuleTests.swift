import Foundation
import Testing

/// ARCHITECTURE.md's rule for the site folder: one `SiteFolder` value, made from `--site` in one
/// place, and the only way to a file of the site, so its link and `..` checks cannot be skipped.
@Suite("The site folder is reached only through SiteFolder")
struct SiteFolderRuleTests {
    static let owner = "Sources/MastheadContent/Content/SiteFolder.swift"

    /// A join onto the site folder that does not go through `url(_:)` or `path(_:)`.
    static var handJoin: Regex<AnyRegexOutput> {
        try! Regex(#"siteFolder\.(?:url\.appendingPathComponent|path\s*\+|url\.path\s*\+|realRoot\s*\+)"#)
    }

    static func sources() throws -> [(path: String, text: String)] {
        try AccessLevelTests.swiftFiles(under: "Sources").filter { $0.path != owner }
    }

    @Test("no site folder is passed as a raw URL")
    func noRawURL() throws {
        let raw = try Self.sources().filter { $0.text.contains("siteDirectory") }.map(\.path)
        #expect(raw.isEmpty, "a site folder as a URL (siteDirectory) outside SiteFolder: \(raw)")
    }

    @Test("no path is joined onto the site folder by hand")
    func noRawJoin() throws {
        let joins = try Self.sources().flatMap { file in
            file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { $0.element.contains(Self.handJoin) }.map { "\(file.path):\($0.offset + 1)" }
        }
        #expect(joins.isEmpty, "joined by hand instead of SiteFolder.url(_:) or .path(_:): \(joins)")
    }

    @Test("the command line makes the one SiteFolder, from --site")
    func madeOnce() throws {
        let made = try Self.sources().filter { $0.text.contains("SiteFolder(URL") || $0.text.contains("SiteFolder(url") }.map(\.path)
        #expect(made == ["Sources/masthead/Masthead.swift"], "\(made)")
    }

    @Test("a planted raw join is found")
    func plantedJoinIsFound() throws {
        #expect("let file = siteFolder.path + \"/\" + name".contains(Self.handJoin))
        #expect("siteFolder.url.appendingPathComponent(name)".contains(Self.handJoin))
        #expect(!"let file = siteFolder.path(name)".contains(Self.handJoin))
    }
}
