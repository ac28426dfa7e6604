import Mustache

/// The HTML escaping `{{value}}` gets in Masthead's templates: the same five characters
/// as swift-mustache's own (`& < > " '`), but without its per-character dictionary lookups,
/// which made escaping a quarter of a large build (callgrind), and by byte rather than by
/// Character (see `escape`). TemplateSet switches every template to it with a pragma.
struct MastheadHTMLContentType: MustacheContentType {
    static let name = "MASTHEAD_HTML"
    /// Put before each template's text: standalone on its own line, so it adds nothing to
    /// the output (template error lines are shifted back by one).
    static let pragma = "{{% CONTENT_TYPE: \(name)}}\n"

    /// Registers the content type with the Mustache library, once, before any template is parsed.
    static let registered: Bool = {
        MustacheContentTypes.register(MastheadHTMLContentType(), named: name)
        return true
    }()

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    /// The same escape as XML's, keeping control characters as the Mustache library did.
    /// Byte by byte, so a `<` followed by a combining mark is escaped too (the library's
    /// character-by-character rule missed it).
    static func escape(_ text: String) -> String {
        let needsEscaping = text.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "'")
        }
        return needsEscaping ? XML.escapeCharacters(text, droppingControlCharacters: false) : text
    }
}
