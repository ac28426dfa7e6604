import Foundation

/// An email edition as one message (RFC 5322 and MIME, RFC 2045–2047): `multipart/alternative`
/// with the plain text first and the HTML last (the part a reader prefers), each UTF-8 and
/// quoted-printable, every line ending CRLF. Deterministic: the same edition gives the same bytes.
struct EmailMessage {
    var from: String
    var subject: String
    var date: Date
    /// `<email-2026-11@magazine.example.com>`.
    var messageID: String
    var text: String
    var html: String

    func serialized() -> String {
        // "=_" never occurs in quoted-printable text, so the boundary cannot occur in a part.
        let boundary = "=_masthead_" + messageID.filter { $0.isLetter || $0.isNumber }
        var lines = [
            "From: \(from)",
            "Subject: \(Self.encodedWords(subject))",
            "Date: \(Self.rfc5322Date(date))",
            "Message-ID: \(messageID)",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
            "This is a message in two parts, plain text and HTML."
        ]
        for (type, body) in [("text/plain", text), ("text/html", html)] {
            lines += [
                "--\(boundary)",
                "Content-Type: \(type); charset=utf-8",
                "Content-Transfer-Encoding: quoted-printable",
                "",
                Self.quotedPrintable(body)
            ]
        }
        lines.append("--\(boundary)--")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// RFC 2045 §6.7: lines of at most 76 characters, `=XX` for bytes outside printable ASCII,
    /// for `=` and for white space before a line break; `=` at a line's end is a soft break.
    static func quotedPrintable(_ text: String) -> String {
        let normalised = text.replacingOccurrences(of: "\r\n", with: "\n")
        var output: [String] = []
        for line in normalised.split(separator: "\n", omittingEmptySubsequences: false) {
            let bytes = Array(line.utf8)
            var encoded = ""
            var current = ""
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                let piece: String
                if byte == 61 || byte > 126 || (byte < 32 && byte != 9) || ((byte == 32 || byte == 9) && isLast) {
                    piece = String(format: "=%02X", byte)
                } else {
                    piece = String(UnicodeScalar(byte))
                }
                // 75 leaves room for the soft break's `=`.
                if current.utf8.count + piece.utf8.count > 75 {
                    encoded += current + "=\r\n"
                    current = ""
                }
                current += piece
            }
            encoded += current
            output.append(encoded)
        }
        return output.joined(separator: "\r\n")
    }

    /// RFC 2047: non-ASCII header text as `=?UTF-8?B?...?=` words of at most 75 characters.
    static func encodedWords(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII || $0.value < 32 }) else { return text }
        var words: [String] = []
        var chunk = ""
        for character in text {
            // 45 bytes of UTF-8 are 60 base64 characters: with `=?UTF-8?B?` and `?=`, 72.
            if chunk.utf8.count + String(character).utf8.count > 45 {
                words.append(chunk)
                chunk = ""
            }
            chunk.append(character)
        }
        if !chunk.isEmpty { words.append(chunk) }
        return words.map { "=?UTF-8?B?" + Data($0.utf8).base64EncodedString() + "?=" }.joined(separator: "\r\n ")
    }

    /// `Sat, 14 Nov 2026 09:00:00 +0000`.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }
}
