import Foundation

/// What a file is from its first bytes, for the static files Masthead would otherwise copy as they
/// are: a photo named `.bin`, `.dng` or with no extension at all still holds its EXIF and GPS
/// position, so it is refused rather than published (docs/images.md, "Bad images").
package enum ImageSignature {
    /// Enough for every signature below.
    static let length = 16

    /// The kind of raster image `bytes` begin, named as `ImageLibrary.kind` names it, or nil.
    /// Only formats that can carry metadata and have a signature no text file starts with.
    static func kind(of bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpeg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "webp" }
        // TIFF and the camera raw formats built on it (DNG, NEF, CR2, ARW), BigTIFF included.
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) || starts([0x49, 0x49, 0x2B, 0x00])
            || starts([0x4D, 0x4D, 0x00, 0x2B])
        {
            return "tiff"
        }
        // ISO boxes: `ftyp` and an image brand (a video's brands, isom or mp42, are not images).
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if ["avif", "avis", "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains(brand) { return "heif" }
        }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return "jxl" }
        if starts([0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) || starts([0xFF, 0x4F, 0xFF, 0x51]) { return "jp2k" }
        return nil
    }

    /// The kind of raster image the file at `path` holds, from its first bytes; nil for anything
    /// else, or a file that cannot be read (the static copy reports that).
    package static func kind(ofFileAt path: String) -> String? {
        guard let handle = regularFile(at: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: length) else { return nil }
        return kind(of: [UInt8](data))
    }

    /// Whether a GIF file ends with its trailer byte (`;`): libvips reads a GIF cut short as the
    /// frames it holds whole and drops the rest without a word.
    static func gifIsWhole(fileAt path: String) -> Bool {
        guard let handle = regularFile(at: path) else { return false }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end > 0 else { return false }
        try? handle.seek(toOffset: end - 1)
        return (try? handle.read(upToCount: 1)) == Data([0x3B])
    }

    /// The file at `path` opened for reading when it is a regular file (through links), else nil:
    /// opening a named pipe would wait for a writer, and the static copy reports such a file.
    private static func regularFile(at path: String) -> FileHandle? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}
