import Foundation

/// Masthead's hashes, one per job, all stable from process to process and none
/// cryptographic (they guard against accidental change, not an adversary):
/// - `StableDigest`: 128 bits of a file's or a text's bytes, to tell whether it changed between
///   builds (the build cache, output records, a document's source); `digest` gives its text;
/// - `Fingerprint`: 64 bits built up value by value, for the inputs of a page or a list;
/// - `shortID`: 32 bits written in base 36, for HTML ids that must stay the same from build to build.
package enum StableHash {
    package static func digest(_ data: Data) -> String { StableDigest(of: data).hex }

    package static func digest(fileAt path: String, chunkSize: Int = 4 << 20) -> String { StableDigest(ofFileAt: path, chunkSize: chunkSize).hex }

    package static func digest(_ text: String) -> String { StableDigest(of: text).hex }

    /// Reads eight bytes at a step, so hashing a large site's output costs little next to writing it.
    static func sum(_ bytes: UnsafeRawBufferPointer) -> StableDigest {
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
        return StableDigest(high: a, low: b)
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

    package mutating func add(_ digest: StableDigest) {
        add(digest.high)
        add(digest.low)
    }
}

/// 128 bits of a file's or a text's bytes (`StableHash`), kept as a value: a large site's build
/// holds one for every input, output file and document (3.9 million at a million articles), and
/// as 32-character strings they took 370 MB of its memory. Written as 32 hexadecimal digits.
package struct StableDigest: Hashable, Sendable, CustomStringConvertible {
    package var high: UInt64
    package var low: UInt64

    /// The zero digest: no bytes hashed (a folder's record, a document not hashed).
    package init(high: UInt64 = 0, low: UInt64 = 0) {
        self.high = high
        self.low = low
    }

    package init(of data: Data) {
        self = data.withUnsafeBytes { StableHash.sum($0) }
    }

    package init(of text: String) {
        var text = text
        self = text.withUTF8 { StableHash.sum(UnsafeRawBufferPointer($0)) }
    }

    /// A file's digest, read in chunks so a statistics file of gigabytes hashes in bounded
    /// memory. A file of one chunk hashes as its bytes do; a longer one as the text of its
    /// chunks' digests. With POSIX reads into one buffer the file's size (up to a chunk):
    /// `FileHandle` allocated and cleared a chunk's worth for every file, and a site hashes
    /// every input at every build.
    package init(ofFileAt path: String, chunkSize: Int = 4 << 20) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            self.init(of: Data())
            return
        }
        defer { close(descriptor) }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : chunkSize
        let byteCount = max(1, min(size, chunkSize))
        // A small file (most sources) is read on the stack: the build hashes its inputs on
        // many threads, and each thread's heap kept pages of every size it had read.
        guard byteCount > Self.smallFile else {
            self = withUnsafeTemporaryAllocation(byteCount: Self.smallFile, alignment: 8) { buffer in
                Self.sum(of: descriptor, buffer: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<byteCount]))
            }
            return
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 8)
        defer { buffer.deallocate() }
        self = Self.sum(of: descriptor, buffer: buffer)
    }

    /// 32 hexadecimal digits, as `hex` writes them; nil for anything else.
    package init?(hex: some StringProtocol) {
        guard hex.utf8.count == 32, let high = UInt64(hex.prefix(16), radix: 16), let low = UInt64(hex.suffix(16), radix: 16) else {
            return nil
        }
        self.init(high: high, low: low)
    }

    package var hex: String {
        func digits(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return digits(high) + digits(low)
    }

    package var description: String { hex }

    private static let smallFile = 64 << 10

    /// The file's chunks, each the buffer's size, read and hashed in turn.
    private static func sum(of descriptor: Int32, buffer: UnsafeMutableRawBufferPointer) -> StableDigest {
        var chunks: [StableDigest] = []
        while true {
            var filled = 0
            while filled < buffer.count {
                let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                filled += count
            }
            guard filled > 0 else { break }
            chunks.append(StableHash.sum(UnsafeRawBufferPointer(rebasing: buffer[0..<filled])))
            if filled < buffer.count { break }
        }
        switch chunks.count {
        case 0: return StableDigest(of: Data())
        case 1: return chunks[0]
        default: return StableDigest(of: chunks.map(\.hex).joined())
        }
    }
}
