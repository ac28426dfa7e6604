/// An extra order of a catalog: an entry of `catalogs.NAME.orders`, or `order` on its own pages.
struct CatalogOrderValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case label, slug, url, current
        static let byName = table()
    }

    let label: String
    let slug: String
    let url: String
    /// In `orders` only: whether the page is one of this order's.
    var current: Bool?

    func value(for key: Key) -> Any? {
        switch key {
        case .label: label
        case .slug: slug
        case .url: url
        case .current: current
        }
    }
}
