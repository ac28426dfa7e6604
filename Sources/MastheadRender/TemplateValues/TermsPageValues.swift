/// The values of the categories index and the tags index.
struct TermsPageValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case terms
        static let byName = table()
    }

    let terms: TermsValues

    func value(for key: Key) -> Any? {
        switch key {
        case .terms: terms
        }
    }
}
