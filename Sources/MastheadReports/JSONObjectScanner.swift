import Foundation

/// Reads flat JSON objects (one per line in JSON Lines, or the elements of a `.json`
/// array) into field texts, without building a Foundation object graph: statistics files
/// hold millions of these. Strings are unescaped, numbers kept as written, `true` and
/// `false` kept, `null` becomes empty, nested arrays and objects are kept as their JSON
/// text. Numbers follow JSON's grammar (`1.5e3` is a number) and must be finite; text must
/// be UTF-8. Each value and each problem has its line and column, counted in characters.
struct JSONObjectScanner {
    struct Failure: Error {
        var reason: String
        var line: Int
        var column: Int
    }

    struct Field {
        var key: String
        var value: String
        var line: Int
        var column: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0
    /// The line of `index`, and where that line starts.
    private(set) var line: Int
    private var lineStart = 0
    /// UTF-8 continuation bytes met on the current line, so columns count characters.
    private var continuationBytes = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, line: Int = 1) {
        self.bytes = bytes
        self.line = line
    }

    var atEnd: Bool { index >= bytes.count }
    var column: Int { index - lineStart - continuationBytes + 1 }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func failure(_ reason: String) -> Failure { Failure(reason: reason, line: line, column: column) }
    func failure(_ reason: String, at position: (line: Int, column: Int)) -> Failure {
        Failure(reason: reason, line: position.line, column: position.column)
    }
    var position: (line: Int, column: Int) { (line, column) }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
                continuationBytes = 0
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        skipSpace()
        guard current == byte else { throw failure("expected \(what)") }
        index += 1
    }

    /// One object, from its opening brace to its closing one; `field` is called for each key and value in order.
    mutating func object(_ field: (Field) -> Void) throws(Failure) {
        try expect(0x7B, "'{'")
        skipSpace()
        if current == 0x7D {
            index += 1
            return
        }
        while true {
            skipSpace()
            let key = try string()
            try expect(0x3A, "':' after \"\(key.prefix(40))\"")
            skipSpace()
            let (valueLine, valueColumn) = (line, column)
            let value: String
            switch current {
            case nil: throw failure("missing value for \"\(key.prefix(40))\"")
            case 0x22: value = try string()
            case 0x7B, 0x5B: value = try nested()
            default: value = try literal(key)
            }
            field(Field(key: key, value: value, line: valueLine, column: valueColumn))
            skipSpace()
            switch current {
            case 0x2C: index += 1
            case 0x7D:
                index += 1
                return
            case nil: throw failure("expected ',' or '}' before the end")
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    /// A quoted string, unescaped; invalid UTF-8 is an error at the string.
    private mutating func string() throws(Failure) -> String {
        guard current == 0x22 else { throw failure("expected a quoted string") }
        let opening = position
        index += 1
        let start = index
        var plain = true
        while index < bytes.count, bytes[index] != 0x22 {
            let byte = bytes[index]
            if byte == 0x5C {
                plain = false
                index += 1
            } else if byte & 0xC0 == 0x80 {
                continuationBytes += 1
            } else if byte == 0x0A {
                throw failure("a string is not closed on its line", at: opening)
            }
            index += 1
        }
        guard index < bytes.count else { throw failure("a string is never closed", at: opening) }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        let result: String?
        if plain {
            result = String.validatingUTF8(text)
        } else {
            guard let unescaped = Self.unescape(text) else { throw failure("a \\u escape needs four hex digits", at: opening) }
            result = unescaped.withUnsafeBufferPointer(String.validatingUTF8)
        }
        guard let result else { throw failure("the text is not valid UTF-8; save the file as UTF-8", at: opening) }
        return result
    }

    /// A nested array or object, kept as its JSON text.
    private mutating func nested() throws(Failure) -> String {
        let start = index
        let opening = position
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x22 {
                _ = try string()
                continue
            }
            if byte == 0x0A {
                skipSpace()
                continue
            }
            if byte & 0xC0 == 0x80 { continuationBytes += 1 }
            if byte == 0x7B || byte == 0x5B { depth += 1 }
            if byte == 0x7D || byte == 0x5D {
                depth -= 1
                if depth == 0 {
                    index += 1
                    break
                }
            }
            index += 1
        }
        guard depth == 0 else { throw failure("unbalanced brackets", at: opening) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// A number, `true`, `false` or `null` (empty text).
    private mutating func literal(_ key: String) throws(Failure) -> String {
        let start = index
        let opening = position
        while let byte = current, byte != 0x2C, byte != 0x7D, byte != 0x5D, byte != 0x20, byte != 0x09, byte != 0x0D, byte != 0x0A {
            if byte & 0xC0 == 0x80 { continuationBytes += 1 }
            index += 1
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
        let text = String(decoding: raw, as: UTF8.self)
        switch text {
        case "null": return ""
        case "true", "false": return text
        default:
            guard Self.isNumber(raw) else {
                throw failure("unexpected value \(text.prefix(20)) for \"\(key.prefix(40))\"", at: opening)
            }
            guard let value = Double(text), value.isFinite else {
                throw failure("the number \(text.prefix(40)) is out of range (beyond ±1.8e308)", at: opening)
            }
            return text
        }
    }

    /// JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, text[index] >= 0x30, text[index] <= 0x39 { index += 1 }
            return index - start
        }
        if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
        let whole = digits()
        guard whole > 0, whole == 1 || text[index - whole] != UInt8(ascii: "0") else { return false }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == text.count
    }

    /// A string's bytes with its escapes resolved; nil for a `\\u` escape without four hex digits.
    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count)
        var index = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            return UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<at + 4]), as: UTF8.self), radix: 16)
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x5C, index + 1 < bytes.count else {
                utf8.append(byte)
                index += 1
                continue
            }
            let code = bytes[index + 1]
            index += 2
            switch code {
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "u"):
                guard var value = hex4(index) else { return nil }
                index += 4
                if (0xD800..<0xDC00).contains(value), index + 6 <= bytes.count, bytes[index] == 0x5C,
                    bytes[index + 1] == UInt8(ascii: "u"), let low = hex4(index + 2), (0xDC00..<0xE000).contains(low)
                {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                // A lone surrogate escape (`\ud800`) names no character: it stands for U+FFFD, as JSON parsers do.
                utf8.append(contentsOf: String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8)
            default: utf8.append(code)
            }
        }
        return utf8
    }
}
