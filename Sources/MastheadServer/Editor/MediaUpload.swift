import Foundation
import MastheadContent
import MastheadSupport

/// A photo sent to the media library: accepted by its bytes (JPEG, PNG, WebP, HEIC, AVIF),
/// not by its name, up to a size, and written under the image folder as a slug of its name
/// with the extension its bytes call for, next to, never over, a file of that name.
enum MediaUpload {
    static let folder = "Content/static/images"
    static let maximumBytes = 25 << 20

    /// The kind of image the bytes are, as a file extension; nil for anything else.
    static func imageExtension(of data: Data) -> String? {
        let bytes = [UInt8](data.prefix(16))
        func ascii(_ range: Range<Int>) -> String {
            bytes.count >= range.upperBound ? String(decoding: bytes[range], as: UTF8.self) : ""
        }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if ascii(0..<4) == "RIFF" && ascii(8..<12) == "WEBP" { return "webp" }
        if ascii(4..<8) == "ftyp" {
            switch ascii(8..<12) {
            case "avif", "avis": return "avif"
            case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1": return "heic"
            default: return nil
            }
        }
        return nil
    }

    /// Writes the upload; gives the path it took (`Content/static/images/my-photo.jpg`).
    static func store(_ data: Data, named name: String, siteFolder: SiteFolder) -> Result<String, EditorPath.Refusal> {
        guard data.count <= maximumBytes else {
            return .failure(EditorPath.Refusal(message: "refused: the file is \(data.count >> 20) MB; the limit is \(maximumBytes >> 20) MB"))
        }
        guard let type = imageExtension(of: data) else {
            return .failure(
                EditorPath.Refusal(message: "refused: \(EditorPath.shown(name)) is not a JPEG, PNG, WebP, HEIC or AVIF image (judged by its bytes)"))
        }
        let stem = (name as NSString).deletingPathExtension
        let slug = Slug.make(stem).isEmpty ? "image" : Slug.make(stem)
        for number in 1...1000 {
            let path = "\(folder)/\(slug)\(number == 1 ? "" : "-\(number)").\(type)"
            switch EditorPath.check(path, under: folder + "/", siteFolder: siteFolder) {
            case .failure(let refusal): return .failure(refusal)
            case .success: break
            }
            switch AtomicFile.write(data, to: siteFolder.path(path), replacing: false) {
            case .success: return .success(path)
            case .failure(let failure) where failure.message.hasSuffix("nothing was replaced"): continue
            case .failure(let failure): return .failure(EditorPath.Refusal(message: failure.message))
            }
        }
        return .failure(EditorPath.Refusal(message: "refused: too many files named \(slug)"))
    }
}
