/// The formats Masthead writes images in: AVIF, WebP and JPEG or PNG for a still, GIF or WebP
/// for an animation.
package enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case avif, webp, jpeg, png, gif

    package var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
    package var mimeType: String { "image/\(rawValue)" }
}

/// File extensions of the raster images Masthead processes (SVG is drawn by the browser). Every
/// one is decoded and encoded again, its metadata gone: none is published as it is.
package enum RasterImage {
    /// What each processed extension holds, as `ImageLibrary.kind` names it; `.jfif`, `.jpe`,
    /// `.jif` and `.jfi` are JPEG names cameras and Windows still write; a BMP is read by
    /// libvips's ImageMagick loader.
    package static let kinds: [String: String] = [
        "jpg": "jpeg", "jpeg": "jpeg", "jpe": "jpeg", "jfif": "jpeg", "jif": "jpeg", "jfi": "jpeg",
        "png": "png", "webp": "webp", "avif": "heif", "heic": "heif", "heif": "heif", "gif": "gif", "tif": "tiff", "tiff": "tiff",
        "jxl": "jxl", "jp2": "jp2k", "j2k": "jp2k", "bmp": "magick"
    ]

    package static var extensions: Set<String> { Set(kinds.keys) }

    /// Whether a path names a raster image by its extension.
    package static func isRaster(_ path: String) -> Bool {
        kinds[path.lowercasedPathExtension] != nil
    }

    /// The extension a file of `kind` usually has, for messages.
    package static func usualExtension(_ kind: String) -> String {
        switch kind {
        case "jpeg": "jpg"
        case "heif": "heic (or .avif)"
        case "tiff": "tif"
        case "jp2k": "jp2"
        default: kind
        }
    }
}
