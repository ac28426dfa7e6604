/// Escaping for text and attribute values in XML and HTML.
public enum XML {
    public static func escape(_ text: String) -> String {
        // Most text needs no change: one pass over the bytes finds out.
        let needsWork = text.containsByte { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "'")
                || (byte < 0x20 && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r"))
        }
        guard needsWork else { return text }
        return escapeCharacters(text, droppingControlCharacters: true)
    }

    /// The scalar-by-scalar escape. XML 1.0 forbids control characters other than
    /// tab and newlines, so XML drops them; HTML templates keep them as the Mustache library did.
    /// By Unicode scalar, not by Character: `"` or `<` followed by a combining mark is one
    /// Character, not equal to `"`, yet to a browser or an XML parser it is still a quote
    /// that ends the attribute (found by FuzzTemplateValues).
    package static func escapeCharacters(_ text: String, droppingControlCharacters: Bool) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        escape(text, into: &escaped, droppingControlCharacters: droppingControlCharacters)
        return escaped
    }

    /// What one byte of text becomes: an entity, nothing (a dropped control character), or nil for itself.
    package static func replacement(for byte: UInt8, droppingControlCharacters: Bool) -> String? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        case let byte where droppingControlCharacters && byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D: ""
        default: nil
        }
    }

    /// `escape` appended to `output`, the text between escapes copied in runs: a large text (a
    /// feed's articles) is not copied again on the way.
    package static func escape(_ text: String, into output: inout String, droppingControlCharacters: Bool = true) {
        // Byte by byte over UTF-8: every character escaped here is ASCII, and an ASCII byte
        // never occurs inside a longer sequence, so this is exactly the scalar-by-scalar rule.
        // Over the contiguous bytes, not String indices: this runs for every value a template
        // writes, and index arithmetic was most of its cost.
        var text = text
        let escapedAny = text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                guard let replacement = replacement(for: bytes[index], droppingControlCharacters: droppingControlCharacters) else { continue }
                if index > runStart { output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self) }
                output += replacement
                runStart = index + 1
            }
            guard runStart > 0 else { return false }
            if runStart < bytes.count { output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self) }
            return true
        }
        if !escapedAny { output += text }
    }

    /// A URL for an `href` or `src` attribute, written as cmark-gfm writes its own (`houdini_escape_href`):
    /// bytes outside its safe set percent-encoded (`%20`, `%C3%A8`), `&` and `'` as entities, the rest
    /// (`%` included, so an address already encoded is left alone) as it is.
    package static func escapeURL(_ url: String) -> String {
        encodeURL(url, entities: true)
    }

    /// The same percent-encoding without the entities, for a URL that is escaped later (a
    /// `srcset` candidate, where a space would end the URL and start its width).
    package static func percentEncodedURL(_ url: String) -> String {
        encodeURL(url, entities: false)
    }

    private static func encodeURL(_ url: String, entities: Bool) -> String {
        var escaped = ""
        escaped.reserveCapacity(url.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "&") where entities: escaped += "&amp;"
            case UInt8(ascii: "'") where entities: escaped += "&#x27;"
            case UInt8(ascii: "&"), UInt8(ascii: "'"): escaped.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where urlSafe.contains(byte): escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default: escaped += String(decoding: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return escaped
    }

    /// What cmark-gfm's `HREF_SAFE` table keeps as it is: letters, digits and `-_.+!*(),%#@?=;:/$~`.
    private static let urlSafe: Set<UInt8> = Set(
        Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+!*(),%#@?=;:/$~".utf8))
}
