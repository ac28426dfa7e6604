import Foundation

/// Reads one JSON object written on one line (`{"date":"2026-03-01","points":40}`) into
/// field texts, without building a Foundation object graph: JSON Lines statistics files
/// hold millions of these. Strings are unescaped, numbers and `true`/`false` kept as
/// written, `null` becomes empty, nested arrays and objects are kept as their JSON text.
struct JSONLineScanner {
    enum Failure: Error {
        case malformed(String)
    }

    /// Calls `field` with each key and value text, in order.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, field: (String, String) -> Void) throws(Failure) {
        var index = 0
        let count = bytes.count
        func skipSpace() {
            while index < count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
        }
        func expect(_ byte: UInt8, _ what: String) throws(Failure) {
            skipSpace()
            guard index < count, bytes[index] == byte else { throw .malformed("expected \(what) at character \(index + 1)") }
            index += 1
        }
        func string() throws(Failure) -> String {
            guard index < count, bytes[index] == 0x22 else { throw .malformed("expected a quoted string at character \(index + 1)") }
            index += 1
            let start = index
            var plain = true
            while index < count, bytes[index] != 0x22 {
                if bytes[index] == 0x5C { plain = false; index += 1 }
                index += 1
            }
            guard index < count else { throw .malformed("unterminated string") }
            let end = index
            index += 1
            if plain { return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
            return try unescape(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        func nested() throws(Failure) -> String {
            let start = index
            var depth = 0
            while index < count {
                let byte = bytes[index]
                if byte == 0x22 { _ = try string(); continue }
                if byte == 0x7B || byte == 0x5B { depth += 1 }
                if byte == 0x7D || byte == 0x5D {
                    depth -= 1
                    if depth == 0 { index += 1; break }
                }
                index += 1
            }
            guard depth == 0 else { throw .malformed("unbalanced brackets") }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
        try expect(0x7B, "'{'")
        skipSpace()
        if index < count, bytes[index] == 0x7D { return }
        while true {
            skipSpace()
            let key = try string()
            try expect(0x3A, "':'")
            skipSpace()
            guard index < count else { throw .malformed("missing value for \"\(key)\"") }
            let value: String
            switch bytes[index] {
            case 0x22: value = try string()
            case 0x7B, 0x5B: value = try nested()
            default:
                let start = index
                while index < count, bytes[index] != 0x2C, bytes[index] != 0x7D, bytes[index] != 0x20 { index += 1 }
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                guard !text.isEmpty else { throw .malformed("missing value for \"\(key)\"") }
                if text == "null" { value = "" } else if text == "true" || text == "false" || Double(text) != nil { value = text } else {
                    throw .malformed("unexpected value \(text.prefix(20)) for \"\(key)\"")
                }
            }
            field(key, value)
            skipSpace()
            guard index < count else { throw .malformed("expected ',' or '}' at the end of the line") }
            if bytes[index] == 0x2C { index += 1; continue }
            if bytes[index] == 0x7D { index += 1; break }
            throw .malformed("expected ',' or '}' at character \(index + 1)")
        }
        skipSpace()
        guard index == count else { throw .malformed("unexpected text after the object at character \(index + 1)") }
    }

    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> String {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = 0
        func flush() {
            if !utf8.isEmpty { scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars); utf8.removeAll() }
        }
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            return UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<at + 4]), as: UTF8.self), radix: 16)
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x5C, index + 1 < bytes.count else { utf8.append(byte); index += 1; continue }
            let code = bytes[index + 1]
            index += 2
            switch code {
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "u"):
                guard var value = hex4(index) else { throw .malformed("bad \\u escape") }
                index += 4
                if (0xD800..<0xDC00).contains(value), index + 6 <= bytes.count, bytes[index] == 0x5C,
                   bytes[index + 1] == UInt8(ascii: "u"), let low = hex4(index + 2), (0xDC00..<0xE000).contains(low) {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                flush()
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: utf8.append(code)
            }
        }
        flush()
        return String(scalars)
    }
}
