import Foundation
import MastheadContent

/// What decides a build's output besides its input files: the site, whether drafts and
/// future articles are published, and the address links start from. Made once, from the
/// command line or the preview's configuration; the build cache's key, the preview's page
/// fingerprints and the check that a save may be patched into the last build all compare it.
package struct BuildIdentity: Hashable, Sendable {
    package var siteFolder: SiteFolder
    package var includeDrafts: Bool
    package var includeFuture: Bool
    /// Replaces `baseURL` from site.yml (a preview host).
    package var baseURL: String?

    package init(siteFolder: SiteFolder, includeDrafts: Bool = false, includeFuture: Bool = false, baseURL: String? = nil) {
        self.siteFolder = siteFolder
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.baseURL = baseURL
    }

    /// One line per field, for the keys and fingerprints that hash it.
    var lines: [String] {
        ["site \(siteFolder.path)", "drafts \(includeDrafts)", "future \(includeFuture)", "baseURL \(baseURL ?? "-")"]
    }
}
