import MastheadMustache

/// `refs.FIELD` of an item: the item a reference field names, or the list of them for a list field.
struct CatalogItemRefs: TemplateMap, Sendable {
    let item: CatalogItemValues

    func child(_ symbol: TemplateSymbol) -> Any? {
        let name = symbol.name
        let store = item.store
        let catalog = store.catalogs[item.catalog]
        guard let reference = catalog.references.last(where: { $0.field == name }) else { return nil }
        let linked = reference.items[item.index].map { CatalogItemValues.plain(store, catalog: reference.target, index: $0) }
        if catalog.fields.first(where: { $0.name == reference.field })?.type == .list { return linked }
        return linked.first
    }
}

/// `referencedBy.CATALOG` of an item: the items of that catalog that reference it; absent when none.
struct CatalogItemReferencedBy: TemplateMap, Sendable {
    let item: CatalogItemValues

    func child(_ symbol: TemplateSymbol) -> Any? {
        let name = symbol.name
        let store = item.store
        // With two fields of one catalog referencing this one, the last that has items is shown.
        guard
            let backlink = store.catalogs[item.catalog].backlinks.last(where: {
                store.catalogs[$0.source].config.name == name && !$0.items[item.index].isEmpty
            })
        else { return nil }
        return backlink.items[item.index].map { CatalogItemValues.plain(store, catalog: backlink.source, index: $0) }
    }
}

/// `referencedCount.CATALOG` of an item: how many items of that catalog reference it (0 when none).
struct CatalogItemReferencedCount: TemplateMap, Sendable {
    let item: CatalogItemValues

    func child(_ symbol: TemplateSymbol) -> Any? {
        let name = symbol.name
        let store = item.store
        let backlink = store.catalogs[item.catalog].backlinks.last { store.catalogs[$0.source].config.name == name }
        return backlink.map { $0.items[item.index].count }
    }
}
