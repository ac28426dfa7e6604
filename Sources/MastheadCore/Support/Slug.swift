import Foundation

/// URL slugs: lower case ASCII letters, digits and hyphens. Accents are folded
/// ("Caffè & Crema" gives "caffe-crema"), so a slug can never climb out of its folder.
public enum Slug {
    public static func make(_ text: String) -> String {
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
        return slug
    }

    private static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ł": "l", "Ł": "l",
        "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ı": "i"
    ]
}
