/// The formats Masthead writes images in.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case avif, webp, jpeg, png

    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
    public var mimeType: String { "image/\(rawValue)" }
}

/// File extensions of the raster images Masthead processes (SVG is drawn by the browser).
public enum RasterImage {
    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp", "avif", "heic", "heif", "gif", "tif", "tiff"]

    /// Whether a path names a raster image by its extension.
    public static func isRaster(_ path: String) -> Bool {
        extensions.contains(path.lowercasedPathExtension)
    }
}
