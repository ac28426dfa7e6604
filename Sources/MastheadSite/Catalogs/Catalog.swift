import Foundation
import MastheadContent
import MastheadSupport

/// A catalog once its file is read: typed items in display order, their URLs,
/// facet pages and the featured item. Built before articles are parsed, so
/// `prize:KEY` links can resolve.
public struct Catalog: Sendable {
    package var config: CatalogConfig
    /// The columns, schema order (or the file's order when there is no schema).
    package var fields: [CatalogField]
    /// Sorted by `config.sort`, ties by key.
    package var items: [CatalogItem]
    package var facets: [CatalogFacet]
    /// Index into `items`.
    package var featured: Int?
    /// One per field with `references:`: which items of the other catalog each item names.
    package var references: [CatalogReference] = []
    /// One per catalog referencing this one: which of its items name each item here.
    package var backlinks: [CatalogBacklink] = []
    /// Parallel to `config.orders`: item indexes in that order. Empty when there are no extra orders.
    package var orders: [[Int]] = []
    /// Parallel to the blocks that could be drawn: each item's HTML. Empty without `blocks:`.
    package var itemBlocks: [CatalogItemBlocks] = []
    /// Where each referencing cell was written (field name, then item key), for `references` errors.
    /// Filled only for fields with `references:`.
    var referenceCells: [String: [String: SourceLocation]] = [:]
    /// Keys of rows left out for an error of their own, or hidden by `visible:` today: links and
    /// references naming them are skipped, not reported again (one fault, one error).
    var failedKeys: Set<String> = []
    /// With `visible:`: every item's start and end after the build date (`CatalogSchedule`).
    package var visibilityChanges: [CatalogVisibilityChange] = []

    /// Position of `name` in every item's `values`.
    package func fieldIndex(_ name: String) -> Int? { fields.firstIndex { $0.name == name } }

    package func item(withKey key: String) -> Int? { items.firstIndex { $0.key == key } }
}

/// One row of a catalog. A value type holding only its typed values, so a
/// catalog's memory stays proportional to its data.
package struct CatalogItem: Sendable {
    package var key: String
    package var title: String
    /// Site path, e.g. `/prizes/moka-pot/`.
    package var path: String
    /// Parallel to `Catalog.fields`.
    package var values: [DataValue]
    /// The row (CSV) or line (JSON, YAML) it came from.
    package var source: SourceLocation
}

/// One facet: a field whose values (or numeric bands) get a page each.
package struct CatalogFacet: Sendable {
    package var field: String
    package var values: [CatalogFacetValue]
    package var isBanded: Bool
    /// `atMost:` or `atLeast:`: an item is on every threshold's page it satisfies.
    package var isCumulative = false
}

package struct CatalogFacetValue: Sendable {
    /// The value as written ("Caffè") or the band's label ("0–499").
    package var label: String
    package var slug: String
    package var path: String
    /// Indexes into `Catalog.items`, in catalog order.
    package var items: [Int]
    /// For bands: the lower bound (inclusive) and the next band's bound (exclusive; nil for the last).
    /// For cumulative facets: the threshold, inclusive, as `upperBound` (atMost) or `lowerBound` (atLeast).
    package var lowerBound: Double?
    package var upperBound: Double?
}

/// `references:` from one field of a catalog to another catalog.
package struct CatalogReference: Sendable {
    package var field: String
    /// Index into `Site.catalogs` of the referenced catalog.
    package var target: Int
    /// Per item of the referencing catalog: the referenced items, in the order written.
    package var items: [[Int]]
}

/// The items of another catalog that reference this one's items (through any field).
package struct CatalogBacklink: Sendable {
    /// Index into `Site.catalogs` of the referencing catalog.
    package var source: Int
    /// Per item of this catalog: the referencing items, in the referencing catalog's order.
    package var items: [[Int]]
}

/// One `blocks:` entry drawn for every item.
package struct CatalogItemBlocks: Sendable {
    package var name: String
    /// Parallel to `Catalog.items`.
    package var html: [String]

    package init(name: String, html: [String]) {
        self.name = name
        self.html = html
    }
}
