import Foundation

/// A fast 128-bit fingerprint of bytes, to tell whether a file changed between builds.
/// Not cryptographic: the build cache only guards against accidental change, and reads
/// eight bytes at a step so hashing a large site's output costs little next to writing it.
enum ContentHash {
    static func of(_ data: Data) -> String {
        data.withUnsafeBytes { of(UnsafeRawBufferPointer($0)) }
    }

    /// A file's fingerprint, read in chunks so a statistics file of gigabytes hashes in
    /// bounded memory. A file of one chunk hashes as `of(data)`; a longer one as the hash
    /// of its chunks' hashes.
    static func ofFile(atPath path: String, chunkSize: Int = 4 << 20) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return of(Data()) }
        defer { try? handle.close() }
        var chunks: [String] = []
        while true {
            let chunk = (try? handle.read(upToCount: chunkSize)) ?? nil
            guard let chunk, !chunk.isEmpty else { break }
            chunks.append(of(chunk))
        }
        switch chunks.count {
        case 0: return of(Data())
        case 1: return chunks[0]
        default: return of(chunks.joined())
        }
    }

    static func of(_ text: String) -> String {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    static func of(_ bytes: UnsafeRawBufferPointer) -> String {
        // Two independent lanes (different seeds and multipliers) make 128 bits.
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F &+ UInt64(bytes.count)
        let words = bytes.count / 8
        var offset = 0
        for _ in 0..<words {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            a = mix(a ^ word, 0xFF51_AFD7_ED55_8CCD)
            b = mix(b &+ word, 0xC4CE_B9FE_1A85_EC53)
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        a = finish(mix(a ^ tail, 0xFF51_AFD7_ED55_8CCD))
        b = finish(mix(b &+ tail, 0xC4CE_B9FE_1A85_EC53) ^ a)
        return hex(a) + hex(b)
    }

    @inline(__always)
    private static func mix(_ value: UInt64, _ multiplier: UInt64) -> UInt64 {
        let product = value &* multiplier
        return (product ^ (product >> 29)) &* 0x9FB2_1C65_1E98_DF25
    }

    /// The murmur3 finaliser: every input bit reaches every output bit.
    private static func finish(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
