import Foundation

/// What decides a build's output besides its input files: the site, whether drafts and
/// future articles are published, and the address links start from. Made once, from the
/// command line or the preview's configuration; the build cache's key, the preview's page
/// fingerprints and the check that a save may be patched into the last build all compare it.
public struct BuildIdentity: Hashable, Sendable {
    public var siteDirectory: URL
    public var includeDrafts: Bool
    public var includeFuture: Bool
    /// Replaces `baseURL` from site.yml (a preview host).
    public var baseURL: String?

    public init(siteDirectory: URL, includeDrafts: Bool = false, includeFuture: Bool = false, baseURL: String? = nil) {
        self.siteDirectory = siteDirectory
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.baseURL = baseURL
    }

    /// One line per field, for the keys and fingerprints that hash it.
    var lines: [String] {
        ["site \(siteDirectory.path)", "drafts \(includeDrafts)", "future \(includeFuture)", "baseURL \(baseURL ?? "-")"]
    }
}
