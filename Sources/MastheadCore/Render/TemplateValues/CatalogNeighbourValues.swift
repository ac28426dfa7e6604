/// `item.previous` and `item.next` on an item's page: its neighbours in sort order.
struct CatalogNeighbourValues: TemplateValue, Sendable {
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
