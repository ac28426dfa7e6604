import Foundation

/// What the image stage gives: every image pages may show, the files to publish, and the
/// static files they replace (a photo's original, with its metadata, is never published).
struct ProcessedImages: Sendable {
    var table = SiteImages()
    var files: [OutputFile] = []
    /// Site-relative paths of static files not to copy.
    var replaced: Set<String> = []
    /// What `RouteFingerprints` takes: a page shows new images when this moves.
    var fingerprint = ""
}
