import Foundation
import Mustache

/// `catalogs.NAME` in every template. Built lazily and once: a page that never
/// mentions a catalog costs nothing, so 100,000 item pages do not each carry
/// 100,000 items. Shared by the render workers; its caches are guarded by a lock.
final class CatalogTemplateValues: MustacheParent, @unchecked Sendable {
    let catalogs: [CatalogValues]

    init(site: Site, format: SiteFormatter) {
        catalogs = site.catalogs.map { CatalogValues(catalog: $0, config: site.config, format: format) }
        // Related items (`refs`, `referencedBy`) are another catalog's values.
        for catalog in catalogs { catalog.directory = self }
    }

    func child(named name: String) -> Any? {
        catalogs.first { $0.catalog.config.name == name }
    }

    /// The values of a catalog route: the page title and description, and what the template gets.
    func page(for subject: Route.Subject) -> (title: String, description: String, image: String?, values: [String: Any])? {
        switch subject {
        case .catalogIndex(let index, let page):
            let catalog = catalogs[index]
            var values: [String: Any] = ["catalog": catalog, "items": catalog.itemValues(Array(catalog.catalog.items.indices)[page.range])]
            if let pagination = catalog.pagination(page, base: catalog.catalog.config.indexPath) { values["pagination"] = pagination }
            return (catalog.numbered(catalog.catalog.config.label, page), catalog.catalog.config.description, nil, values)
        case .catalogItem(let index, let item):
            let catalog = catalogs[index]
            var values = catalog.itemValues(item)
            let items = catalog.catalog.items
            if item > 0 { values["previous"] = ["title": items[item - 1].title, "url": catalog.config.link(forPath: items[item - 1].path)] }
            if item + 1 < items.count { values["next"] = ["title": items[item + 1].title, "url": catalog.config.link(forPath: items[item + 1].path)] }
            let description = catalog.catalog.fieldIndex("description").flatMap { items[item].values[$0].displayKey } ?? catalog.catalog.config.description
            let image = catalog.catalog.fields.indices.first { catalog.catalog.fields[$0].type == .image && !items[item].values[$0].isNull }
                .flatMap { items[item].values[$0].displayKey }
            return (items[item].title, description, image, ["catalog": catalog, "item": values])
        case .catalogFacet(let index, let facetIndex, let valueIndex, let page):
            let catalog = catalogs[index]
            let facet = catalog.catalog.facets[facetIndex]
            let value = facet.values[valueIndex]
            var values: [String: Any] = ["catalog": catalog, "facet": catalog.facetValue(facet, value),
                                         "items": catalog.itemValues(value.items[page.range])]
            if let pagination = catalog.pagination(page, base: value.path) { values["pagination"] = pagination }
            return (catalog.numbered("\(value.label) · \(catalog.catalog.config.label)", page), catalog.catalog.config.description, nil, values)
        case .catalogOrder(let index, let orderIndex, let page):
            let catalog = catalogs[index]
            let order = catalog.catalog.config.orders[orderIndex]
            let pageCatalog = CatalogOrderPageValues(catalog: catalog, currentOrder: orderIndex)
            let base = CatalogRoutes.orderPath(catalog.catalog.config, order)
            var values: [String: Any] = [
                "catalog": pageCatalog, "catalogs": CatalogsOnOrderPage(all: self, current: pageCatalog),
                "items": catalog.itemValues(catalog.catalog.orders[orderIndex][page.range]),
                "order": ["label": order.label, "slug": order.slug, "url": catalog.config.link(forPath: base)],
            ]
            if let pagination = catalog.pagination(page, base: base) { values["pagination"] = pagination }
            return (catalog.numbered("\(catalog.catalog.config.label) · \(order.label)", page), catalog.catalog.config.description, nil, values)
        default:
            return nil
        }
    }
}

/// One catalog's template values: `items`, `featured`, `facets`, `url`, `label`, `count`.
final class CatalogValues: MustacheParent, @unchecked Sendable {
    let catalog: Catalog
    let config: SiteConfig
    let format: SiteFormatter
    private let lock = NSLock()
    private var allItems: [[String: Any]]?
    private var facetList: [[String: Any]]?
    /// For each item, the facet values it belongs to: (facet, value) indexes.
    private let memberships: [[(facet: Int, value: Int)]]
    /// Every catalog's values, for the items of related catalogs. Set once by the owner, before rendering.
    weak var directory: CatalogTemplateValues?

    init(catalog: Catalog, config: SiteConfig, format: SiteFormatter) {
        self.catalog = catalog
        self.config = config
        self.format = format
        var memberships = [[(facet: Int, value: Int)]](repeating: [], count: catalog.items.count)
        for (facetIndex, facet) in catalog.facets.enumerated() {
            for (valueIndex, value) in facet.values.enumerated() {
                for item in value.items { memberships[item].append((facetIndex, valueIndex)) }
            }
        }
        self.memberships = memberships
    }

    func child(named name: String) -> Any? {
        switch name {
        case "name": catalog.config.name
        case "label", "title": catalog.config.label
        case "description": catalog.config.description.isEmpty ? nil : catalog.config.description
        case "url": config.link(forPath: catalog.config.indexPath)
        case "count": catalog.items.count
        case "items": cached(\.allItems) { itemValues(Array(catalog.items.indices)) }
        case "featured": catalog.featured.map { itemValues($0) }
        case "facets": cached(\.facetList) { catalog.facets.map(facetValues) }
        case "facet": facetsByField()
        case "range": ranges()
        case "orders": orders(current: nil)
        case "sortLabel": catalog.config.sortLabel ?? CatalogWords(language: config.language).defaultOrder
        default: nil
        }
    }

    /// `orders`: `{ label, slug, url, current }` for each extra order; `current` on that order's pages.
    func orders(current: Int?) -> [[String: Any]] {
        catalog.config.orders.enumerated().map { index, order in
            ["label": order.label, "slug": order.slug, "url": config.link(forPath: CatalogRoutes.orderPath(catalog.config, order)),
             "current": index == current]
        }
    }

    /// `facet.category` is the same as the `facets` entry whose field is `category`.
    private func facetsByField() -> [String: Any] {
        let list = cached(\.facetList) { catalog.facets.map(facetValues) }
        var byField: [String: Any] = [:]
        for (facet, values) in zip(catalog.facets, list) where byField[facet.field] == nil { byField[facet.field] = values }
        return byField
    }

    /// `range.points`: `{ min, max }` (plain numbers, for sliders) and `minLabel`, `maxLabel` (formatted),
    /// for every integer and decimal field with values.
    private func ranges() -> [String: Any] {
        var result: [String: Any] = [:]
        for (position, field) in catalog.fields.enumerated() where field.type == .integer || field.type == .decimal {
            let numbers = catalog.items.compactMap { $0.values[position].number }
            guard let low = numbers.min(), let high = numbers.max() else { continue }
            result[field.name] = ["min": FacetLabels.plain(low), "max": FacetLabels.plain(high),
                                  "minLabel": FacetLabels.number(low, format: format), "maxLabel": FacetLabels.number(high, format: format)]
        }
        return result
    }

    private func cached(_ slot: ReferenceWritableKeyPath<CatalogValues, [[String: Any]]?>, _ make: () -> [[String: Any]]) -> [[String: Any]] {
        lock.lock()
        defer { lock.unlock() }
        if let values = self[keyPath: slot] { return values }
        let values = make()
        self[keyPath: slot] = values
        return values
    }

    func itemValues<C: Collection>(_ indexes: C) -> [[String: Any]] where C.Element == Int {
        indexes.map { itemValues($0) }
    }

    /// An item with its relations: `refs.FIELD` (the referenced item, or a list of them for list
    /// fields), `referencedBy.CATALOG` (absent when none) and `referencedCount.CATALOG` (0 when none).
    /// Related items carry plain values, without relations of their own.
    func itemValues(_ index: Int) -> [String: Any] {
        var values = plainItemValues(index)
        guard !catalog.references.isEmpty || !catalog.backlinks.isEmpty, let directory else { return values }
        if !catalog.references.isEmpty {
            var refs: [String: Any] = [:]
            for reference in catalog.references {
                let target = directory.catalogs[reference.target]
                let linked = reference.items[index].map { target.plainItemValues($0) }
                if catalog.fields.first(where: { $0.name == reference.field })?.type == .list {
                    refs[reference.field] = linked
                } else if let first = linked.first {
                    refs[reference.field] = first
                }
            }
            values["refs"] = refs
        }
        if !catalog.backlinks.isEmpty {
            var referencedBy: [String: Any] = [:]
            var referencedCount: [String: Any] = [:]
            for backlink in catalog.backlinks {
                let source = directory.catalogs[backlink.source]
                let name = source.catalog.config.name
                let referencing = backlink.items[index]
                referencedCount[name] = referencing.count
                if !referencing.isEmpty { referencedBy[name] = referencing.map { source.plainItemValues($0) } }
            }
            values["referencedBy"] = referencedBy
            values["referencedCount"] = referencedCount
        }
        return values
    }

    /// An item: `key`, `title`, `url`, `permalink`, each field formatted for display,
    /// `raw` (plain values for data- attributes), `fields` (every non-empty field in order)
    /// and `blocks.NAME` (per-item charts, key figures and tables).
    func plainItemValues(_ index: Int) -> [String: Any] {
        let item = catalog.items[index]
        var values: [String: Any] = [:]
        var raw: [String: Any] = [:]
        var list: [[String: Any]] = []
        for (position, field) in catalog.fields.enumerated() {
            let value = item.values[position]
            guard !value.isNull, let plain = value.plainText(config.timeZone) else { continue }
            let shown: Any
            let text: String
            switch (value, field.type) {
            case (.integer(let number), _): text = format.number(number); shown = text
            case (.decimal(let number), _): text = FacetLabels.number(number, format: format); shown = text
            case (.date(let date), _): text = format.longDate(date); shown = text
            case (.boolean(let flag), _): text = plain; shown = flag
            case (.list(let elements), _): text = elements.joined(separator: ", "); shown = elements
            case (.string(let string), .image): text = Self.imageLink(string, config: config); shown = text
            default: text = plain; shown = plain
            }
            values[field.name] = shown
            raw[field.name] = value.rawText(config.timeZone)
            list.append(["name": field.name, "value": text, "raw": value.rawText(config.timeZone)])
        }
        values["key"] = item.key
        values["title"] = item.title
        values["url"] = config.link(forPath: item.path)
        values["permalink"] = config.absoluteURL(forPath: item.path)
        values["raw"] = raw
        values["fields"] = list
        var facetLinks: [String: [[String: Any]]] = [:]
        for (facetIndex, valueIndex) in memberships[index] {
            let facet = catalog.facets[facetIndex]
            let value = facet.values[valueIndex]
            facetLinks[facet.field, default: []].append(["label": value.label, "url": config.link(forPath: value.path)])
        }
        values["facetLinks"] = facetLinks
        if catalog.featured == index { values["isFeatured"] = true }
        if !catalog.itemBlocks.isEmpty {
            values["blocks"] = Dictionary(catalog.itemBlocks.map { ($0.name, $0.html[index]) }, uniquingKeysWith: { first, _ in first })
        }
        return values
    }

    /// Items shown with each facet value in `facets` (a landing page's "prizes by band").
    static let previewLength = 4

    /// `facets`: `{ field, banded, values: [facet value] }`.
    private func facetValues(_ facet: CatalogFacet) -> [String: Any] {
        ["field": facet.field, "banded": facet.isBanded, "cumulative": facet.isCumulative, "values": facet.values.map { facetValue(facet, $0) }]
    }

    /// A facet value or band: `field`, `label`, `slug`, `url`, `count`, `preview` (its first items),
    /// and for bands `lower`/`upper`.
    func facetValue(_ facet: CatalogFacet, _ value: CatalogFacetValue) -> [String: Any] {
        var values: [String: Any] = ["field": facet.field, "label": value.label, "slug": value.slug, "url": config.link(forPath: value.path),
                                     "count": value.items.count, "banded": facet.isBanded, "cumulative": facet.isCumulative,
                                     "preview": itemValues(value.items.prefix(Self.previewLength))]
        if let lower = value.lowerBound { values["lower"] = FacetLabels.plain(lower) }
        if let upper = value.upperBound { values["upper"] = FacetLabels.plain(upper) }
        return values
    }

    func pagination(_ page: Pagination, base: String) -> [String: Any]? {
        PaginationLinks.values(page, base: base, config: config)
    }

    func numbered(_ title: String, _ page: Pagination) -> String {
        page.number == 1 ? title : "\(title) (\(Labels(language: config.language).page) \(page.number))"
    }

    static func imageLink(_ src: String, config: SiteConfig) -> String {
        if src.contains("://") || src.hasPrefix("//") || src.hasPrefix("data:") { return src }
        return config.link(forPath: src.hasPrefix("/") ? src : "/" + src)
    }
}

/// `catalog` on an order's pages: the catalog's values, with `current` set on that order.
final class CatalogOrderPageValues: MustacheParent, @unchecked Sendable {
    let catalog: CatalogValues
    let currentOrder: Int

    init(catalog: CatalogValues, currentOrder: Int) {
        self.catalog = catalog
        self.currentOrder = currentOrder
    }

    func child(named name: String) -> Any? {
        name == "orders" ? catalog.orders(current: currentOrder) : catalog.child(named: name)
    }
}

/// `catalogs` on an order's pages: the same as everywhere, except that the page's own catalog
/// marks its order `current`.
final class CatalogsOnOrderPage: MustacheParent, @unchecked Sendable {
    let all: CatalogTemplateValues
    let current: CatalogOrderPageValues

    init(all: CatalogTemplateValues, current: CatalogOrderPageValues) {
        self.all = all
        self.current = current
    }

    func child(named name: String) -> Any? {
        name == current.catalog.catalog.config.name ? current : all.child(named: name)
    }
}

extension DataValue {
    /// For `data-` attributes and scripts: numbers unformatted, dates `2026-03-14`, lists joined by `;`.
    func rawText(_ timeZone: TimeZone) -> String {
        if case .list(let elements) = self { return elements.joined(separator: ";") }
        return plainText(timeZone) ?? ""
    }
}
