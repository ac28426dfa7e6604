import Mustache

/// The HTML escaping `{{value}}` gets in Masthead's templates: the same five characters
/// as swift-mustache's own (`& < > " '`), byte for byte the same output, but without its
/// per-character dictionary lookups, which made escaping a quarter of a large build
/// (callgrind). TemplateSet switches every template to it with a pragma.
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

    static func escape(_ text: String) -> String {
        var needsEscaping = false
        var isASCII = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): needsEscaping = true
            case 0x80...: isASCII = false
            default: break
            }
        }
        guard needsEscaping else { return text }
        // Outside ASCII a character may be `<` followed by combining marks, which the
        // library leaves alone: keep its character-by-character rule there.
        guard isASCII else { return XML.escapeCharacters(text, droppingControlCharacters: false) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
