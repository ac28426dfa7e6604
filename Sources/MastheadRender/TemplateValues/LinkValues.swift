/// A title and a link: an entry of `site.menu`, and `item.previous` and `item.next` on a
/// catalog item's page (its neighbours in sort order).
struct LinkValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case title, url
        static let byName = table()
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
