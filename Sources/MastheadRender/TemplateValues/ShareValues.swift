import Foundation

/// `article.share`: links that share the article by e-mail and on social networks.
struct ShareValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case url, email, x, facebook, whatsapp, linkedin
        static let byName = table()
    }

    /// Absolute.
    let url: String
    let email: String
    let x: String
    let facebook: String
    let whatsapp: String
    let linkedin: String

    /// Built whole when a template first reads `article.share`: templates test each link
    /// (`{{#email}}`) before printing it, and the encoding is the costly part.
    init(title: String, url: String) {
        let encodedURL = Self.encode(url)
        let encodedTitle = Self.encode(title)
        self.url = url
        email = "mailto:?subject=\(encodedTitle)&body=\(encodedURL)"
        x = "https://x.com/intent/post?url=\(encodedURL)&text=\(encodedTitle)"
        facebook = "https://www.facebook.com/sharer/sharer.php?u=\(encodedURL)"
        whatsapp = "https://wa.me/?text=\(Self.encode(title + " " + url))"
        linkedin = "https://www.linkedin.com/sharing/share-offsite/?url=\(encodedURL)"
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .url: url
        case .email: email
        case .x: x
        case .facebook: facebook
        case .whatsapp: whatsapp
        case .linkedin: linkedin
        }
    }

    private static let unreserved: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()

    /// ASCII text, most titles and every URL, is encoded here byte by byte: Foundation's
    /// encoding goes through `NSString` and took 1.2% of a large build's CPU. Other text keeps
    /// Foundation's rule, which leaves letters of every script as they are.
    static func encode(_ text: String) -> String {
        var ascii = text
        let encoded: String? = ascii.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let hex = Array("0123456789ABCDEF".utf8)
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + bytes.count / 2)
            for byte in bytes {
                if isUnreserved(byte) {
                    output.append(byte)
                } else {
                    output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
        return encoded ?? text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
