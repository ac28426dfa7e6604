/// An entry of `site.menu`.
struct MenuLinkValues: TemplateValue, Sendable {
    enum Key: String, CaseIterable {
        case title, url
    }

    let title: String
    let url: String

    func value(for key: Key) -> Any? {
        switch key {
        case .title: title
        case .url: url
        }
    }
}
