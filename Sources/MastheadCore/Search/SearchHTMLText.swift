/// The prose of rendered HTML, for the index: tags dropped, and with them the content of
/// `<svg>`, `<script>`, `<style>` and `<template>` (a chart's labels are no prose), runs of
/// spaces made one, entities decoded. Read byte by byte: tags and spaces are ASCII, and a
/// large site's text passes through here once.
enum SearchHTMLText {
    private static let skipped: [[UInt8]] = ["svg", "script", "style", "template"].map { Array($0.utf8) }

    static func plainText(_ html: String) -> String {
        var bytes = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var skipping: [UInt8]?
        var index = 0
        let count = bytes.count
        func space() { if let last = out.last, last != 32 { out.append(32) } }
        while index < count {
            let byte = bytes[index]
            if byte != 60 {  // "<"
                if skipping == nil {
                    if byte == 32 || byte == 10 || byte == 9 || byte == 13 { space() } else { out.append(byte) }
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
            let name = bytes[nameStart..<nameEnd].map { $0 | 0x20 }
            if let open = skipping {
                if isEnd, name == open { skipping = nil }
            } else if !isEnd, bytes[close - 1] != 47, let match = skipped.first(where: { $0 == name }) {
                skipping = match
            }
            space()
            index = close + 1
        }
        bytes = []
        while out.last == 32 { out.removeLast() }
        let text = String(decoding: out.first == 32 ? Array(out.dropFirst()) : out, as: UTF8.self)
        return HTMLText.decodeEntities(text)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57)
    }
}
