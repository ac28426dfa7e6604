/// An entry of `page.languages`: this page in one language, for the language switcher.
struct LanguageVersionValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case code, name, url, current, translated, toHome, toSection
        static let byName = table()
    }

    let code: String
    let name: String
    let url: String
    /// The page being rendered is in this language.
    let current: Bool
    /// The page exists in this language; otherwise `url` is the closest page that does.
    let translated: Bool
    /// Not translated, and the closest page is that language's home page.
    let toHome: Bool

    func value(for key: Key) -> Any? {
        switch key {
        case .code: code
        case .name: name
        case .url: url
        case .current: current ? true : nil
        case .translated: translated ? true : nil
        case .toHome: !translated && toHome ? true : nil
        case .toSection: !translated && !toHome ? true : nil
        }
    }
}

/// An entry of `page.alternates`: `<link rel="alternate" hreflang="{{hreflang}}" href="{{url}}">`.
struct AlternateValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case hreflang, url
        static let byName = table()
    }

    let hreflang: String
    let url: String

    func value(for key: Key) -> Any? {
        switch key {
        case .hreflang: hreflang
        case .url: url
        }
    }
}
