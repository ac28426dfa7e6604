import Foundation

/// A catalog once its file is read: typed items in display order, their URLs,
/// facet pages and the featured item. Built before articles are parsed, so
/// `prize:KEY` links can resolve.
public struct Catalog: Sendable {
    public var config: CatalogConfig
    /// The columns, schema order (or the file's order when there is no schema).
    public var fields: [CatalogField]
    /// Sorted by `config.sort`, ties by key.
    public var items: [CatalogItem]
    public var facets: [CatalogFacet]
    /// Index into `items`.
    public var featured: Int?

    /// Position of `name` in every item's `values`.
    public func fieldIndex(_ name: String) -> Int? { fields.firstIndex { $0.name == name } }

    public func item(withKey key: String) -> Int? { items.firstIndex { $0.key == key } }
}

/// One row of a catalog. A value type holding only its typed values, so a
/// catalog's memory stays proportional to its data.
public struct CatalogItem: Sendable {
    public var key: String
    public var title: String
    /// Site path, e.g. `/prizes/moka-pot/`.
    public var path: String
    /// Parallel to `Catalog.fields`.
    public var values: [DataValue]
    /// The row (CSV) or line (JSON, YAML) it came from.
    public var source: SourceLocation
}

/// One facet: a field whose values (or numeric bands) get a page each.
public struct CatalogFacet: Sendable {
    public var field: String
    public var values: [CatalogFacetValue]
    public var isBanded: Bool
}

public struct CatalogFacetValue: Sendable {
    /// The value as written ("Caffè") or the band's label ("0–499").
    public var label: String
    public var slug: String
    public var path: String
    /// Indexes into `Catalog.items`, in catalog order.
    public var items: [Int]
    /// For bands: the lower bound (inclusive) and the next band's bound (exclusive; nil for the last).
    public var lowerBound: Double?
    public var upperBound: Double?
}
