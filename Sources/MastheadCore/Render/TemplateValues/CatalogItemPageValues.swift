/// The values of an item's page.
struct CatalogItemPageValues: TemplateValue, Sendable {
    enum Key: String, CaseIterable {
        case catalog, item
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
