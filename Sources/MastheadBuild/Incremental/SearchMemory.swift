import MastheadSearch
import MastheadSite
import MastheadSupport

/// The search index's entries of the preview's last build, so a save is patched into the
/// index by making only the saved documents' entries again (`SearchStage.patch`).
package final class SearchMemory: Sendable {
    struct State: Sendable {
        var entries: SearchEntries
        /// The index's file paths, so a patch hands over only the files it adds.
        var paths: Set<String>
        /// Saves patched into the site whose entries are not made yet: the preview shows the
        /// saved page first and brings the index up to date after (`SearchStage.finishPatch`).
        var pending: Pending?
    }

    /// The saved documents, not the site they were patched into: a site kept here would share
    /// its arrays with the preview's, and the next patch would copy them whole (100,000
    /// articles, 150 ms and more a save).
    struct Pending: Sendable {
        /// By index in the site, each the latest saved.
        var articles: [Int: ResolvedArticle] = [:]
        var pages: [Int: ResolvedPage] = [:]
        /// The site's settings when they were saved, the latest.
        var config: SiteConfig
    }

    /// The kept state, and a count of its changes: a finish works on a copy while saves go on
    /// being patched, and keeps its result only if nothing changed the state meanwhile.
    private struct Stored: Sendable {
        var state: State?
        var generation = 0
    }

    private let stored = Locked(Stored())
    /// Words and their stems, kept across full builds too.
    private let kept = Locked<SearchVocabulary?>(nil)

    package init() {}

    func keep(_ kept: State) {
        self.kept.withLock { $0 = kept.entries.vocabulary }
        stored.withLock { stored in
            stored.state = kept
            stored.generation += 1
        }
    }

    /// The kept state, left in place, and its generation for `replace(_:ifStillAt:)`.
    func current() -> (state: State, generation: Int)? {
        stored.withLock { stored in stored.state.map { ($0, stored.generation) } }
    }

    /// Keeps `finished`, made from the state of `generation`, unless a build, a patch or a
    /// forget came since; false then, and the pending saves stay for the next finish.
    func replace(_ finished: State, ifStillAt generation: Int) -> Bool {
        stored.withLock { stored in
            guard stored.generation == generation, stored.state != nil else { return false }
            stored.state = finished
            stored.generation += 1
            return true
        }
    }

    /// Adds saved articles and pages (by index in `site`) to the pending ones; false when nothing is kept to patch.
    func pend(site: Site, articles: Set<Int>, pages: Set<Int>) -> Bool {
        stored.withLock { stored in
            guard stored.state != nil else { return false }
            var pending = stored.state?.pending ?? Pending(config: site.config)
            pending.config = site.config
            for index in articles { pending.articles[index] = site.articles[index] }
            for index in pages { pending.pages[index] = site.pages[index] }
            stored.state?.pending = pending
            stored.generation += 1
            return true
        }
    }

    var vocabulary: SearchVocabulary? { kept.withLock { $0 } }

    func forget() {
        stored.withLock { stored in
            stored.state = nil
            stored.generation += 1
        }
    }
}
