import MastheadSupport

/// The HTML escaping `{{value}}` gets in Masthead's templates: the five characters `& < > " '`,
/// by byte rather than by Character (see `escape`).
package enum HTMLEscaping {
    /// The same escape as XML's, keeping control characters. Byte by byte, so a `<` followed
    /// by a combining mark is escaped too (swift-mustache's character-by-character rule missed it).
    package static func escape(_ text: String) -> String {
        let needsEscaping = text.containsByte { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "'")
        }
        return needsEscaping ? XML.escapeCharacters(text, droppingControlCharacters: false) : text
    }
}
