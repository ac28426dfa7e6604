import Foundation

/// URL slugs: lower case ASCII letters, digits and hyphens. Accents are folded
/// ("Caffè & Crema" gives "caffe-crema"), so a slug can never climb out of its folder.
package enum Slug {
    /// The longest slug, in bytes: a slug is a file or folder name of the output, which most
    /// file systems cap at 255 bytes, and a URL part that should stay readable.
    package static let maximumBytes = 120

    /// The slug of `text`, at most `maximumBytes` long (`shortened`).
    package static func make(_ text: String) -> String {
        shortened(full(text))
    }

    /// A slug longer than `maximumBytes` cut at a hyphen and ended with 8 hexadecimal digits of
    /// a hash of the whole, so two long titles that begin alike keep different slugs, and the
    /// same title always gives the same one. Slugs are ASCII: characters are bytes.
    static func shortened(_ slug: String) -> String {
        guard slug.utf8.count > maximumBytes else { return slug }
        let hash = String(StableHash.digest(slug).prefix(8))
        let room = maximumBytes - hash.count - 1
        var cut = slug.prefix(room)
        // At a word, unless that would throw most of the room away (one very long word).
        if let hyphen = cut.lastIndex(of: "-"), cut.distance(from: cut.startIndex, to: hyphen) >= room / 2 { cut = cut[..<hyphen] }
        while cut.hasSuffix("-") { cut = cut.dropLast() }
        return String(cut) + "-" + hash
    }

    private static func full(_ text: String) -> String {
        // Transliteration is slow and leaves plain ASCII as it is: only other text needs it.
        let plain: String
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            plain = text
        } else {
            let folded = text.applyingTransform(.toLatin, reverse: false) ?? text
            plain = folded.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en"))
        }
        var slug = ""
        var pendingHyphen = false
        for scalar in plain.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9":
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            case "A"..."Z":
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(Unicode.Scalar(scalar.value + 32)!)
            case "ß", "ø", "Ø", "æ", "Æ", "œ", "Œ", "ł", "Ł", "đ", "Đ", "ð", "Ð", "þ", "Þ", "ı":
                // Letters that have no accent to fold away, only a conventional spelling.
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.append(Self.spelledOut[scalar] ?? "")
            default:
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? scalarSlug(text) : slug
    }

    /// For text with no letter or digit to keep (`☕`, `★★`, `€`): each symbol's Unicode code
    /// point in hex (`u2615`, `u2605-u2605`), so a tag, category or facet value of symbols
    /// still gets a page, a link and a URL of its own rather than vanishing. Only symbols count:
    /// punctuation, marks and format characters (the emoji variation selector U+FE0F) are left
    /// out, so `☕` and `☕️` share a page as `Moka` and `moka` do, and text of punctuation
    /// alone (`!!!`) still has no slug, which its reader reports.
    static func scalarSlug(_ text: String) -> String {
        text.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol: true
            default: false
            }
        }
        .map { "u" + String($0.value, radix: 16) }.joined(separator: "-")
    }

    private static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ł": "l", "Ł": "l",
        "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ı": "i"
    ]
}
