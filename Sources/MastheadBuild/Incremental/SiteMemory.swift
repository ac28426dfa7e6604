import Foundation
import MastheadImages
import MastheadRender
import MastheadReports
import MastheadSite
import MastheadSupport

/// The preview's last successful build, kept whole, so that saving an article, a page or a
/// static file can be patched in (`Pipeline.run(.changes)`): the same stages run on the saved files only.
package final class SiteMemory: Sendable {
    struct State: Sendable {
        var identity: BuildIdentity
        /// Past this moment a publication, an expiry or a catalog's rotation may change the site.
        var validUntil: Date
        var templates: TemplateSet
        /// The site in its primary language, with the other languages' sites in `translations`.
        var site: Site
        /// Each language's parser and places: the primary's first, then those of `site.translations` in order.
        var languages: [Language]
        /// What `RouteFingerprints` takes besides the site (see `Pipeline.fingerprintInputs`).
        var fingerprintInputs: String
        /// On a multilingual site, the primary language's documents by translation group
        /// (`TranslationGroups.groupKey`), published or not: what a saved translation joins.
        var originals: [String: Document] = [:]
        /// The groups some translation joins: a saved original there must give them what it gave.
        var translatedGroups: Set<String> = []
        /// Every article, page and report file read, with its kind.
        var sources: [String: Document.Kind]
        /// Files some diagnostic of the build names (an ignored file, say).
        var diagnosedFiles: Set<String>
        /// The build's warnings, shown again in the terminal after a patch.
        var diagnostics: [Diagnostic]
        /// The image stage's product and the static files it read: a patch shows the same images.
        var images = ProcessedImages()
        var staticPaths: [String] = []

        /// Every language's site, the primary first.
        var sites: [Site] { [site] + site.translations }

        /// The site of one language: 0 the primary, then `site.translations` in order.
        func site(of language: Int) -> Site {
            language == 0 ? site : site.translations[language - 1]
        }

        /// `body` on the site of one language (0: the primary, then `site.translations` in order),
        /// in place: a patch changes a few documents of a site whose arrays it must not copy.
        mutating func withSite<Result>(_ language: Int, _ body: (inout Site) -> Result) -> Result {
            language == 0 ? body(&site) : body(&site.translations[language - 1])
        }
    }

    /// What a patch of one language's saved files needs besides its site.
    struct Language: Sendable {
        var parser: DocumentParser
        /// Draws the report blocks of saved documents, with the statistics this build read.
        var reports: ReportEngine
        /// Where the site's documents are, by source path (patches keep them in place).
        var documentIndex: SiteDocumentIndex
        /// `RouteFingerprints.articleKeys` of the site, kept up to date by patches.
        var articleKeys: [UInt64] = []
    }

    private let state = Locked<State?>(nil)

    package init() {}

    func keep(_ kept: State) {
        var kept = kept
        for (index, site) in kept.sites.enumerated() where kept.languages[index].articleKeys.count != site.articles.count {
            kept.languages[index].articleKeys = site.articles.map(RouteFingerprints.articleKey)
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
