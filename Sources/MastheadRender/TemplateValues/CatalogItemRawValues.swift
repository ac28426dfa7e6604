import MastheadMustache

/// `raw.FIELD` of an item: plain values for `data-` attributes and scripts (numbers
/// unformatted, dates `2026-03-14`, lists joined by `;`); absent when empty.
struct CatalogItemRawValues: TemplateMap, Sendable {
    let item: CatalogItemValues

    func child(_ symbol: TemplateSymbol) -> Any? {
        let name = symbol.name
        let catalog = item.store.catalogs[item.catalog]
        guard let position = catalog.fieldIndex(name) else { return nil }
        let value = catalog.items[item.index].values[position]
        let timeZone = item.store.config.timeZone
        guard !value.isNull, value.plainText(timeZone) != nil else { return nil }
        return value.rawText(timeZone)
    }
}
