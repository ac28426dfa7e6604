import Foundation
import MastheadBuild
import MastheadContent
import MastheadSupport

/// The default site and the example sites, each built once per test process on the day its tests
/// expect, for the suites of every test target that read them (`DefaultSiteTests`, the examples'
/// tests in MastheadBuildTests, `StructuredDataTests`, `ImageMetadataScanTests`, ...).
package enum SharedSites {
    /// The sites, as paths from the repository root: the default site, then each example.
    package static let paths = ["."] + ["beach-club", "film-club", "personal-budget", "student-housing"].map { "Examples/\($0)" }

    package static let defaultSite = build(repositoryRoot, now: "2026-11-23")
    package static let beachClub = build(repositoryRoot.appendingPathComponent("Examples/beach-club"), now: "2026-07-18")
    package static let filmClub = build(repositoryRoot.appendingPathComponent("Examples/film-club"), now: "2026-11-23")
    package static let personalBudget = build(repositoryRoot.appendingPathComponent("Examples/personal-budget"), now: "2026-11-23")
    package static let studentHousing = build(repositoryRoot.appendingPathComponent("Examples/student-housing"), now: "2026-11-23")

    /// A build of the site in `directory` on the day `now` (UTC).
    package static func build(_ directory: URL, now: String) -> BuildResult {
        var options = BuildOptions(siteFolder: SiteFolder(directory))
        options.now = ContentDate.parse(now, timeZone: TimeZone(identifier: "UTC")!)!
        return Pipeline.run(options: options)
    }
}
