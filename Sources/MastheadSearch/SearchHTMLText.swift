import MastheadSite

/// The prose of rendered HTML, for the index: tags dropped, and with them the content of
/// `<svg>`, `<script>`, `<style>` and `<template>` (a chart's labels are no prose), runs of
/// spaces made one, entities decoded. Read byte by byte: tags and spaces are ASCII, and a
/// large site's text passes through here once.
enum SearchHTMLText {
    private static let skipped: [[UInt8]] = ["svg", "script", "style", "template"].map { Array($0.utf8) }

    static func plainText(_ html: String) -> String {
        let text = html.withUTF8Bytes { bytes in
            // At most one byte out for each byte in: written in place, with no check per byte.
            let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            defer { out.deallocate() }
            let length = plainText(bytes, into: out)
            return String(decoding: UnsafeBufferPointer(rebasing: out[0..<length]), as: UTF8.self)
        }
        return HTMLText.decodeEntities(text)
    }

    /// Writes the prose of `bytes` into `out`; the length written.
    private static func plainText(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var length = 0
        // One space for a run of spaces, tags and line breaks, none at the start.
        func space() {
            if length > 0, out[length - 1] != 32 {
                out[length] = 32
                length += 1
            }
        }
        var skipping: [UInt8]?
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte != 60 {  // "<"
                if skipping == nil {
                    if byte == 32 || byte == 10 || byte == 9 || byte == 13 {
                        space()
                    } else {
                        out[length] = byte
                        length += 1
                    }
                }
                index += 1
                continue
            }
            var close = index + 1
            while close < count, bytes[close] != 62 { close += 1 }  // ">"
            guard close < count else { break }
            var nameStart = index + 1
            let isEnd = nameStart < close && bytes[nameStart] == 47  // "/"
            if isEnd { nameStart += 1 }
            var nameEnd = nameStart
            while nameEnd < close, Self.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])
            if let open = skipping {
                if isEnd, Self.name(name, is: open) { skipping = nil }
            } else if !isEnd, bytes[close - 1] != 47, let match = skipped.first(where: { Self.name(name, is: $0) }) {
                skipping = match
            }
            space()
            index = close + 1
        }
        while length > 0, out[length - 1] == 32 { length -= 1 }
        return length
    }

    /// Whether a tag's name is `lowercased`, in any case.
    private static func name(_ name: UnsafeBufferPointer<UInt8>, is lowercased: [UInt8]) -> Bool {
        name.count == lowercased.count && zip(name, lowercased).allSatisfy { $0 | 0x20 == $1 }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57)
    }
}
