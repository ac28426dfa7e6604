import Foundation
import MastheadSite
import MastheadSupport

/// What a build produced: its files, or the diagnostics that stopped it.
package struct BuildResult: Sendable {
    package var site: Site?
    /// Every file the build made, except the pages it streamed (`streamedPages`). A patch
    /// (`patched`) holds only the pages and static files the saved sources changed. Empty
    /// when there are errors.
    package var files: [OutputFile]
    package var diagnostics: [Diagnostic]
    /// Pages handed to a `.streamed` page delivery, and so not in `files`.
    package var streamedPages = 0
    /// The changes were patched into the preview's last build (`BuildRequest.changes`) rather
    /// than the whole site built again.
    package var patched = false
    /// Output files of the last build that this one no longer has, for a result that holds only what changed (the
    /// pending search index, `BuildRequest.pendingSearchIndex`).
    package var removed: [String] = []
    /// How much was done again and how much taken from the preview's memory.
    package var work = Work()
    /// What next changes the site by itself (`ScheduledChanges`), earliest first, at most
    /// `ScheduledChanges.kept`: the first is the build cache's expiry; `masthead status` names them.
    package var scheduledChanges: [ScheduledChange] = []

    package struct Work: Sendable {
        package var parsedDocuments = 0
        package var reusedDocuments = 0
        package var renderedPages = 0
        package var reusedPages = 0
        /// Pages `masthead build` kept from the output folder, unrendered: their fingerprints are unchanged (`LastPages`).
        package var keptPages = 0
    }

    init(site: Site?, files: [OutputFile] = [], diagnostics: [Diagnostic]) {
        self.site = site
        self.files = files
        self.diagnostics = diagnostics
    }

    package var succeeded: Bool { !diagnostics.hasErrors && site != nil }

    /// Pages by kind (`article: 24`), in a fixed order, for the summary line.
    package var pageCounts: [(kind: String, count: Int)] {
        guard let site else { return [] }
        return Route.Kind.allCases.compactMap { kind in
            let count = ([site] + site.translations).map { $0.routes.filter { $0.kind == kind }.count }.reduce(0, +)
            return count > 0 ? (kind.rawValue, count) : nil
        }
    }
}
