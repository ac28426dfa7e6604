import Foundation

/// Literal (byte for byte) search and replace on UTF-8 text. Foundation's
/// `replacingOccurrences(of:with:)` and `contains(_:)` go through NSString and UTF-16 on
/// Linux, and were the largest cost of rendering Markdown (profiled with callgrind).
/// Searching UTF-8 bytes finds the same matches for the ASCII markup searched here.
extension String {
    /// The text's UTF-8 bytes in place, for the scans below: `withUTF8` copies only a string
    /// that is not contiguous UTF-8 already, which Masthead's own strings always are.
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        var text = self
        return try text.withUTF8(body)
    }

    package func containsLiteral(_ target: String) -> Bool {
        let needle = Array(target.utf8)
        return needle.isEmpty || withUTF8Bytes { Self.find(needle, in: $0, from: 0) != nil }
    }

    /// One pass: the first match found is where the copying starts.
    package func replacingLiteral(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return self }
        let insert = Array(replacement.utf8)
        return withUTF8Bytes { source in
            guard var offset = Self.find(needle, in: source, from: 0) else { return self }
            var result: [UInt8] = []
            result.reserveCapacity(source.count + max(0, insert.count - needle.count) * 4)
            var copied = 0
            while true {
                result += UnsafeBufferPointer(rebasing: source[copied..<offset])
                result += insert
                copied = offset + needle.count
                guard let next = Self.find(needle, in: source, from: copied) else { break }
                offset = next
            }
            result += UnsafeBufferPointer(rebasing: source[copied...])
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// The first byte found by C's `memchr`, the rest compared by `memcmp`: both compare many
    /// bytes at a time, where a loop over the bytes in Swift took seven instructions a byte on
    /// every article's HTML.
    private static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let last = haystack.count - needle.count
        guard let base = haystack.baseAddress, start <= last else { return nil }
        return needle.withUnsafeBufferPointer { needle in
            guard let first = needle.first, let needleBase = needle.baseAddress else { return start }
            var position = start
            while position <= last, let hit = memchr(base + position, Int32(first), last - position + 1) {
                let index = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + index, needleBase, needle.count) == 0 { return index }
                position = index + 1
            }
            return nil
        }
    }
}

extension String {
    /// Whether a UTF-8 byte of the text passes `test`. Over the bytes in place: the view's
    /// own `contains(where:)` goes through its iterator, several times slower, and escaping
    /// and JSON ask this of every value a page shows.
    @inline(__always)
    package func containsByte(where test: (UInt8) -> Bool) -> Bool {
        withUTF8Bytes { $0.contains(where: test) }
    }

    /// Whether the text holds `byte`: C's `memchr` over the bytes in place.
    package func containsByte(_ byte: UInt8) -> Bool {
        withUTF8Bytes { bytes in bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false }
    }

    /// The number of whitespace-separated words, as `split { $0.isWhitespace }.count` counts
    /// them (a Character is whitespace when its first scalar is), a scalar at a time rather
    /// than a Character at a time: every document's plain text is counted.
    package var wordCount: Int {
        if let count = withUTF8Bytes(Self.asciiWordCount) { return count }
        var count = 0
        var inWord = false
        for scalar in unicodeScalars {
            let isSpace: Bool
            if scalar.isASCII {
                isSpace = scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
            } else {
                let properties = scalar.properties
                // A mark, joiner or modifier belongs to the character before it.
                if properties.isGraphemeExtend || properties.generalCategory == .spacingMark || properties.isEmojiModifier
                    || scalar == "\u{200D}"
                {
                    continue
                }
                isSpace = properties.isWhitespace
            }
            if !isSpace && !inWord { count += 1 }
            inWord = !isSpace
        }
        return count
    }

    /// The word count of ASCII text (its whitespace is tab to carriage return, and space);
    /// nil when a byte is not ASCII.
    private static func asciiWordCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 0
        var afterSpace = true
        var allBits: UInt8 = 0
        for byte in bytes {
            allBits |= byte
            let isSpace = byte == 0x20 || byte &- 0x09 < 5
            if afterSpace && !isSpace { count += 1 }
            afterSpace = isSpace
        }
        return allBits < 0x80 ? count : nil
    }
}

extension String {
    /// The bytes as text; nil when they are not UTF-8. ASCII is copied as it is: the generic
    /// `String(validating:as:)` took a thousand instructions for each field of a statistics file.
    package static func validatingUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var bits: UInt8 = 0
        for byte in bytes { bits |= byte }
        return bits < 0x80 ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }
}

extension String {
    /// The text without the whitespace and newlines at either end, as Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives it, without its trip through
    /// NSString (measurable on every document's first paragraph and headings).
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        if first == startIndex && last == index(before: endIndex) { return self }
        return String(self[first...last])
    }
}
