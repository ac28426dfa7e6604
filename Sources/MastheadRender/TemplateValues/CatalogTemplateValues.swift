import Foundation
import MastheadCharts
import MastheadContent
import MastheadImages
import MastheadMustache
import MastheadSite
import MastheadSupport

/// What the values of every catalog read: the catalogs, the site's formatters and, for each
/// item, the facet values it is on. The values (`catalogs.NAME`, `catalog`, `items`, `item`...)
/// are built when a template reads them: a page that never mentions a catalog costs nothing,
/// so 100,000 item pages do not each carry 100,000 items. Immutable, so shared by the render workers.
final class CatalogTemplateValues: Sendable {
    let catalogs: [Catalog]
    let config: SiteConfig
    let format: SiteFormatter
    /// Money in the site's language ("24.578,80 €"), for fields with `format: currency`.
    let money: ChartFormatter
    /// Image fields show their processed images.
    let images: SiteImages
    let defaultOrder: String
    let filterWords: CatalogWords.FilterWords
    private let pageWord: String
    /// For each catalog, for each item, the facet values it belongs to: (facet, value) indexes.
    let memberships: [[[(facet: Int, value: Int)]]]

    /// Items shown with each facet value in `facets` (a landing page's "prizes by band").
    static let previewLength = 4

    init(site: Site, format: SiteFormatter, images: SiteImages = SiteImages()) {
        self.images = images
        catalogs = site.catalogs
        config = site.config
        self.format = format
        money = ChartFormatter(language: site.config.language, timeZone: site.config.timeZone)
        let words = CatalogWords(language: site.config.language)
        defaultOrder = words.defaultOrder
        filterWords = words.filter
        pageWord = Labels(language: site.config.language).page
        memberships = site.catalogs.map { catalog in
            var memberships = [[(facet: Int, value: Int)]](repeating: [], count: catalog.items.count)
            for (facetIndex, facet) in catalog.facets.enumerated() {
                for (valueIndex, value) in facet.values.enumerated() {
                    for item in value.items { memberships[item].append((facetIndex, valueIndex)) }
                }
            }
            return memberships
        }
    }

    /// `catalogs` in every template.
    var byName: CatalogsByName { CatalogsByName(store: self, order: nil) }

    /// The values of a catalog route: the page title and description, and what the template gets.
    func page(for subject: Route.Subject) -> (title: String, description: String, image: String?, values: any TemplateParent)? {
        switch subject {
        case .catalogIndex(let index, let page):
            let catalog = catalogs[index]
            var values = CatalogIndexPageValues(
                catalog: CatalogValues(store: self, index: index), items: items(index, page.range),
                pagination: PaginationValues(page, base: catalog.config.indexPath, config: config))
            values.map = CatalogMapRenderer(config: config).figure(
                catalog, items: Array(catalog.items.indices), subtitle: nil, id: "map-\(catalog.config.name)")
            return (numbered(catalog.config.label, page), catalog.config.description, nil, values)
        case .catalogItem(let index, let item):
            let catalog = catalogs[index]
            let values = catalog.items[item].values
            let description = catalog.fieldIndex("description").flatMap { values[$0].displayKey } ?? catalog.config.description
            let image = catalog.fields.indices.first { catalog.fields[$0].type == .image && !values[$0].isNull }.flatMap { values[$0].displayKey }
            let page = CatalogItemPageValues(
                catalog: CatalogValues(store: self, index: index),
                item: CatalogItemValues(store: self, catalog: index, index: item, relations: true, neighbours: true))
            return (catalog.items[item].title, description, image, page)
        case .catalogFacet(let index, let facetIndex, let valueIndex, let page):
            let catalog = catalogs[index]
            let value = catalog.facets[facetIndex].values[valueIndex]
            var values = CatalogFacetPageValues(
                catalog: CatalogValues(store: self, index: index),
                facet: CatalogFacetEntryValues(store: self, catalog: index, facet: facetIndex, value: valueIndex),
                items: value.items[page.range].map { item(index, $0) },
                pagination: PaginationValues(page, base: value.path, config: config))
            values.map = CatalogMapRenderer(config: config).figure(
                catalog, items: value.items, subtitle: value.label, id: "map-\(catalog.config.name)")
            return (numbered("\(value.label) · \(catalog.config.label)", page), catalog.config.description, nil, values)
        case .catalogOrder(let index, let orderIndex, let page):
            let catalog = catalogs[index]
            let order = catalog.config.orders[orderIndex]
            let base = CatalogRoutes.orderPath(catalog.config, order)
            var values = CatalogOrderPageValues(
                catalog: CatalogValues(store: self, index: index, currentOrder: orderIndex),
                catalogs: CatalogsByName(store: self, order: (index, orderIndex)),
                items: catalog.orders[orderIndex][page.range].map { item(index, $0) },
                order: CatalogOrderValues(label: order.label, slug: order.slug, url: config.link(forPath: base)),
                pagination: PaginationValues(page, base: base, config: config))
            values.map = CatalogMapRenderer(config: config).figure(
                catalog, items: Array(catalog.items.indices), subtitle: nil, id: "map-\(catalog.config.name)")
            return (numbered("\(catalog.config.label) · \(order.label)", page), catalog.config.description, nil, values)
        default:
            return nil
        }
    }

    /// An item with its relations, as lists show it.
    func item(_ catalog: Int, _ index: Int) -> CatalogItemValues {
        CatalogItemValues(store: self, catalog: catalog, index: index, relations: true, neighbours: false)
    }

    /// Items with their relations, by position in sort order.
    func items(_ catalog: Int, _ range: Range<Int>) -> [CatalogItemValues] {
        range.map { item(catalog, $0) }
    }

    private func numbered(_ title: String, _ page: Pagination) -> String {
        page.number == 1 ? title : "\(title) (\(pageWord) \(page.number))"
    }

    /// A field as templates show it, and as `fields` writes it; nil when empty. Numbers and dates
    /// in the site's language (money with `format: currency`), booleans as booleans (for sections),
    /// lists as lists, images as links.
    func display(_ value: DataValue, field: CatalogField) -> (shown: Any, text: String)? {
        guard !value.isNull, let plain = value.plainText(config.timeZone) else { return nil }
        if let code = field.currency, let number = value.reportNumber {
            let text = money.currency(number, code: code)
            return (text, text)
        }
        switch (value, field.type) {
        case (.integer(let number), _):
            let text = format.number(number)
            return (text, text)
        case (.decimal(let number), _):
            let text = FacetLabels.number(number, format: format)
            return (text, text)
        case (.date(let date), _):
            let text = format.longDate(date)
            return (text, text)
        case (.boolean(let flag), _): return (flag, plain)
        case (.list(let elements), _): return (elements, elements.joined(separator: ", "))
        case (.string(let string), .image):
            let image = ImageValues(src: string, alt: nil, images: images, config: config)
            return (image, image.src)
        default: return (plain, plain)
        }
    }
}

/// `catalogs.NAME`: every catalog by its name. On an extra order's pages, the page's own
/// catalog marks that order `current`.
struct CatalogsByName: TemplateMap, Sendable {
    let store: CatalogTemplateValues
    let order: (catalog: Int, order: Int)?

    func child(_ symbol: TemplateSymbol) -> Any? {
        let name = symbol.name
        guard let index = store.catalogs.firstIndex(where: { $0.config.name == name }) else { return nil }
        return CatalogValues(store: store, index: index, currentOrder: order?.catalog == index ? order?.order : nil)
    }
}
