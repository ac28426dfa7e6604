import Foundation
import MastheadContent
import MastheadReports
import MastheadSite
import MastheadSupport

/// What a build is asked to do.
package struct BuildOptions: Sendable {
    /// The site, drafts, future articles and base URL: what besides the files decides the output.
    package var identity: BuildIdentity
    /// The moment drafts, future and expired articles are judged against.
    package var now = Date()
    /// What the preview keeps between its builds (`masthead serve`); nil builds from nothing.
    package var memory: RebuildMemory?
    /// What `masthead build` knows of its last build's pages (`CachedBuild`): with it, every page
    /// is fingerprinted for the next build, and one whose fingerprint is unchanged is the last
    /// build's file, kept and not rendered. nil fingerprints none (`masthead check`; the preview
    /// keeps its pages in `memory`).
    package var lastPages: LastPages?
    /// Where rendered pages go: into `BuildResult.files`, or to a sink as they are made.
    package var pageDelivery: PageDelivery = .collected
    /// Told each stage as it starts and each item done (the terminal's progress line); nil: nobody.
    package var progress: (any BuildProgress)?
    /// False renders every card and every site-wide partial through its template at each place
    /// it appears: the simple version that tests compare the partials rendered once with
    /// (`TemplateSet.rendersCardsOnce`, `TemplateSet.siteWidePartials`).
    package var partialsRenderedOnce = true
    /// Where `url: env:NAME` of a database dataset is looked up.
    package var environment: [String: String] = ProcessInfo.processInfo.environment
    /// Where the build keeps its database results, so the build cache can fingerprint them
    /// (`CachedBuild`); nil: a new one. The preview's `memory` has its own.
    package var databaseResults: DatabaseResults?
    /// The bytes of body HTML a build keeps in memory from parsing to rendering, and apart
    /// from them the bytes of the search index's words from the pages to the postings, and
    /// those of the rendered cards until the last page; the rest waits in a file of
    /// `.masthead/` with no name (`TextSpill`). 128 MB is about 25,000 articles' bodies, 50,000
    /// articles' words, 85,000 cards: a 100,000-article site's peak memory was 1.8 GB with every
    /// body kept, and a million's words would be 2.4 GB, its cards 1.5 GB.
    package var bodyMemoryBudget = 128 << 20
    /// How many URLs one sitemap file lists before the sitemap is cut in parts (`SitemapParts`);
    /// tests set fewer.
    package var sitemapURLsPerFile = SitemapParts.urlsPerFile
    /// How many candidates past the related limit a shared list keeps for its articles' small
    /// tags (`SharedRelated.extra`); tests set none, so that articles fall back to walking.
    package var relatedListExtra = SharedRelated.extra
    /// Articles and pages read from these bytes instead of their files, by path relative to the
    /// site folder (`Content/articles/moka.md`; a path with no file yet adds the document): the
    /// editor's preview of unsaved text (docs/editor.md). Nothing is written for them.
    package var unsavedDocuments: [String: Data] = [:]

    package init(identity: BuildIdentity) {
        self.identity = identity
    }

    package init(siteFolder: SiteFolder) {
        self.init(identity: BuildIdentity(siteFolder: siteFolder))
    }

    package var siteFolder: SiteFolder { identity.siteFolder }
    package var includeDrafts: Bool { identity.includeDrafts }
    package var includeFuture: Bool { identity.includeFuture }
    package var baseURL: String? { identity.baseURL }
    /// Whether pages get fingerprints (`RouteFingerprints`), and so documents their source's hash.
    var fingerprintsPages: Bool { memory != nil || lastPages != nil }
}

/// Where a build's rendered pages go.
package enum PageDelivery: Sendable {
    /// Into `BuildResult.files` (`masthead check`, `masthead serve`).
    case collected
    /// Handed to the sink in batches as they are rendered (`masthead build`, writing them), so
    /// a large site is never in memory whole. An error the sink throws stops the build with it.
    case streamed(@Sendable ([OutputFile]) throws -> Void)
}

extension BuildOptions {
    /// Where a build sets aside what it holds past `bodyMemoryBudget` (`TextSpill`, in
    /// `.masthead/`); none for the preview, which keeps its documents and index between builds.
    func makeSpill() -> TextSpill? {
        guard memory == nil else { return nil }
        let siteFolder = siteFolder
        return TextSpill(budget: bodyMemoryBudget) { try? BuildCache.makeFolder(siteFolder: siteFolder).path }
    }
}
