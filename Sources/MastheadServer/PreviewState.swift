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
        /// Set once a build succeeded: until then every request gets the problems page.
        var hasSite: Bool { site.number > 0 }
    }

    private let value = Locked(Value(site: .empty, problems: []))

    var current: Value {
        value.withLock { $0 }
    }

    func replace(_ newValue: Value) {
        value.withLock { $0 = newValue }
    }
}
