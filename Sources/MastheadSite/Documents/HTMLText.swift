import Foundation

/// Plain text out of an HTML fragment, for word counts and summaries of `.html` articles.
package enum HTMLText {
    static func plainText(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
                text.append(" ")
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return decodeEntities(text)
    }

    /// The text of the first `<p>`, or of the whole fragment when there is none.
    static func firstParagraph(_ html: String) -> String {
        guard let open = html.range(of: "<p", options: .caseInsensitive),
            let tagEnd = html[open.upperBound...].firstIndex(of: ">"),
            let close = html[tagEnd...].range(of: "</p>", options: .caseInsensitive)
        else { return plainText(html).trimmingCharacters(in: .whitespacesAndNewlines) }
        return plainText(String(html[html.index(after: tagEnd)..<close.lowerBound]))
            .split { $0.isWhitespace }.joined(separator: " ")
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "egrave": "è", "eacute": "é", "agrave": "à", "ograve": "ò", "ugrave": "ù", "igrave": "ì",
        "rsquo": "’", "lsquo": "‘", "ldquo": "“", "rdquo": "”", "hellip": "…", "mdash": "—", "ndash": "–"
    ]

    /// The entities cmark-gfm and the themes write, and numeric ones, decoded in one pass:
    /// `&amp;lt;` is `&lt;`, not `<`. An unknown entity stays as written.
    package static func decodeEntities(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard bytes.contains(38) else { return text }  // "&"
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == 38, let end = bytes[index..<min(bytes.count, index + 10)].firstIndex(of: 59) else {  // ";"
                out.append(byte)
                continue
            }
            let name = String(decoding: bytes[index..<end], as: UTF8.self)
            if let decoded = named[name] ?? numeric(name) {
                out += decoded.utf8
                index = end + 1
            } else {
                out.append(byte)
            }
        }
        bytes = []
        return String(decoding: out, as: UTF8.self)
    }

    /// `#233` and `#xE9`.
    private static func numeric(_ name: String) -> String? {
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap { $0 == 0 ? nil : Unicode.Scalar($0) }.map { String(Character($0)) }
    }
}
