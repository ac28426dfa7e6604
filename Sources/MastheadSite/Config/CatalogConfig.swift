import Foundation
import MastheadContent
import MastheadSupport

/// One catalog declared under `catalogs:` in site.yml: a data file turned into
/// an index, item pages and facet pages with no Swift code per catalog.
package struct CatalogConfig: Sendable {
    /// The key under `catalogs:` (`prizes`).
    package var name: String
    /// Site-relative path of the data file (`Content/catalogs/prizes.csv`).
    package var file: String
    /// Where the catalog is declared in site.yml, for problems with the declaration itself.
    package var location: SourceLocation
    package var key: String
    package var titleField: String
    /// The schema, in declaration order; nil when site.yml gives none (every column is text).
    package var fields: [CatalogField]?
    package var sort: CatalogSort
    /// Item URL pattern with the tokens `:key` and `:slug` (the title as a slug).
    package var permalink: String
    /// The index page; facet pages live under it.
    package var indexPath: String
    package var pageSize: Int
    package var indexTemplate: String
    package var itemTemplate: String
    /// Facet value and band pages; the index template when not given.
    package var facetTemplate: String
    package var facets: [CatalogFacetConfig] = []
    package var featured: CatalogFeaturedRule?
    /// `visible: { from: start, until: end }`: each item shown only in its window (`CatalogVisibilityWindow`).
    package var visibility: CatalogVisibilityConfig?
    /// The scheme articles link with: `prize:moka-pot`.
    package var linkScheme: String
    /// What pages call the catalog ("Premi"); default: the name, capitalised.
    package var label: String
    package var description: String = ""
    /// Extra sorted indexes under `INDEX/sort/SLUG/` (`orders:`).
    package var orders: [CatalogOrderConfig] = []
    /// What the default order is called (`sortLabel:`); nil gives "Default order" in the site's language.
    package var sortLabel: String?
    /// Charts, key figures and tables drawn for every item (`blocks:`), in declaration order.
    package var blocks: [CatalogBlockConfig] = []
    /// `structuredData:`: what each item is to search engines (JSON-LD on its page).
    package var structuredData: CatalogStructuredData?
    /// `map:`: the items drawn on a map on the index and facet pages.
    package var map: CatalogMapConfig?
    /// `filter:`: the filter over every item offered on the index (`CatalogFilterForm`).
    package var filter: CatalogFilterConfig?
    /// `file: { it: ..., en: ... }`: one data file per language, by code in `LanguageTag`'s normal form (docs/translating.md).
    package var filesByLanguage: [String: String] = [:]
    /// In another language's view, `_en`: a field's value is read from `title_en` when that cell is not empty.
    package var translatedColumnSuffix: String?

    /// The type of `field`, from the schema (text when there is no schema).
    package func field(named name: String) -> CatalogField? {
        guard let fields else { return CatalogField(name: name, type: .string, required: false) }
        return fields.first { $0.name == name }
    }
}

package struct CatalogField: Sendable, Hashable {
    package var name: String
    package var type: FieldType
    package var required: Bool
    /// `references: films`: every value (each element, for lists) is a key of that catalog.
    package var references: String?
    /// Where `references:` is written, for an unknown catalog name.
    package var referencesLocation: SourceLocation?
    /// `format: currency` with `currency: EUR`: the ISO 4217 code the number is money in.
    package var currency: String?

    package init(
        name: String, type: FieldType, required: Bool, references: String? = nil, referencesLocation: SourceLocation? = nil,
        currency: String? = nil
    ) {
        self.name = name
        self.type = type
        self.required = required
        self.references = references
        self.referencesLocation = referencesLocation
        self.currency = currency
    }
}

/// `sort: points` (ascending) or `sort: -points` (descending). Ties go by key.
package struct CatalogSort: Sendable, Hashable {
    package var field: String
    package var descending: Bool
}

package struct CatalogFacetConfig: Sendable {
    package var field: String
    /// Lower bounds of numeric bands: `[0, 500]` gives 0–499 and 500 and more.
    package var bands: [Double]?
    /// Cumulative thresholds: `atMost: [300]` gives a page of every item with a value <= 300.
    package var atMost: [Double]?
    /// Cumulative thresholds: `atLeast: [2]` gives a page of every item with a value >= 2.
    package var atLeast: [Double]?
    /// One label per band or threshold, replacing the default "0–499", "up to 300", "2 or more".
    package var labels: [String]?
    package var location: SourceLocation
}

package enum CatalogFeaturedRule: Sendable, Hashable {
    /// Always this item.
    case key(String, SourceLocation)
    /// A different item every ISO week of the build date (see `FeaturedRotation`).
    case weekly
}

/// `visible: { from: FIELD, until: FIELD }`: the date fields bounding when each item is shown.
package struct CatalogVisibilityConfig: Sendable, Hashable {
    package var from: String?
    package var until: String?
    package var location: SourceLocation
}

/// One extra order of a catalog's index: `{ sort: -price, slug: price-desc, label: "Price, highest first" }`.
package struct CatalogOrderConfig: Sendable {
    package var sort: CatalogSort
    /// The URL part: `INDEX/sort/SLUG/`.
    package var slug: String
    package var label: String
    package var location: SourceLocation
}

/// One block under `blocks:`: a ```chart, ```kpi or ```table block drawn for every item,
/// with `{key}`, `{title}` and `{FIELD}` replaced by the item's values.
package struct CatalogBlockConfig: Sendable {
    package var name: String
    package var kind: BlockKind
    /// The block's keys as written, without `kind:`.
    package var node: YAMLNode
    package var location: SourceLocation
}

/// The schema.org type of a catalog's items, read from fields of conventional names
/// (docs/catalogs.md, "Structured data").
package enum CatalogStructuredData: String, Sendable, CaseIterable {
    /// A place: `address`, `city`, `province`, `postalCode`, `country`, `phone`/`tel`, `email`, `latitude`, `longitude`.
    case localBusiness = "LocalBusiness"
    /// A thing: `description`, `image`, `category`; every other field as a property (points, not a price).
    case product = "Product"
}

/// `map: { title, longitude, latitude }`: the fields holding each item's coordinates.
package struct CatalogMapConfig: Sendable, Hashable {
    package var title: String
    package var longitude = "longitude"
    package var latitude = "latitude"
}

/// `filter: { card: prize-card, fields: [points, category] }`: a filter over every item of the
/// catalog, drawn by Masthead's own form and script; each result is drawn with the `card` template.
package struct CatalogFilterConfig: Sendable {
    /// The template (a partial) each result is drawn with, as the index draws its items.
    package var card: String
    package var cardLocation: SourceLocation
    package var fields: [CatalogFilterField]
}

/// One control of a catalog's filter: a range for numbers, checkboxes for text and lists, a
/// cut-off for dates (the control follows the field's type).
package struct CatalogFilterField: Sendable {
    package var name: String
    /// The control's heading; default: the field's name, capitalised.
    package var label: String
    package var location: SourceLocation
}
