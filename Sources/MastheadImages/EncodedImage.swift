import Foundation

/// An image decoded once, turned upright, converted to sRGB, resized to each width and
/// encoded in each format, its metadata gone; or an animation, encoded again at its own size in
/// its own format (`frames` > 1, one variant).
package struct EncodedImage: Sendable {
    /// Upright, at full size.
    package var width: Int
    package var height: Int
    /// Written as PNG rather than JPEG for browsers without AVIF and WebP.
    package var hasAlpha: Bool
    /// The mean colour, `#rrggbb`: shown while the image loads.
    package var placeholder: String
    package var variants: [Variant]
    /// 1 for a still.
    package var frames = 1

    package struct Variant: Sendable {
        package var width: Int
        package var height: Int
        package var format: ImageFormat
        package var data: Data
    }

    /// The formats written, best first: AVIF, WebP, then JPEG or PNG.
    package static func formats(hasAlpha: Bool) -> [ImageFormat] {
        [.avif, .webp, hasAlpha ? .png : .jpeg]
    }
}
