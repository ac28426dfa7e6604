import Foundation

/// Masthead's hashes, one per job, all stable from process to process and none
/// cryptographic (they guard against accidental change, not an adversary):
/// - `digest`: 128 bits of a file's or a text's bytes, to tell whether it changed between
///   builds (the build cache, output records, a document's source);
/// - `Fingerprint`: 64 bits built up value by value, for the inputs of a page or a list;
/// - `shortID`: 32 bits written in base 36, for HTML ids that must stay the same from build to build.
package enum StableHash {
    package static func digest(_ data: Data) -> String {
        data.withUnsafeBytes { digest(UnsafeRawBufferPointer($0)) }
    }

    /// A file's digest, read in chunks so a statistics file of gigabytes hashes in bounded
    /// memory. A file of one chunk hashes as `digest(data)`; a longer one as the digest of
    /// its chunks' digests. With POSIX reads into one buffer the file's size (up to a chunk):
    /// `FileHandle` allocated and cleared a chunk's worth for every file, and a site hashes
    /// every input at every build.
    package static func digest(fileAt path: String, chunkSize: Int = 4 << 20) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return digest(Data()) }
        defer { close(descriptor) }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : chunkSize
        let byteCount = max(1, min(size, chunkSize))
        // A small file (most sources) is read on the stack: the build hashes its inputs on
        // many threads, and each thread's heap kept pages of every size it had read.
        guard byteCount > smallFile else {
            return withUnsafeTemporaryAllocation(byteCount: smallFile, alignment: 8) { buffer in
                digest(of: descriptor, buffer: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<byteCount]))
            }
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 8)
        defer { buffer.deallocate() }
        return digest(of: descriptor, buffer: buffer)
    }

    private static let smallFile = 64 << 10

    /// The file's chunks, each the buffer's size, read and hashed in turn.
    private static func digest(of descriptor: Int32, buffer: UnsafeMutableRawBufferPointer) -> String {
        var chunks: [String] = []
        while true {
            var filled = 0
            while filled < buffer.count {
                let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                filled += count
            }
            guard filled > 0 else { break }
            chunks.append(digest(UnsafeRawBufferPointer(rebasing: buffer[0..<filled])))
            if filled < buffer.count { break }
        }
        switch chunks.count {
        case 0: return digest(Data())
        case 1: return chunks[0]
        default: return digest(chunks.joined())
        }
    }

    package static func digest(_ text: String) -> String {
        var text = text
        return text.withUTF8 { digest(UnsafeRawBufferPointer($0)) }
    }

    /// Reads eight bytes at a step, so hashing a large site's output costs little next to writing it.
    static func digest(_ bytes: UnsafeRawBufferPointer) -> String {
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

    /// FNV-1a over the text's UTF-8, in base 36: short enough for an id attribute.
    package static func shortID(_ text: String) -> String {
        var value: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            value ^= UInt32(byte)
            value = value &* 16_777_619
        }
        return String(value, radix: 36)
    }
}

/// A 64-bit FNV-1a hash built up field by field: the same inputs give the same value in
/// every process. For telling whether a page's inputs changed.
package struct Fingerprint: Sendable {
    package private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    package init() {}

    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        add(UInt64(0xFF))
    }

    package mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
    }

    package mutating func add(_ number: Int) { add(UInt64(bitPattern: Int64(number))) }
}
