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
        func find(_ needle: String, from start: Int) -> Int? {
            let pattern = Array(needle.utf8)
            guard pattern.count <= bytes.count else { return nil }
            var position = start
            while position + pattern.count <= bytes.count {
                if bytes[position] == pattern[0], Array(bytes[position..<position + pattern.count]) == pattern { return position }
                position += 1
            }
            return nil
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { advance(to: index + 1); continue }
            if find("<!--", from: index) == index {
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
                    title = decodeEntities(String(decoding: bytes[index..<close], as: UTF8.self))
                }
                advance(to: close)
            }
        }
        return (tags, title)
    }

    private static func parseTag(_ inner: String, line: Int) -> Tag? {
        guard let first = inner.first, first.isLetter else { return nil }
        var characters = inner[...]
        let name = characters.prefix { !$0.isWhitespace && $0 != "/" }.lowercased()
        characters = characters.dropFirst(name.count)
        var attributes: [String: String] = [:]
        while true {
            characters = characters.drop { $0.isWhitespace || $0 == "/" }
            guard !characters.isEmpty else { break }
            let key = characters.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }.lowercased()
            guard !key.isEmpty else { break }
            characters = characters.dropFirst(key.count).drop { $0.isWhitespace }
            var value = ""
            if characters.first == "=" {
                characters = characters.dropFirst().drop { $0.isWhitespace }
                if let quote = characters.first, quote == "\"" || quote == "'" {
                    characters = characters.dropFirst()
                    value = String(characters.prefix { $0 != quote })
                    characters = characters.dropFirst(value.count + 1)
                } else {
                    value = String(characters.prefix { !$0.isWhitespace })
                    characters = characters.dropFirst(value.count)
                }
            }
            attributes[key] = decodeEntities(value)
        }
        return Tag(name: name, attributes: attributes, line: line)
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

import Foundation
