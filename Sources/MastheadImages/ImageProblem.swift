/// Why an image cannot be used, in Masthead's words (docs/images.md, "Bad images").
package enum ImageProblem: Error, Sendable, Hashable {
    /// libvips could not read it: truncated, corrupt, or not an image at all.
    case unreadable(String)
    /// The content is another format than the extension says.
    case wrongExtension(actual: String, written: String)
    /// A raster image under a name Masthead does not process (`.bin`, `.dng`, none): published as
    /// it is, it would keep its metadata.
    case unprocessedName(actual: String, written: String)
    /// More pixels than `images.maxPixels`: refused before decoding (a decompression bomb, or a panorama).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// An animation whose frames hold more pixels in all than `images.maxPixels`.
    case tooManyFramePixels(width: Int, height: Int, frames: Int, limit: Int)
    /// An animation, published at its full size (its frames decoded and encoded again, metadata gone).
    case animated(frames: Int)

    package var message: String {
        switch self {
        case .unreadable(let reason):
            "cannot read the image: \(reason); the file may be truncated or damaged, export it again"
        case .wrongExtension(let actual, let written):
            "the file is a \(Self.name(actual)) image but its name ends in .\(written); rename it to end in .\(RasterImage.usualExtension(actual))"
        case .unprocessedName(let actual, let written):
            "the file is a \(Self.name(actual)) image but its name "
                + (written.isEmpty ? "has no extension" : "ends in .\(written)")
                + ", which Masthead does not process: published as it is, it would keep its metadata (GPS position, camera);"
                + " rename it to end in .\(RasterImage.usualExtension(actual)), or export it as JPEG or PNG"
        case .tooManyPixels(let width, let height, let limit):
            "the image declares \(width)×\(height) pixels, more than images.maxPixels (\(limit)) in site.yml;"
                + " resize it, or raise the limit if it is genuine"
        case .tooManyFramePixels(let width, let height, let frames, let limit):
            "the animation declares \(frames) frames of \(width)×\(height) pixels (\(width * height * frames) in all),"
                + " more than images.maxPixels (\(limit)) in site.yml; make it smaller or shorter, or raise the limit if it is genuine"
        case .animated(let frames):
            "animated image (\(frames) frames) published at its full size, without resizing; a video or a still would weigh less"
        }
    }

    package var isWarning: Bool {
        if case .animated = self { return true }
        return false
    }

    /// `jpeg` → `JPEG`, `jp2k` → `JPEG 2000`, `jxl` → `JPEG XL`.
    private static func name(_ kind: String) -> String {
        switch kind {
        case "jp2k": "JPEG 2000"
        case "jxl": "JPEG XL"
        default: kind.uppercased()
        }
    }
}
