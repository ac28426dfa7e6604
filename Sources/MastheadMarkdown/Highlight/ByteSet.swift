/// A set of ASCII bytes, asked in one step: the lexers ask whether a byte is one of a few
/// (`+-*/`, `()[]{}`) for nearly every byte of the code.
struct ByteSet: Sendable, ExpressibleByStringLiteral {
    /// Bit n of `low` is byte n; bit n of `high` is byte 64 + n. Bytes of 128 and above are never in the set.
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ characters: StaticString) {
        characters.withUTF8Buffer { bytes in
            for byte in bytes where byte < 128 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }
    }

    init(stringLiteral characters: StaticString) { self.init(characters) }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> UInt64(byte) & 1 == 1 : byte < 128 ? high >> UInt64(byte - 64) & 1 == 1 : false
    }
}
