/// A 64-bit FNV-1a hash built up field by field: the same inputs give the same value in
/// every process. For telling whether a page's inputs changed, not for security.
struct Fingerprint: Sendable {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    init() {}

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        add(UInt64(0xFF))
    }

    mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
    }

    mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }

    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.add(bytes)
        return fingerprint.value
    }
}
