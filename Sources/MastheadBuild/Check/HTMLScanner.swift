import Foundation
import MastheadSite

/// A small, forgiving scanner over the tags of an HTML page: enough to find links,
/// images, ids and the title, with the line each tag starts on. Not a full HTML parser:
/// comments, `<script>` and `<style>` contents are skipped, everything else is read as tags.
struct HTMLScanner {
    struct Tag {
        var name: String
        var attributes: [String: String]
        var line: Int
    }

    /// Tags in document order, and the text of `<title>`.
    static func scan(_ html: String) -> (tags: [Tag], title: String?) {
        let bytes = Array(html.utf8)
        var tags: [Tag] = []
        var title: String?
        var index = 0
        var line = 1
        func advance(to end: Int) {
            while index < end && index < bytes.count {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
        func matches(_ pattern: [UInt8], at position: Int) -> Bool {
            position + pattern.count <= bytes.count && bytes[position..<position + pattern.count].elementsEqual(pattern)
        }
        // Each search starts where the scan stands and the scan then moves past what it found
        // (or to the end), so the page is walked once.
        func find(_ needle: String, from start: Int) -> Int? {
            let pattern = Array(needle.utf8)
            var position = start
            while position + pattern.count <= bytes.count {
                if bytes[position] == pattern[0], matches(pattern, at: position) { return position }
                position += 1
            }
            return nil
        }
        let commentStart = Array("<!--".utf8)
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                advance(to: index + 1)
                continue
            }
            if matches(commentStart, at: index) {
                advance(to: (find("-->", from: index + 4) ?? bytes.count) + 3)
                continue
            }
            let tagLine = line
            var end = index + 1
            var quote: UInt8?
            while end < bytes.count {
                let byte = bytes[end]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                end += 1
            }
            let inner = String(decoding: bytes[(index + 1)..<min(end, bytes.count)], as: UTF8.self)
            advance(to: end + 1)
            guard let tag = parseTag(inner, line: tagLine) else { continue }
            tags.append(tag)
            if tag.name == "script" || tag.name == "style" || tag.name == "title" {
                let close = find("</\(tag.name)", from: index) ?? bytes.count
                if tag.name == "title" {
                    title = HTMLText.decodeEntities(String(decoding: bytes[index..<close], as: UTF8.self))
                }
                advance(to: close)
            }
        }
        return (tags, title)
    }

    private static func parseTag(_ inner: String, line: Int) -> Tag? {
        guard let first = inner.first, first.isLetter else { return nil }
        var characters = inner[...]
        // Lowercasing can change the count (`İ`): move on past the name as written.
        let writtenName = characters.prefix { !$0.isWhitespace && $0 != "/" }
        let name = writtenName.lowercased()
        characters = characters[writtenName.endIndex...]
        var attributes: [String: String] = [:]
        while true {
            characters = characters.drop { $0.isWhitespace || $0 == "/" }
            guard !characters.isEmpty else { break }
            let writtenKey = characters.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }
            guard !writtenKey.isEmpty else { break }
            let key = writtenKey.lowercased()
            characters = characters[writtenKey.endIndex...].drop { $0.isWhitespace }
            var value = ""
            if characters.first == "=" {
                characters = characters.dropFirst().drop { $0.isWhitespace }
                if let quote = characters.first, quote == "\"" || quote == "'" {
                    characters = characters.dropFirst()
                    let written = characters.prefix { $0 != quote }
                    value = String(written)
                    characters = characters[written.endIndex...].dropFirst()
                } else {
                    let written = characters.prefix { !$0.isWhitespace }
                    value = String(written)
                    characters = characters[written.endIndex...]
                }
            }
            attributes[key] = HTMLText.decodeEntities(value)
        }
        return Tag(name: name, attributes: attributes, line: line)
    }
}
