import Foundation

/// Plain text out of an HTML fragment, for word counts and summaries of `.html` articles.
enum HTMLText {
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

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named = [
            "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&apos;": "'", "&nbsp;": " ",
            "&egrave;": "è", "&eacute;": "é", "&agrave;": "à", "&ograve;": "ò", "&ugrave;": "ù", "&igrave;": "ì",
            "&rsquo;": "’", "&lsquo;": "‘", "&ldquo;": "“", "&rdquo;": "”", "&hellip;": "…", "&mdash;": "—", "&ndash;": "–"
        ]
        var result = text
        for (entity, character) in named.sorted(by: { $0.key < $1.key }) {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }
}
