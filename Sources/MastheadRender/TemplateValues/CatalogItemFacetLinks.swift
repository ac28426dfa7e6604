import MastheadMustache

/// `facetLinks.FIELD` of an item: the pages of the facet values it is on, for each facet's field.
struct CatalogItemFacetLinks: TemplateMap, Sendable {
    let item: CatalogItemValues

    func child(_ symbol: TemplateSymbol) -> Any? {
        let name = symbol.name
        let store = item.store
        let facets = store.catalogs[item.catalog].facets
        let links = store.memberships[item.catalog][item.index].filter { facets[$0.facet].field == name }.map { membership in
            let value = facets[membership.facet].values[membership.value]
            return CatalogFacetLinkValues(label: value.label, url: store.config.link(forPath: value.path))
        }
        return links.isEmpty ? nil : links
    }
}

/// An entry of `facetLinks.FIELD`.
struct CatalogFacetLinkValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case label, url
        static let byName = table()
    }

    let label: String
    let url: String

    func value(for key: Key) -> Any? {
        switch key {
        case .label: label
        case .url: url
        }
    }
}
