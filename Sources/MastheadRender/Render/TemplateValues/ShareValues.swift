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

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
