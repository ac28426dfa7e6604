import Foundation
import MastheadContent
import MastheadSite
import MastheadSupport

/// The controls of a catalog's `filter:`, read from its items: what the form draws
/// (`CatalogFilterForm`) and what the data file gives the script (`CatalogFilterData`).
/// The control follows the field's type: numbers get a range, text and lists checkboxes,
/// dates a cut-off.
struct CatalogFilterControls {
    enum Kind: String {
        case range, choice, date
    }

    struct Control {
        var field: CatalogFilterField
        var kind: Kind
        /// Position of the field in each item's values.
        var position: Int
        /// The URL parameters: `min` and `max` for a range (`FIELD-min`, `FIELD-max` when the
        /// filter has more than one), the field's name otherwise.
        var parameters: [String]
        /// A range: the distinct values, ascending, and each as pages show it ("1.200", "450,00 €").
        /// The slider moves by these, so every step lands on a value some item has.
        var steps: [Double] = []
        var stepLabels: [String] = []
        /// A choice: each distinct value, in its facet's order (or by name), with how many items have it.
        var choices: [(slug: String, label: String, count: Int)] = []
    }

    let catalog: Catalog
    let controls: [Control]

    /// Nil when the catalog has no `filter:`.
    init?(_ catalog: Catalog, store: CatalogTemplateValues) {
        guard let config = catalog.config.filter else { return nil }
        self.catalog = catalog
        let ranges = config.fields.filter { field in
            catalog.fieldIndex(field.name).map { [.integer, .decimal].contains(catalog.fields[$0].type) } ?? false
        }.count
        controls = config.fields.compactMap { field in
            guard let position = catalog.fieldIndex(field.name) else { return nil }
            let type = catalog.fields[position].type
            switch type {
            case .integer, .decimal:
                let numbers = Set(catalog.items.compactMap { $0.values[position].number }).sorted()
                let labels = numbers.map { number in
                    let value: DataValue = type == .integer ? .integer(Int(number)) : .decimal(number)
                    return store.display(value, field: catalog.fields[position])?.text ?? FacetLabels.plain(number)
                }
                let parameters = ranges == 1 ? ["min", "max"] : ["\(field.name)-min", "\(field.name)-max"]
                return Control(field: field, kind: .range, position: position, parameters: parameters, steps: numbers, stepLabels: labels)
            case .date:
                return Control(field: field, kind: .date, position: position, parameters: [field.name])
            default:
                return Control(
                    field: field, kind: .choice, position: position, parameters: [field.name],
                    choices: Self.choices(catalog, field: field.name, position: position))
            }
        }
    }

    /// The values of a text or list field: a facet's values when the catalog has one on the
    /// field (the same words and slugs as its pages), otherwise each distinct value by name.
    private static func choices(_ catalog: Catalog, field: String, position: Int) -> [(slug: String, label: String, count: Int)] {
        if let facet = catalog.facets.first(where: { $0.field == field && !$0.isBanded && !$0.isCumulative }) {
            return facet.values.map { ($0.slug, $0.label, $0.items.count) }
        }
        // By slug, as facets group them: "Caffè" and "caffe" are one choice, under the first spelling met.
        var bySlug: [String: (label: String, count: Int)] = [:]
        for item in catalog.items {
            var seen: Set<String> = []
            for text in texts(item.values[position]) {
                let slug = Slug.make(text)
                guard !slug.isEmpty, seen.insert(slug).inserted else { continue }
                bySlug[slug, default: (text, 0)].count += 1
            }
        }
        return bySlug.sorted { ($0.value.label, $0.key) < ($1.value.label, $1.key) }.map { ($0.key, $0.value.label, $0.value.count) }
    }

    /// A text field's value, or a list's elements.
    static func texts(_ value: DataValue) -> [String] {
        switch value {
        case .list(let elements): elements.filter { !$0.isEmpty }
        case .string(let text): text.isEmpty ? [] : [text]
        default: []
        }
    }
}
