import MastheadMustache

/// A facet of a catalog: an entry of `catalogs.NAME.facets`, or `catalogs.NAME.facet.FIELD`.
struct CatalogFacetValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case field, banded, cumulative, values
        static let byName = table()
    }

    let store: CatalogTemplateValues
    let catalog: Int
    let facet: Int

    func value(for key: Key) -> Any? {
        let facet = store.catalogs[catalog].facets[facet]
        return switch key {
        case .field: facet.field
        case .banded: facet.isBanded
        case .cumulative: facet.isCumulative
        case .values: facet.values.indices.map { CatalogFacetEntryValues(store: store, catalog: catalog, facet: self.facet, value: $0) }
        }
    }
}

/// `catalogs.NAME.facet.FIELD`: the first facet on each field.
struct CatalogFacetsByField: TemplateMap, Sendable {
    let store: CatalogTemplateValues
    let catalog: Int

    func child(_ name: TemplateSymbol) -> Any? {
        store.catalogs[catalog].facets.firstIndex { $0.field == name.name }.map { CatalogFacetValues(store: store, catalog: catalog, facet: $0) }
    }
}
