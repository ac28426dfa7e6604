/// The values of a page of a catalog's extra order: its `catalog` and `catalogs` mark that order `current`.
struct CatalogOrderPageValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case catalog, catalogs, items, order, pagination, map
        static let byName = table()
    }

    let catalog: CatalogValues
    let catalogs: CatalogsByName
    /// This page's, in that order.
    let items: [CatalogItemValues]
    /// Without `current`.
    let order: CatalogOrderValues
    let pagination: PaginationValues?
    /// The catalog's map of this page's items (HTML), with `map:` in site.yml.
    var map: String?

    func value(for key: Key) -> Any? {
        switch key {
        case .catalog: catalog
        case .catalogs: catalogs
        case .items: items
        case .order: order
        case .pagination: pagination
        case .map: map
        }
    }
}
