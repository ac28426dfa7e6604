import Foundation
import MastheadContent
import MastheadSupport

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
    /// One per field with `references:`: which items of the other catalog each item names.
    public var references: [CatalogReference] = []
    /// One per catalog referencing this one: which of its items name each item here.
    public var backlinks: [CatalogBacklink] = []
    /// Parallel to `config.orders`: item indexes in that order. Empty when there are no extra orders.
    public var orders: [[Int]] = []
    /// Parallel to the blocks that could be drawn: each item's HTML. Empty without `blocks:`.
    public var itemBlocks: [CatalogItemBlocks] = []
    /// Where each referencing cell was written (field name, then item key), for `references` errors.
    /// Filled only for fields with `references:`.
    var referenceCells: [String: [String: SourceLocation]] = [:]
    /// Keys of rows left out for an error of their own, or hidden by `visible:` today: links and
    /// references naming them are skipped, not reported again (one fault, one error).
    var failedKeys: Set<String> = []
    /// With `visible:`: every item's start and end after the build date (`CatalogSchedule`).
    public var visibilityChanges: [CatalogVisibilityChange] = []

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
    /// `atMost:` or `atLeast:`: an item is on every threshold's page it satisfies.
    public var isCumulative = false
}

public struct CatalogFacetValue: Sendable {
    /// The value as written ("Caffè") or the band's label ("0–499").
    public var label: String
    public var slug: String
    public var path: String
    /// Indexes into `Catalog.items`, in catalog order.
    public var items: [Int]
    /// For bands: the lower bound (inclusive) and the next band's bound (exclusive; nil for the last).
    /// For cumulative facets: the threshold, inclusive, as `upperBound` (atMost) or `lowerBound` (atLeast).
    public var lowerBound: Double?
    public var upperBound: Double?
}

/// `references:` from one field of a catalog to another catalog.
public struct CatalogReference: Sendable {
    public var field: String
    /// Index into `Site.catalogs` of the referenced catalog.
    public var target: Int
    /// Per item of the referencing catalog: the referenced items, in the order written.
    public var items: [[Int]]
}

/// The items of another catalog that reference this one's items (through any field).
public struct CatalogBacklink: Sendable {
    /// Index into `Site.catalogs` of the referencing catalog.
    public var source: Int
    /// Per item of this catalog: the referencing items, in the referencing catalog's order.
    public var items: [[Int]]
}

/// One `blocks:` entry drawn for every item.
public struct CatalogItemBlocks: Sendable {
    public var name: String
    /// Parallel to `Catalog.items`.
    public var html: [String]

    package init(name: String, html: [String]) {
        self.name = name
        self.html = html
    }
}
