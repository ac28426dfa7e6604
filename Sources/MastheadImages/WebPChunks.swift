import Foundation

/// The metadata chunks of a WebP file removed. libvips 8.14's WebP writer adds an EXIF block
/// of its own (resolution, orientation, pixel size) even when told to strip: nothing the page
/// needs, and the output promises no EXIF at all.
enum WebPChunks {
    /// `data` without its `EXIF`, `XMP ` and `ICCP` chunks, with the extended header's flags and
    /// the RIFF size to match; `data` itself when it is not a WebP file.
    static func withoutMetadata(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else { return data }
        var kept: [UInt8] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let name = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(littleEndian: bytes, at: offset + 4)
            let end = offset + 8 + size + (size & 1)
            guard end <= bytes.count else { return data }
            if !["EXIF", "XMP ", "ICCP"].contains(name) {
                var chunk = Array(bytes[offset..<end])
                // VP8X flags: ICC profile 0x20, EXIF 0x08, XMP 0x04 (alpha and animation stay).
                if name == "VP8X", chunk.count > 8 { chunk[8] &= ~UInt8(0x20 | 0x08 | 0x04) }
                kept += chunk
            }
            offset = end
        }
        let riffSize = UInt32(4 + kept.count)
        let header: [UInt8] = Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: riffSize >> (8 * $0)) } + Array("WEBP".utf8)
        return Data(header + kept)
    }
}

extension Int {
    /// A 32-bit little-endian unsigned number at `offset`.
    fileprivate init(littleEndian bytes: [UInt8], at offset: Int) {
        self = (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
}
