import MastheadMustache

/// A catalog item: its fields by name (formatted for display), and `key`, `title`, `url`, ...
/// Related items (`refs`, `referencedBy`) are plain: without relations of their own.
struct CatalogItemValues: TemplateValue, Sendable {
    /// The names an item answers besides its fields. Where a field has one of these names,
    /// the name gives this value instead, when the item has it.
    enum Key: String, TemplateKey {
        case key, title, url, permalink, raw, fields, facetLinks, isFeatured, blocks, refs, referencedBy, referencedCount, previous, next
        static let byName = table()
    }

    let store: CatalogTemplateValues
    /// Into `Site.catalogs`.
    let catalog: Int
    /// Into the catalog's items.
    let index: Int
    /// With `refs`, `referencedBy` and `referencedCount`.
    let relations: Bool
    /// With `previous` and `next` (an item's own page).
    let neighbours: Bool

    func child(_ name: TemplateSymbol) -> Any? {
        Key.byName[name].flatMap(value(for:)) ?? field(named: name.name)
    }

    func value(for key: Key) -> Any? {
        let catalog = store.catalogs[catalog]
        let item = catalog.items[index]
        switch key {
        case .key: return item.key
        case .title: return item.title
        case .url: return store.config.link(forPath: item.path)
        case .permalink: return store.config.absoluteURL(forPath: item.path)
        case .raw: return CatalogItemRawValues(item: self)
        case .fields: return fields
        case .facetLinks: return CatalogItemFacetLinks(item: self)
        case .isFeatured: return catalog.featured == index ? true : nil
        case .blocks: return catalog.itemBlocks.isEmpty ? nil : CatalogItemBlockValues(blocks: catalog.itemBlocks, item: index)
        case .refs: return relations && !catalog.references.isEmpty ? CatalogItemRefs(item: self) : nil
        case .referencedBy: return relations && !catalog.backlinks.isEmpty ? CatalogItemReferencedBy(item: self) : nil
        case .referencedCount: return relations && !catalog.backlinks.isEmpty ? CatalogItemReferencedCount(item: self) : nil
        case .previous: return neighbours && index > 0 ? neighbour(index - 1) : nil
        case .next: return neighbours && index + 1 < catalog.items.count ? neighbour(index + 1) : nil
        }
    }

    /// A field by name as templates show it; nil when empty or not a field.
    func field(named name: String) -> Any? {
        let catalog = store.catalogs[catalog]
        guard let position = catalog.fieldIndex(name) else { return nil }
        return store.display(catalog.items[index].values[position], field: catalog.fields[position])?.shown
    }

    /// `fields`: every non-empty field in schema order.
    private var fields: [CatalogFieldValues] {
        let catalog = store.catalogs[catalog]
        let timeZone = store.config.timeZone
        return catalog.fields.indices.compactMap { position in
            let value = catalog.items[index].values[position]
            guard let text = store.display(value, field: catalog.fields[position])?.text else { return nil }
            return CatalogFieldValues(name: catalog.fields[position].name, value: text, raw: value.rawText(timeZone))
        }
    }

    private func neighbour(_ position: Int) -> LinkValues {
        let item = store.catalogs[catalog].items[position]
        return LinkValues(title: item.title, url: store.config.link(forPath: item.path))
    }

    /// The same item without relations, as `refs` and `referencedBy` show it.
    static func plain(_ store: CatalogTemplateValues, catalog: Int, index: Int) -> CatalogItemValues {
        CatalogItemValues(store: store, catalog: catalog, index: index, relations: false, neighbours: false)
    }
}
