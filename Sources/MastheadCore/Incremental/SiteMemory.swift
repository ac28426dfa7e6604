import Foundation
import MastheadImages
import MastheadRender
import MastheadReports
import MastheadSite
import MastheadSupport

/// The preview's last successful build, kept whole, so that saving an article, a page or a
/// static file can be patched in (`SitePatch`): the same stages run on the saved files only.
public final class SiteMemory: Sendable {
    struct State: Sendable {
        var identity: BuildIdentity
        /// Past this moment a publication, an expiry or a catalog's rotation may change the site.
        var validUntil: Date
        var parser: DocumentParser
        /// Draws the report blocks of saved documents, with the statistics this build read.
        var reports: ReportEngine
        var templates: TemplateSet
        var site: Site
        /// What `RouteFingerprints` takes besides the site (see `SiteBuilder.build`).
        var fingerprintInputs: String
        /// `RouteFingerprints.articleKeys` of `site`, kept up to date by patches.
        var articleKeys: [UInt64] = []
        /// Where `site`'s documents are, by source path (patches keep them in place).
        var documentIndex: SiteDocumentIndex
        /// Every article, page and report file read, with its kind.
        var sources: [String: Document.Kind]
        /// Files some diagnostic of the build names (an ignored file, say).
        var diagnosedFiles: Set<String>
        /// The build's warnings, shown again in the terminal after a patch.
        var diagnostics: [Diagnostic]
        /// The image stage's product and the static files it read: a patch shows the same images.
        var images = ProcessedImages()
        var staticPaths: [String] = []
    }

    private let state = Locked<State?>(nil)

    public init() {}

    func keep(_ kept: State) {
        var kept = kept
        if kept.articleKeys.count != kept.site.articles.count {
            kept.articleKeys = kept.site.articles.map(RouteFingerprints.articleKey)
        }
        state.withLock { $0 = kept }
    }

    /// The kept state, taken out: the patch that takes it puts it back (`keep`) only if it
    /// succeeds, so a failed patch leaves nothing for the full build that follows it.
    func take() -> State? {
        state.withLock { state in
            defer { state = nil }
            return state
        }
    }

    func forget() {
        state.withLock { $0 = nil }
    }
}
