/// Why an image cannot be used, in Masthead's words (docs/images.md, "Bad images").
public enum ImageProblem: Error, Sendable, Hashable {
    /// libvips could not read it: truncated, corrupt, or not an image at all.
    case unreadable(String)
    /// The content is another format than the extension says.
    case wrongExtension(actual: String, written: String)
    /// More pixels than `images.maxPixels`: refused before decoding (a decompression bomb, or a panorama).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// An animation, published as it is.
    case animated(frames: Int)

    public var message: String {
        switch self {
        case .unreadable(let reason):
            "cannot read the image: \(reason); the file may be truncated or damaged, export it again"
        case .wrongExtension(let actual, let written):
            "the file is a \(actual.uppercased()) image but its name ends in .\(written); rename it to end in .\(Self.usualExtension(actual))"
        case .tooManyPixels(let width, let height, let limit):
            "the image declares \(width)×\(height) pixels, more than images.maxPixels (\(limit)) in site.yml;"
                + " resize it, or raise the limit if it is genuine"
        case .animated(let frames):
            "animated image (\(frames) frames) published as it is, without resizing; a video or a still would weigh less"
        }
    }

    public var isWarning: Bool {
        if case .animated = self { return true }
        return false
    }

    private static func usualExtension(_ kind: String) -> String {
        switch kind {
        case "jpeg": "jpg"
        case "heif": "heic (or .avif)"
        case "tiff": "tif"
        default: kind
        }
    }
}
