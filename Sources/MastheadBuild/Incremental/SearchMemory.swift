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

    struct Pending: Sendable {
        /// The site the saves were patched into, the latest.
        var site: Site
        var articles: Set<Int>
        var pages: Set<Int>
    }

    private let state = Locked<State?>(nil)
    /// Words and their stems, kept across full builds too.
    private let kept = Locked<SearchVocabulary?>(nil)

    package init() {}

    func keep(_ kept: State) {
        self.kept.withLock { $0 = kept.entries.vocabulary }
        state.withLock { $0 = kept }
    }

    /// The kept state, taken out: a patch that fails leaves nothing behind.
    func take() -> State? {
        state.withLock { state in
            defer { state = nil }
            return state
        }
    }

    /// Adds saved articles and pages to the pending ones; false when nothing is kept to patch.
    func pend(site: Site, articles: Set<Int>, pages: Set<Int>) -> Bool {
        state.withLock { state in
            guard state != nil else { return false }
            let earlier = state?.pending
            state?.pending = Pending(
                site: site, articles: articles.union(earlier?.articles ?? []), pages: pages.union(earlier?.pages ?? []))
            return true
        }
    }

    var vocabulary: SearchVocabulary? { kept.withLock { $0 } }

    func forget() {
        state.withLock { $0 = nil }
    }
}
