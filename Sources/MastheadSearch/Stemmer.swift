import CStemmer
import Foundation
import MastheadSupport

/// Snowball's stemmer for one language (Debian's libstemmer), the only user of `CStemmer`.
/// A stemmer is not safe to share between threads: each user makes its own.
package final class Stemmer {
    private let stemmer: OpaquePointer?

    /// The Snowball algorithm for a BCP 47 tag's language (`it`, `en-GB`); nil when Snowball has none.
    init?(language: String) {
        guard let algorithm = Self.algorithm(for: language), let made = sb_stemmer_new(algorithm, "UTF_8") else { return nil }
        stemmer = made
    }

    deinit { sb_stemmer_delete(stemmer) }

    /// Snowball's name for a BCP 47 tag's language: its ISO 639 code (`it`), when Snowball has a stemmer for it.
    package static func algorithm(for language: String) -> String? {
        guard let code = LanguageTag(language)?.language, code.allSatisfy({ $0.isASCII && $0.isLetter }), let made = sb_stemmer_new(code, "UTF_8")
        else { return nil }
        sb_stemmer_delete(made)
        return code
    }

    /// The stem of a normalised word (`SearchText`).
    func stem(_ word: String) -> String {
        let original = word
        var word = word
        return word.withUTF8 { bytes -> String in
            guard let base = bytes.baseAddress, let stemmed = sb_stemmer_stem(stemmer, base, Int32(bytes.count)) else { return original }
            // The stem is libstemmer's buffer inside `stemmer`, valid until its next stem: copied at once.
            // `Stemmer` is not Sendable: the compiler keeps each to one thread, so no stem overwrites another.
            let length = Int(sb_stemmer_length(stemmer))
            return String(decoding: UnsafeBufferPointer(start: stemmed, count: length), as: UTF8.self)
        }
    }
}
