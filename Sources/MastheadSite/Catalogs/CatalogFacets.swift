import Foundation
import MastheadSupport

/// Groups a catalog's items into facet pages: one per distinct value of a field
/// (each element, for lists), or one per numeric band.
enum CatalogFacets {
    static func make(_ catalog: Catalog, format: SiteFormatter, words: CatalogWords) -> [CatalogFacet] {
        catalog.config.facets.compactMap { facet in
            guard let fieldIndex = catalog.fieldIndex(facet.field) else { return nil }
            let base = catalog.config.indexPath + Slug.make(facet.field) + "/"
            if let thresholds = facet.atMost ?? facet.atLeast {
                let values = cumulativeValues(
                    catalog, fieldIndex: fieldIndex, thresholds: thresholds, atMost: facet.atMost != nil,
                    labels: facet.labels, base: base, format: format, words: words)
                return CatalogFacet(field: facet.field, values: values, isBanded: false, isCumulative: true)
            }
            if let bands = facet.bands {
                let isInteger = catalog.fields[fieldIndex].type == .integer
                return CatalogFacet(
                    field: facet.field,
                    values: bandValues(
                        catalog, fieldIndex: fieldIndex, bands: bands, labels: facet.labels,
                        isInteger: isInteger, base: base, format: format), isBanded: true)
            }
            let values = distinctValues(catalog, fieldIndex: fieldIndex, base: base, timeZone: format.timeZone)
            return CatalogFacet(field: facet.field, values: values, isBanded: false)
        }
    }

    /// Values sorted by label (ignoring case and accents); spellings that give the same
    /// slug ("Caffè", "caffe") share a page under the first spelling met in catalog order.
    private static func distinctValues(_ catalog: Catalog, fieldIndex: Int, base: String, timeZone: TimeZone) -> [CatalogFacetValue] {
        var bySlug: [String: CatalogFacetValue] = [:]
        for (index, item) in catalog.items.enumerated() {
            let value = item.values[fieldIndex]
            let labels: [String]
            if case .list(let elements) = value { labels = elements } else { labels = value.plainText(timeZone).map { [$0] } ?? [] }
            for label in labels {
                let slug = Slug.make(label)
                guard !slug.isEmpty else { continue }
                if bySlug[slug] == nil { bySlug[slug] = CatalogFacetValue(label: label, slug: slug, path: base + slug + "/", items: []) }
                if bySlug[slug]?.items.last != index { bySlug[slug]?.items.append(index) }
            }
        }
        return bySlug.values.sorted {
            let order = $0.label.compare($1.label, options: [.caseInsensitive, .diacriticInsensitive])
            return order == .orderedSame ? $0.slug < $1.slug : order == .orderedAscending
        }
    }

    /// Band i holds values v with bands[i] <= v < bands[i + 1]; the last band has no upper bound.
    /// Values under the first bound are in no band.
    private static func bandValues(
        _ catalog: Catalog, fieldIndex: Int, bands: [Double], labels: [String]?, isInteger: Bool,
        base: String, format: SiteFormatter
    ) -> [CatalogFacetValue] {
        var values = bands.indices.map { index -> CatalogFacetValue in
            let lower = bands[index]
            let upper = index + 1 < bands.count ? bands[index + 1] : nil
            let label = labels?[index] ?? FacetLabels.band(lower: lower, upper: upper, isInteger: isInteger, format: format)
            let slug = FacetLabels.bandSlug(lower: lower, upper: upper, isInteger: isInteger)
            return CatalogFacetValue(label: label, slug: slug, path: base + slug + "/", items: [], lowerBound: lower, upperBound: upper)
        }
        for (index, item) in catalog.items.enumerated() {
            guard let number = item.values[fieldIndex].number, let band = bands.lastIndex(where: { $0 <= number }) else { continue }
            values[band].items.append(index)
        }
        return values
    }
}

extension CatalogFacets {
    /// One page per threshold: `atMost` holds the items with value <= threshold, `atLeast` those
    /// with value >= threshold, so an item is on several pages. Empty values are on none.
    static func cumulativeValues(
        _ catalog: Catalog, fieldIndex: Int, thresholds: [Double], atMost: Bool, labels: [String]?,
        base: String, format: SiteFormatter, words: CatalogWords
    ) -> [CatalogFacetValue] {
        var values = thresholds.indices.map { index -> CatalogFacetValue in
            let threshold = thresholds[index]
            let number = FacetLabels.number(threshold, format: format)
            let label = labels?[index] ?? (atMost ? words.upTo(number) : words.orMore(number))
            let plain = Slug.make(FacetLabels.plain(threshold).replacingOccurrences(of: "-", with: "minus-"))
            let slug = atMost ? "up-to-\(plain)" : "\(plain)-or-more"
            return CatalogFacetValue(
                label: label, slug: slug, path: base + slug + "/", items: [],
                lowerBound: atMost ? nil : threshold, upperBound: atMost ? threshold : nil)
        }
        for (index, item) in catalog.items.enumerated() {
            guard let number = item.values[fieldIndex].number else { continue }
            for position in thresholds.indices where atMost ? number <= thresholds[position] : number >= thresholds[position] {
                values[position].items.append(index)
            }
        }
        return values
    }
}
