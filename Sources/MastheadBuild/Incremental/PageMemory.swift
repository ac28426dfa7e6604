import Foundation
import MastheadSupport

/// The pages of the preview's renders with their fingerprints (`RouteFingerprints`): a route
/// whose fingerprint is unchanged takes its bytes from here instead of going through its
/// template again.
package final class PageMemory: Sendable {
    struct Page: Sendable {
        var path: String
        var fingerprint: UInt64
        var data: Data
    }

    private let pages = Locked<[String: Page]>([:])

    package init() {}

    func page(at path: String, fingerprint: UInt64) -> Data? {
        pages.withLock { pages in
            guard let page = pages[path], page.fingerprint == fingerprint else { return nil }
            return page.data
        }
    }

    /// Keeps the pages of one render. A whole site's render (`complete`) replaces them all,
    /// so pages no longer in the site are forgotten; a patch's updates only its own.
    func record(_ rendered: [Page], complete: Bool) {
        pages.withLock { pages in
            if complete { pages = Dictionary(minimumCapacity: rendered.count) }
            for page in rendered { pages[page.path] = page }
        }
    }
}
