import MastheadSupport

/// A value or band of a facet: in the facet's `values`, and `facet` on its own pages.
struct CatalogFacetEntryValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case field, label, slug, url, count, banded, cumulative, preview, lower, upper
        static let byName = table()
    }

    let store: CatalogTemplateValues
    let catalog: Int
    let facet: Int
    let value: Int

    func value(for key: Key) -> Any? {
        let facet = store.catalogs[catalog].facets[facet]
        let value = facet.values[value]
        return switch key {
        case .field: facet.field
        case .label: value.label
        case .slug: value.slug
        case .url: store.config.link(forPath: value.path)
        case .count: value.items.count
        case .banded: facet.isBanded
        case .cumulative: facet.isCumulative
        case .preview: value.items.prefix(CatalogTemplateValues.previewLength).map { store.item(catalog, $0) }
        case .lower: value.lowerBound.map(FacetLabels.plain)
        case .upper: value.upperBound.map(FacetLabels.plain)
        }
    }
}
