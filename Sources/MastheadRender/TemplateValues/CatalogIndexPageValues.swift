/// The values of a page of a catalog's index.
struct CatalogIndexPageValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case catalog, items, pagination, map
        static let byName = table()
    }

    let catalog: CatalogValues
    /// This page's.
    let items: [CatalogItemValues]
    let pagination: PaginationValues?
    /// The catalog's map of this page's items (HTML), with `map:` in site.yml.
    var map: String?

    func value(for key: Key) -> Any? {
        switch key {
        case .catalog: catalog
        case .items: items
        case .pagination: pagination
        case .map: map
        }
    }
}
