import MastheadSite

/// A catalog: `catalogs.NAME` in every template, `catalog` on its own pages.
struct CatalogValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case name, label, title, description, url, count, items, featured, facets, facet, range, orders, sortLabel, filter
        static let byName = table()
    }

    let store: CatalogTemplateValues
    /// Into `Site.catalogs`.
    let index: Int
    /// The order whose pages these are: its entry in `orders` is `current`.
    var currentOrder: Int?

    private var catalog: Catalog { store.catalogs[index] }

    func value(for key: Key) -> Any? {
        let catalog = catalog
        return switch key {
        case .name: catalog.config.name
        case .label, .title: catalog.config.label
        case .description: catalog.config.description.isEmpty ? nil : catalog.config.description
        case .url: store.config.link(forPath: catalog.config.indexPath)
        case .count: catalog.items.count
        case .items: store.items(index, catalog.items.indices)
        case .featured: catalog.featured.map { store.item(index, $0) }
        case .facets: catalog.facets.indices.map { CatalogFacetValues(store: store, catalog: index, facet: $0) }
        case .facet: CatalogFacetsByField(store: store, catalog: index)
        case .range: CatalogRangesByField(store: store, catalog: index)
        case .orders: orders
        case .sortLabel: catalog.config.sortLabel ?? store.defaultOrder
        case .filter: filter
        }
    }

    /// The filter form and its script, HTML (`{{{catalog.filter}}}`); nil without `filter:`.
    private var filter: String? {
        guard let controls = CatalogFilterControls(catalog, store: store) else { return nil }
        return CatalogFilterForm(
            controls: controls, config: store.config, words: store.filterWords,
            order: currentOrder.map { catalog.config.orders[$0] }
        ).html
    }

    private var orders: [CatalogOrderValues] {
        let config = catalog.config
        return config.orders.enumerated().map { index, order in
            CatalogOrderValues(
                label: order.label, slug: order.slug, url: store.config.link(forPath: CatalogRoutes.orderPath(config, order)),
                current: index == currentOrder)
        }
    }
}
