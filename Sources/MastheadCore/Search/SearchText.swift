/// The words of a text as the index and the search page's script both see them: decomposed
/// (NFD), combining marks dropped (`caffè` is `caffe`), lower-cased, split on every character
/// that is not a letter or a digit. `search.js` does the same with
/// `normalize("NFD")`, `/\p{M}/gu`, `toLowerCase()` and `/[^\p{L}\p{N}]+/u`.
enum SearchText {
    /// Words longer than this are not indexed (a URL or a hash in a text is no search word).
    static let maxWordLength = 40

    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty, current.count <= maxWordLength { words.append(String(current)) }
            current.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let value = scalar.value
                if value >= 65 && value <= 90 {
                    current.append(Unicode.Scalar(value + 32)!)
                } else if (value >= 97 && value <= 122) || (value >= 48 && value <= 57) {
                    current.append(scalar)
                } else {
                    flush()
                }
                continue
            }
            for part in String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars {
                switch part.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: continue
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                    .decimalNumber, .letterNumber, .otherNumber:
                    current.append(contentsOf: part.properties.lowercaseMapping.unicodeScalars)
                default: flush()
                }
            }
        }
        flush()
        return words
    }

    /// One word, normalised (a stop word of a list, a query word in a test).
    static func normalised(_ word: String) -> String {
        words(word).joined()
    }
}
