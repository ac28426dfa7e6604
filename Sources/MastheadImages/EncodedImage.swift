import Foundation

/// An image decoded once, turned upright, converted to sRGB, resized to each width and
/// encoded in each format, its metadata gone; or an animation, encoded again at its own size in
/// its own format (`frames` > 1, one variant).
public struct EncodedImage: Sendable {
    /// Upright, at full size.
    public var width: Int
    public var height: Int
    /// Written as PNG rather than JPEG for browsers without AVIF and WebP.
    public var hasAlpha: Bool
    /// The mean colour, `#rrggbb`: shown while the image loads.
    public var placeholder: String
    public var variants: [Variant]
    /// 1 for a still.
    public var frames = 1

    public struct Variant: Sendable {
        public var width: Int
        public var height: Int
        public var format: ImageFormat
        public var data: Data
    }

    /// The formats written, best first: AVIF, WebP, then JPEG or PNG.
    public static func formats(hasAlpha: Bool) -> [ImageFormat] {
        [.avif, .webp, hasAlpha ? .png : .jpeg]
    }
}
