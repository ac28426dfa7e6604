/// Escaping for text and attribute values in XML and HTML.
public enum XML {
    public static func escape(_ text: String) -> String {
        // Most text needs no change: one pass over the bytes finds out.
        let needsWork = text.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "'") || (byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r"))
        }
        guard needsWork else { return text }
        return escapeCharacters(text, droppingControlCharacters: true)
    }

    /// The character-by-character escape. XML 1.0 forbids control characters other than
    /// tab and newlines, so XML drops them; HTML templates keep them as the Mustache library did.
    static func escapeCharacters(_ text: String, droppingControlCharacters: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                if droppingControlCharacters, let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                   scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" {
                    continue
                }
                result.append(character)
            }
        }
        return result
    }
}
