import Foundation

/// Related-article lists kept between preview builds. Finding them touches every pair of
/// articles sharing a tag (millions of pairs on a large site with few tags), yet they depend
/// only on each article's slug, tags, category and explicit `related`, in article order:
/// while those are unchanged (an edit to a body or a title), the last lists still hold.
public final class ResolveMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var key: UInt64?
    private var related: [[Int]] = []
    private var diagnostics: [Diagnostic] = []

    public init() {}

    func related(key: UInt64, compute: () -> (related: [[Int]], diagnostics: [Diagnostic])) -> (related: [[Int]], diagnostics: [Diagnostic]) {
        lock.lock()
        if self.key == key {
            defer { lock.unlock() }
            return (related, diagnostics)
        }
        lock.unlock()
        let computed = compute()
        lock.lock()
        defer { lock.unlock() }
        self.key = key
        related = computed.related
        diagnostics = computed.diagnostics
        return computed
    }
}
