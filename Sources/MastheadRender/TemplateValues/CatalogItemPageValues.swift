/// The values of an item's page.
struct CatalogItemPageValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case catalog, item
        static let byName = table()
    }

    let catalog: CatalogValues
    /// With `previous` and `next`.
    let item: CatalogItemValues

    func value(for key: Key) -> Any? {
        switch key {
        case .catalog: catalog
        case .item: item
        }
    }
}
