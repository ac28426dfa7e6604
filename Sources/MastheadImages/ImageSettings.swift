/// `images:` in site.yml: how raster images are resized and encoded (docs/images.md).
package struct ImageSettings: Sendable, Hashable {
    /// The widths written, in pixels; an image narrower than the largest is never upscaled.
    package var widths: [Int] = [480, 960, 1600]
    /// Images declaring more pixels than this are refused before they are decoded.
    package var maxPixels = 50_000_000
    /// Encoder quality, 1 to 100, for AVIF, WebP and JPEG.
    package var quality = 70
    /// The social card's colours when the page has no category colour of its own.
    package var cardBackground = "#222222"
    package var cardText = "#ffffff"

    package init() {}

    /// The widths to write for an image `width` pixels wide, smallest first: the configured
    /// widths below it, and the image's own width in place of any above it.
    package func variantWidths(forWidth width: Int) -> [Int] {
        let sorted = Set(widths.filter { $0 > 0 }).sorted()
        var chosen = sorted.filter { $0 < width }
        if let largest = sorted.last, largest >= width { chosen.append(width) }
        return chosen.isEmpty ? [width] : chosen
    }

    /// What changes the bytes written, for cache keys.
    package var fingerprint: String {
        "w=\(widths.sorted().map(String.init).joined(separator: ",")) q=\(quality) v=1"
    }
}
