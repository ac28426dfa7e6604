/// Every catalog's pages: the paginated index, its extra orders under `INDEX/sort/SLUG/`,
/// one page per item, and the paginated pages of each facet value and band. Called from `SiteResolver`,
/// so duplicate-URL detection covers them.
package enum CatalogRoutes {
    static func routes(for catalogs: [Catalog]) -> [Route] {
        var routes: [Route] = []
        for (catalogIndex, catalog) in catalogs.enumerated() {
            let config = catalog.config
            for page in Pagination.pages(count: catalog.items.count, size: config.pageSize) {
                routes.append(
                    Route(
                        kind: .catalog, subject: .catalogIndex(catalogIndex, page: page),
                        path: Pagination.path(base: config.indexPath, page: page.number), source: config.file, template: config.indexTemplate))
            }
            for (orderIndex, order) in config.orders.enumerated() {
                for page in Pagination.pages(count: catalog.items.count, size: config.pageSize) {
                    routes.append(
                        Route(
                            kind: .catalog, subject: .catalogOrder(catalogIndex, order: orderIndex, page: page),
                            path: Pagination.path(base: orderPath(config, order), page: page.number), source: config.file,
                            template: config.indexTemplate))
                }
            }
            for (itemIndex, item) in catalog.items.enumerated() {
                routes.append(
                    Route(
                        kind: .catalogItem, subject: .catalogItem(catalogIndex, item: itemIndex), path: item.path,
                        source: config.file, template: config.itemTemplate))
            }
            for (facetIndex, facet) in catalog.facets.enumerated() {
                for (valueIndex, value) in facet.values.enumerated() {
                    for page in Pagination.pages(count: value.items.count, size: config.pageSize) {
                        routes.append(
                            Route(
                                kind: .catalog, subject: .catalogFacet(catalogIndex, facet: facetIndex, value: valueIndex, page: page),
                                path: Pagination.path(base: value.path, page: page.number), source: config.file,
                                template: config.facetTemplate))
                    }
                }
            }
        }
        return routes
    }

    /// `/listings/sort/price-desc/`.
    package static func orderPath(_ config: CatalogConfig, _ order: CatalogOrderConfig) -> String {
        config.indexPath + "sort/" + order.slug + "/"
    }
}
