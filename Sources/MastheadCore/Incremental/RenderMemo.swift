import Foundation

/// The pages of the last successful render with their fingerprints (`RouteFingerprints`),
/// kept by the preview between builds: a route whose fingerprint is unchanged takes its
/// bytes from here instead of going through its template again.
public final class RenderMemo: @unchecked Sendable {
    private struct Page {
        var fingerprint: UInt64
        var data: Data
    }

    private let lock = NSLock()
    private var pages: [String: Page] = [:]
    private var reused = 0
    private var rendered = 0

    public init() {}

    /// How many pages the last render took from the memo and how many it rendered.
    public var lastRender: (reused: Int, rendered: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (reused, rendered)
    }

    func page(at path: String, fingerprint: UInt64) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        guard let page = pages[path], page.fingerprint == fingerprint else { return nil }
        return page.data
    }

    /// Records one page rendered outside a full render (a patch of the kept site).
    func update(path: String, fingerprint: UInt64, data: Data) {
        lock.lock()
        defer { lock.unlock() }
        pages[path] = Page(fingerprint: fingerprint, data: data)
    }

    /// Replaces the memo with one render's pages (nil fingerprints are not kept).
    func replace(with rendered: [(path: String, fingerprint: UInt64?, data: Data, reused: Bool)]) {
        var pages: [String: Page] = [:]
        pages.reserveCapacity(rendered.count)
        for page in rendered {
            if let fingerprint = page.fingerprint { pages[page.path] = Page(fingerprint: fingerprint, data: page.data) }
        }
        let reusedCount = rendered.filter(\.reused).count
        lock.lock()
        defer { lock.unlock() }
        self.pages = pages
        reused = reusedCount
        self.rendered = rendered.count - reusedCount
    }
}
