/// A language code (a BCP 47 tag: `it`, `en-GB`, `pt-BR`, `zh-Hant-TW`) read once and written
/// in its one normal form, so every comparison, URL, `lang` attribute, catalog column
/// (`title_en`), file suffix (`moka.en.md`), label table and stemmer sees the same code
/// whatever case site.yml used: `EN` is `en`, `pt-br` is `pt-BR`, `ZH-HANT` is `zh-Hant`.
///
/// The casing is RFC 5646's (section 2.1.1): the language lower case, a four-letter script
/// title case, a two-letter region upper case, everything else (variants, extensions,
/// private use after `x-`) lower case. Whether the language and region exist is
/// `LanguageCodes`' check, in Config/.
package struct LanguageTag: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The normal form: `en`, `pt-BR`, `zh-Hant`.
    package let description: String

    /// Nil when `text` is not a well-formed tag: a language of 2 or 3 letters, then
    /// subtags of 1 to 8 letters or digits, separated by `-` (`en_GB` is not a tag).
    package init?(_ text: some StringProtocol) {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(Self.isASCIILetter) else { return nil }
        var normal = [first.lowercased()]
        var afterSingleton = false
        for subtag in subtags.dropFirst() {
            guard (1...8).contains(subtag.count), subtag.allSatisfy({ Self.isASCIILetter($0) || ("0"..."9").contains($0) }) else {
                return nil
            }
            let isLetters = subtag.allSatisfy(Self.isASCIILetter)
            if afterSingleton || subtag.count == 1 {
                afterSingleton = true
                normal.append(subtag.lowercased())
            } else if subtag.count == 2 && isLetters {
                normal.append(subtag.uppercased())
            } else if subtag.count == 4 && isLetters && normal.count == 1 {
                normal.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())
            } else {
                normal.append(subtag.lowercased())
            }
        }
        description = normal.joined(separator: "-")
    }

    /// The primary language subtag: `pt` for `pt-BR`; what label tables, stop words and
    /// stemmers are chosen by.
    package var language: String {
        String(description.prefix { $0 != "-" })
    }

    /// The form for URL paths and file-name suffixes: `/pt-br/`, `moka.pt-br.md`.
    package var lowercased: String { description.lowercased() }

    package static func < (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.description < rhs.description }

    private static func isASCIILetter(_ character: Character) -> Bool {
        ("a"..."z").contains(character) || ("A"..."Z").contains(character)
    }

    /// `text` in normal form when it is a well-formed tag, else `text` unchanged: for
    /// readers that report a malformed tag themselves, and lookups by a code already read.
    package static func normalised(_ text: String) -> String {
        LanguageTag(text)?.description ?? text
    }
}
