import MastheadMustache
import MastheadSupport

/// `catalogs.NAME.range.FIELD` for a number field: its smallest and largest values, plain
/// (for sliders) and formatted.
struct CatalogRangeValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case min, max, minLabel, maxLabel
        static let byName = table()
    }

    let min: String
    let max: String
    let minLabel: String
    let maxLabel: String

    func value(for key: Key) -> Any? {
        switch key {
        case .min: min
        case .max: max
        case .minLabel: minLabel
        case .maxLabel: maxLabel
        }
    }
}

/// `catalogs.NAME.range`: the range of every integer and decimal field that has values.
struct CatalogRangesByField: TemplateMap, Sendable {
    let store: CatalogTemplateValues
    let catalog: Int

    func child(_ symbol: TemplateSymbol) -> Any? {
        let name = symbol.name
        let catalog = store.catalogs[catalog]
        guard let position = catalog.fieldIndex(name), [.integer, .decimal].contains(catalog.fields[position].type) else { return nil }
        let numbers = catalog.items.compactMap { $0.values[position].number }
        guard let low = numbers.min(), let high = numbers.max() else { return nil }
        return CatalogRangeValues(
            min: FacetLabels.plain(low), max: FacetLabels.plain(high),
            minLabel: FacetLabels.number(low, format: store.format), maxLabel: FacetLabels.number(high, format: store.format))
    }
}
