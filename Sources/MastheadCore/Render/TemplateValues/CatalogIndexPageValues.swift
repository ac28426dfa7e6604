/// The values of a page of a catalog's index.
struct CatalogIndexPageValues: TemplateValue, Sendable {
    enum Key: String, CaseIterable {
        case catalog, items, pagination
    }

    let catalog: CatalogValues
    /// This page's.
    let items: [CatalogItemValues]
    let pagination: PaginationValues?

    func value(for key: Key) -> Any? {
        switch key {
        case .catalog: catalog
        case .items: items
        case .pagination: pagination
        }
    }
}
