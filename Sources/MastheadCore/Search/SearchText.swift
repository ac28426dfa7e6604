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
        var current: [UInt8] = []
        var length = 0
        func flush() {
            if !current.isEmpty, length <= maxWordLength { words.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
            length = 0
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                if value >= 65 && value <= 90 {
                    current.append(UInt8(value + 32))
                    length += 1
                } else if (value >= 97 && value <= 122) || (value >= 48 && value <= 57) {
                    current.append(UInt8(value))
                    length += 1
                } else {
                    flush()
                }
                continue
            }
            let folded = fold(scalar)
            if folded.isEmpty {
                // A mark alone keeps the word whole; anything else ends it.
                if !isMark(scalar) { flush() }
            } else {
                current += folded.utf8
                length += folded.unicodeScalars.count
            }
        }
        flush()
        return words
    }

    /// One word, normalised (a stop word of a list, a query word in a test).
    static func normalised(_ word: String) -> String {
        words(word).joined()
    }

    /// A non-ASCII character's letters and digits, decomposed, without marks, lower-cased;
    /// empty for anything else. The Latin letters of European languages come from a table.
    private static func fold(_ scalar: Unicode.Scalar) -> String {
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

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
