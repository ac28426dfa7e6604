/// A title and a link: an entry of `site.menu`, and `item.previous` and `item.next` on a
/// catalog item's page (its neighbours in sort order).
struct LinkValues: TemplateValue, Sendable {
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
