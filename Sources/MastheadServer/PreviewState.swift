import Foundation
import MastheadSupport

/// What requests are answered from: the last good site, and the problems of the last
/// build when it failed. Read and replaced as one value under a lock, so a request sees
/// one whole site, the previous or the next, never a mix.
final class PreviewState: Sendable {
    struct Value: Sendable {
        var site: PreviewSite
        /// The errors and warnings of the last build when it failed; empty once one succeeds.
        var problems: [Diagnostic]
        /// Counts the values the builder made, under its lock: the state keeps the latest made
        /// whichever order they arrive in (a search index finished beside the next save's patch).
        var revision = 0
        /// Set once a build succeeded: until then every request gets the problems page.
        var hasSite: Bool { site.number > 0 }
    }

    private let value = Locked(Value(site: .empty, problems: []))

    var current: Value {
        value.withLock { $0 }
    }

    /// Takes `newValue` unless a later one is already here.
    func replace(_ newValue: Value) {
        value.withLock { value in
            if newValue.revision >= value.revision { value = newValue }
        }
    }
}
