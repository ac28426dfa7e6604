import Foundation
import MastheadContent
import MastheadSite
import MastheadSupport

/// The data file of a catalog's filter (`/prizes/filter.json`): every item's filtered values and
/// its card, drawn with the `filter.card` template as the index draws it, so the script can
/// filter and page through the whole catalog whatever its page size. Written by hand in a fixed
/// order: the same catalog gives the same bytes.
///
/// `{"pageSize":60,"fields":["points","category"],"items":[[150,["caffe"]],...],"cards":["<li ...>",...],
/// "orders":{"price-desc":[3,0,...]},"ranges":{"points":{"values":[...],"labels":[...]}},"words":{...}}`:
/// `items` and `cards` in the catalog's order; a choice's values are slugs; a date is `2027-12-31`.
struct CatalogFilterData {
    let controls: CatalogFilterControls
    let words: CatalogWords.FilterWords

    /// Beside the catalog's index: `/prizes/filter.json`.
    static func path(_ catalog: CatalogConfig) -> String {
        String(catalog.indexPath.drop { $0 == "/" }) + "filter.json"
    }

    /// The file, or the problem with the card template (missing, or failing to render).
    static func file(
        _ catalog: Int, site: Site, templates: TemplateSet, store: CatalogTemplateValues
    ) -> (file: OutputFile?, problem: Diagnostic?) {
        let config = site.catalogs[catalog].config
        guard let filter = config.filter, let controls = CatalogFilterControls(site.catalogs[catalog], store: store) else { return (nil, nil) }
        guard templates.names.contains(filter.card) else {
            let message =
                "filter.card: no template '\(filter.card)' to draw each result with"
                + Suggestion.didYouMean(filter.card, in: templates.names.sorted())
            return (nil, .error(message, at: filter.cardLocation))
        }
        var cards: [String] = []
        for index in site.catalogs[catalog].items.indices {
            guard let card = templates.render(store.item(catalog, index), template: filter.card) else {
                return (nil, .error("filter.card: the template '\(filter.card)' could not draw an item", at: filter.cardLocation))
            }
            cards.append(JSONText.string(card.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        let json = CatalogFilterData(controls: controls, words: CatalogWords(language: site.config.language).filter)
            .json(cards: cards, timeZone: site.config.timeZone)
        return (OutputFile(path: path(config), contents: .bytes(Data(json.utf8))), nil)
    }

    func json(cards: [String], timeZone: TimeZone) -> String {
        let catalog = controls.catalog
        let items = catalog.items.map { item in
            JSONText.array(controls.controls.map { control in value(item.values[control.position], control.kind, timeZone) })
        }
        let orders = zip(catalog.config.orders, catalog.orders).map { order, indexes in
            (order.slug, Optional(JSONText.array(indexes.map(String.init))))
        }
        let ranges = controls.controls.filter { $0.kind == .range }.map { control in
            (
                control.field.name,
                Optional(
                    JSONText.object([
                        ("values", JSONText.array(control.steps.map(FacetLabels.plain))),
                        ("labels", JSONText.array(control.stepLabels.map(JSONText.string)))
                    ]))
            )
        }
        let words: [(String, String?)] = [
            ("all", self.words.all), ("some", self.words.some), ("one", self.words.one), ("none", self.words.none),
            ("previous", self.words.previous), ("next", self.words.next), ("page", self.words.page), ("pages", self.words.pages)
        ].map { ($0.0, JSONText.string($0.1)) }
        return JSONText.object([
            ("pageSize", String(catalog.config.pageSize)),
            ("fields", JSONText.array(controls.controls.map { JSONText.string($0.field.name) })),
            ("items", JSONText.array(items)),
            ("cards", JSONText.array(cards)),
            ("orders", JSONText.object(orders)),
            ("ranges", JSONText.object(ranges)),
            ("words", JSONText.object(words))
        ]) + "\n"
    }

    /// A number plain, a choice as its slugs, a date as `2027-12-31`; null when empty.
    private func value(_ value: DataValue, _ kind: CatalogFilterControls.Kind, _ timeZone: TimeZone) -> String {
        guard !value.isNull else { return "null" }
        switch kind {
        case .range: return value.number.map(FacetLabels.plain) ?? "null"
        case .choice: return JSONText.array(CatalogFilterControls.texts(value).map { JSONText.string(Slug.make($0)) })
        case .date: return JSONText.string(value.rawText(timeZone))
        }
    }
}
