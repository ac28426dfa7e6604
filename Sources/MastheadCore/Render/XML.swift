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

    /// The scalar-by-scalar escape. XML 1.0 forbids control characters other than
    /// tab and newlines, so XML drops them; HTML templates keep them as the Mustache library did.
    /// By Unicode scalar, not by Character: `"` or `<` followed by a combining mark is one
    /// Character, not equal to `"`, yet to a browser or an XML parser it is still a quote
    /// that ends the attribute (found by FuzzTemplateValues).
    static func escapeCharacters(_ text: String, droppingControlCharacters: Bool) -> String {
        // Byte by byte over UTF-8: every character escaped here is ASCII, and an ASCII byte
        // never occurs inside a longer sequence, so this is exactly the scalar-by-scalar rule.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
            default:
                if droppingControlCharacters, byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { continue }
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
