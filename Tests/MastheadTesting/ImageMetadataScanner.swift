import Foundation

/// The metadata blocks an image file carries, found by walking its container as the format
/// defines it, independently of Masthead's code: JPEG segments (APP1 EXIF and XMP, APP2 ICC,
/// APP13 IPTC, COM), PNG chunks (eXIf, tEXt, zTXt, iTXt, iCCP), WebP chunks (EXIF, XMP, ICCP),
/// GIF extensions (comment, plain text, application blocks other than looping), AVIF and HEIF
/// items (Exif, mime: XMP), and an SVG's `<metadata>` or XMP packet. Each finding says what and
/// where (`JPEG APP1 Exif at 2`).
package enum ImageMetadataScanner {
    package enum Kind: String { case jpeg, png, webp, gif, heif, tiff, svg }

    /// The kind of image `bytes` hold, by their signature (SVG by its text), or nil.
    package static func kind(of bytes: [UInt8], path: String = "") -> Kind? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return .png }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts(Array("ftyp".utf8), at: 4) { return .heif }
        if starts([0x49, 0x49, 0x2A, 0]) || starts([0x4D, 0x4D, 0, 0x2A]) { return .tiff }
        if path.lowercased().hasSuffix(".svg") { return .svg }
        return nil
    }

    /// Every metadata block in `bytes`; a file whose structure cannot be walked is a finding too.
    package static func findings(in bytes: [UInt8], path: String = "") -> [String] {
        switch kind(of: bytes, path: path) {
        case .jpeg: jpeg(bytes)
        case .png: png(bytes)
        case .webp: webp(bytes)
        case .gif: gif(bytes)
        case .heif: heif(bytes)
        case .tiff: ["TIFF: published as it is, with its IFDs"]
        case .svg: svg(bytes)
        case nil: []
        }
    }

    private static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(bytes.count, range.upperBound)], as: UTF8.self)
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    package static func jpeg(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return found + ["JPEG: no marker at \(offset)"] }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xD9 || marker == 0xDA { break }  // end, or the scan: no metadata after it
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                offset += 2
                continue
            }
            let length = bigEndian(bytes, offset + 2, 2)
            let payload = offset + 4..<min(bytes.count, offset + 2 + length)
            let head = text(bytes, payload.lowerBound..<payload.lowerBound + 40)
            switch marker {
            case 0xE1 where head.hasPrefix("Exif"): found.append("JPEG APP1 Exif at \(offset)")
            case 0xE1 where head.hasPrefix("http://ns.adobe.com/xap/1.0/") || head.hasPrefix("http://ns.adobe.com/xmp/extension/"):
                found.append("JPEG APP1 XMP at \(offset)")
            case 0xE1: found.append("JPEG APP1 (\(head.prefix(12))) at \(offset)")
            case 0xE2 where head.hasPrefix("ICC_PROFILE"): found.append("JPEG APP2 ICC profile at \(offset)")
            case 0xED: found.append("JPEG APP13 IPTC/Photoshop at \(offset)")
            case 0xFE: found.append("JPEG COM comment at \(offset)")
            default: break
            }
            offset += 2 + length
        }
        return found
    }

    package static func png(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bigEndian(bytes, offset, 4)
            let type = text(bytes, offset + 4..<offset + 8)
            switch type {
            case "eXIf", "zxIf": found.append("PNG \(type) EXIF at \(offset)")
            case "tEXt", "zTXt", "iTXt":
                let keyword = text(bytes, offset + 8..<offset + 8 + min(length, 79)).prefix { $0 != "\0" }
                found.append("PNG \(type) '\(keyword)'\(keyword == "XML:com.adobe.xmp" ? " XMP" : "") at \(offset)")
            case "iCCP": found.append("PNG iCCP ICC profile at \(offset)")
            case "IEND": return found
            default: break
            }
            offset += 12 + length
        }
        return found
    }

    package static func webp(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let name = text(bytes, offset..<offset + 4)
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            switch name {
            case "EXIF": found.append("WebP EXIF chunk at \(offset)")
            case "XMP ": found.append("WebP XMP chunk at \(offset)")
            case "ICCP": found.append("WebP ICCP chunk at \(offset)")
            case "VP8X" where offset + 8 < bytes.count && bytes[offset + 8] & 0x2C != 0:
                found.append("WebP VP8X flags announce metadata (\(bytes[offset + 8]))")
            default: break
            }
            offset += 8 + size + (size & 1)
        }
        return found
    }

    /// Sub-blocks from `offset` to their terminator: the offset after it.
    private static func skipSubBlocks(_ bytes: [UInt8], from start: Int) -> Int {
        var offset = start
        while offset < bytes.count, bytes[offset] != 0 { offset += 1 + Int(bytes[offset]) }
        return offset + 1
    }

    package static func gif(_ bytes: [UInt8]) -> [String] {
        guard bytes.count >= 13 else { return ["GIF: too short"] }
        var found: [String] = []
        let packed = bytes[10]
        var offset = 13 + (packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0)
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x21:
                guard offset + 2 < bytes.count else { return found + ["GIF: cut in an extension"] }
                let label = bytes[offset + 1]
                if label == 0xFE { found.append("GIF comment extension at \(offset)") }
                if label == 0x01 { found.append("GIF plain text extension at \(offset)") }
                if label == 0xFF {
                    let identifier = text(bytes, offset + 3..<offset + 14)
                    if identifier != "NETSCAPE2.0" && identifier != "ANIMEXTS1.0" {
                        found.append("GIF application extension '\(identifier)'\(identifier.hasPrefix("XMP") ? " XMP" : "") at \(offset)")
                    }
                }
                offset = skipSubBlocks(bytes, from: offset + 2)
            case 0x2C:
                guard offset + 10 <= bytes.count else { return found + ["GIF: cut in an image"] }
                let local = bytes[offset + 9]
                offset += 10 + (local & 0x80 != 0 ? 3 << (Int(local & 7) + 1) : 0)
                offset = skipSubBlocks(bytes, from: offset + 1)  // after the LZW code size
            case 0x3B: return found
            default: return found + ["GIF: unknown block \(bytes[offset]) at \(offset)"]
            }
        }
        return found
    }

    /// ISO boxes: `meta`'s `iinf` item types (Exif; mime, which is XMP), and `uuid` boxes.
    package static func heif(_ bytes: [UInt8]) -> [String] {
        var found: [String] = []
        func walk(_ range: Range<Int>, depth: Int) {
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound {
                var size = bigEndian(bytes, offset, 4)
                let type = text(bytes, offset + 4..<offset + 8)
                var header = 8
                if size == 1, offset + 16 <= range.upperBound {
                    size = bigEndian(bytes, offset + 8, 8)
                    header = 16
                } else if size == 0 {
                    size = range.upperBound - offset
                }
                guard size >= header, offset + size <= range.upperBound else {
                    found.append("HEIF: box '\(type)' overruns at \(offset)")
                    return
                }
                let body = offset + header..<offset + size
                switch type {
                case "meta": walk(body.lowerBound + 4..<body.upperBound, depth: depth + 1)
                case "iinf":
                    let version = bytes[body.lowerBound]
                    walk(body.lowerBound + (version == 0 ? 6 : 8)..<body.upperBound, depth: depth + 1)
                case "infe":
                    let version = bytes[body.lowerBound]
                    if version >= 2 {
                        let typeOffset = body.lowerBound + 4 + (version == 2 ? 2 : 4) + 2
                        let itemType = text(bytes, typeOffset..<typeOffset + 4)
                        if itemType == "Exif" { found.append("HEIF Exif item at \(offset)") }
                        if itemType == "mime" { found.append("HEIF mime (XMP) item at \(offset)") }
                    }
                case "uuid": found.append("HEIF uuid box at \(offset)")
                default: break
                }
                offset += size
            }
        }
        walk(0..<bytes.count, depth: 0)
        return found
    }

    package static func svg(_ bytes: [UInt8]) -> [String] {
        let source = String(decoding: bytes, as: UTF8.self)
        return ["<metadata", "<x:xmpmeta", "<rdf:RDF", "<?xpacket"].filter { source.contains($0) }.map { "SVG \($0)" }
    }
}
