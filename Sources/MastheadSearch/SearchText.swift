import Foundation

/// The words of a text as the index and the search page's script both see them: decomposed
/// (NFD), combining marks dropped (`caffè` is `caffe`), lower-cased, split on every character
/// that is not a letter or a digit. `search.js` does the same with
/// `normalize("NFD")`, `/\p{M}/gu`, `toLowerCase()` and `/[^\p{L}\p{N}]+/u`.
enum SearchText {
    /// Words longer than this are not indexed (a URL or a hash in a text is no search word).
    static let maxWordLength = 40

    static func words(_ text: String) -> [String] {
        var words: [String] = []
        forEachWord(in: text) { words.append(String(decoding: $0, as: UTF8.self)) }
        return words
    }

    /// Calls `body` with each word's UTF-8, valid during the call only: counting words needs
    /// no String for each occurrence (`SearchWordCounts`).
    static func forEachWord(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        text.withUTF8Bytes { forEachWord(in: $0, body) }
    }

    /// Over the text's bytes. A word of lower-case ASCII letters and digits, the most common,
    /// is taken from the text as it is; one with a capital or a character beyond ASCII is
    /// built in `built` from where it first differs.
    private static func forEachWord(in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        var built: [UInt8] = []
        var isBuilt = false
        var length = 0
        var index = 0
        func beginBuilding() {
            guard !isBuilt else { return }
            built.removeAll(keepingCapacity: true)
            built += UnsafeBufferPointer(rebasing: bytes[start..<index])
            isBuilt = true
        }
        // Ends the word before `index`; the next begins after `skipping` bytes.
        func flush(skipping: Int) {
            if length <= maxWordLength {
                if isBuilt {
                    if !built.isEmpty { built.withUnsafeBufferPointer(body) }
                } else if index > start {
                    body(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                }
            }
            isBuilt = false
            length = 0
            start = index + skipping
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) {
                    if isBuilt { built.append(byte) }
                    length += 1
                } else if byte >= 65 && byte <= 90 {
                    beginBuilding()
                    built.append(byte + 32)
                    length += 1
                } else {
                    flush(skipping: 1)
                }
                index += 1
                continue
            }
            let (scalar, size) = scalar(in: bytes, at: index)
            let folded = fold(scalar)
            if folded.isEmpty {
                // A mark alone keeps the word whole (and is left out of it); anything else ends it.
                if isMark(scalar) { beginBuilding() } else { flush(skipping: size) }
            } else {
                beginBuilding()
                built += folded.utf8
                length += folded.unicodeScalars.count
            }
            index += size
        }
        flush(skipping: 0)
    }

    /// The scalar whose UTF-8 starts at `index` (a String's bytes: valid UTF-8), and its length.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        let size = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = lead & (0x7F >> size)
        for offset in 1..<size where index + offset < bytes.count {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", min(size, bytes.count - index))
    }

    /// One word, normalised (a stop word of a list, a query word in a test).
    static func normalised(_ word: String) -> String {
        words(word).joined()
    }

    /// A non-ASCII character's letters and digits, decomposed, without marks, lower-cased;
    /// empty for anything else. The Latin letters of European languages come from a table.
    static func fold(_ scalar: Unicode.Scalar) -> String {
        let value = Int(scalar.value)
        if value < latinTable.count { return latinTable[value] }
        return computeFold(scalar)
    }

    private static let latinTable: [String] = (0..<0x250).map { value in
        Unicode.Scalar(UInt32(value)).map(computeFold) ?? ""
    }

    private static func computeFold(_ scalar: Unicode.Scalar) -> String {
        var result = ""
        for part in String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars {
            switch part.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                result += part.properties.lowercaseMapping
            default: continue
            }
        }
        return result
    }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
