import Synchronization

/// The search index's entries of the preview's last build, so a save is patched into the
/// index by making only the saved documents' entries again (`SearchStage.patch`).
public final class SearchMemory: Sendable {
    struct State: Sendable {
        var entries: SearchEntries
        /// The index's file paths, so a patch hands over only the files it adds.
        var paths: Set<String>
    }

    private let state = Mutex<State?>(nil)
    /// Words and their stems, kept across full builds too.
    private let kept = Mutex<SearchVocabulary?>(nil)

    public init() {}

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

    var vocabulary: SearchVocabulary? { kept.withLock { $0 } }

    func forget() {
        state.withLock { $0 = nil }
    }
}
