import Foundation
import MastheadSupport

/// What the image stage gives: every image pages may show, the files to publish, and the
/// static files they replace (a photo's original, with its metadata, is never published).
package struct ProcessedImages: Sendable {
    package var table = SiteImages()
    package var files: [OutputFile] = []
    /// Site-relative paths of static files not to copy.
    package var replaced: Set<String> = []
    /// The paths of the social cards among `files`, so adding one more does not look through them all.
    package var cardFiles: Set<String> = []
    /// What `RouteFingerprints` takes: a page shows new images when this moves.
    package var fingerprint = ""

    package init() {}
}
