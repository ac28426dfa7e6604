import Foundation
import MastheadContent
import MastheadSupport

/// One catalog declared under `catalogs:` in site.yml: a data file turned into
/// an index, item pages and facet pages with no Swift code per catalog.
public struct CatalogConfig: Sendable {
    /// The key under `catalogs:` (`prizes`).
    public var name: String
    /// Site-relative path of the data file (`Content/catalogs/prizes.csv`).
    public var file: String
    /// Where the catalog is declared in site.yml, for problems with the declaration itself.
    public var location: SourceLocation
    public var key: String
    public var titleField: String
    /// The schema, in declaration order; nil when site.yml gives none (every column is text).
    public var fields: [CatalogField]?
    public var sort: CatalogSort
    /// Item URL pattern with the tokens `:key` and `:slug` (the title as a slug).
    public var permalink: String
    /// The index page; facet pages live under it.
    public var indexPath: String
    public var pageSize: Int
    public var indexTemplate: String
    public var itemTemplate: String
    /// Facet value and band pages; the index template when not given.
    public var facetTemplate: String
    public var facets: [CatalogFacetConfig] = []
    public var featured: CatalogFeaturedRule?
    /// `visible: { from: start, until: end }`: each item shown only in its window (`CatalogVisibilityWindow`).
    public var visibility: CatalogVisibilityConfig?
    /// The scheme articles link with: `prize:moka-pot`.
    public var linkScheme: String
    /// What pages call the catalog ("Premi"); default: the name, capitalised.
    public var label: String
    public var description: String = ""
    /// Extra sorted indexes under `INDEX/sort/SLUG/` (`orders:`).
    public var orders: [CatalogOrderConfig] = []
    /// What the default order is called (`sortLabel:`); nil gives "Default order" in the site's language.
    public var sortLabel: String?
    /// Charts, key figures and tables drawn for every item (`blocks:`), in declaration order.
    public var blocks: [CatalogBlockConfig] = []
    /// `structuredData:`: what each item is to search engines (JSON-LD on its page).
    public var structuredData: CatalogStructuredData?
    /// `map:`: the items drawn on a map on the index and facet pages.
    public var map: CatalogMapConfig?
    /// `filter:`: the filter over every item offered on the index (`CatalogFilterForm`).
    public var filter: CatalogFilterConfig?
    /// `file: { it: ..., en: ... }`: one data file per language, by code in `LanguageTag`'s normal form (docs/translating.md).
    public var filesByLanguage: [String: String] = [:]
    /// In another language's view, `_en`: a field's value is read from `title_en` when that cell is not empty.
    public var translatedColumnSuffix: String?

    /// The type of `field`, from the schema (text when there is no schema).
    public func field(named name: String) -> CatalogField? {
        guard let fields else { return CatalogField(name: name, type: .string, required: false) }
        return fields.first { $0.name == name }
    }
}

public struct CatalogField: Sendable, Hashable {
    public var name: String
    public var type: FieldType
    public var required: Bool
    /// `references: films`: every value (each element, for lists) is a key of that catalog.
    public var references: String?
    /// Where `references:` is written, for an unknown catalog name.
    public var referencesLocation: SourceLocation?
    /// `format: currency` with `currency: EUR`: the ISO 4217 code the number is money in.
    public var currency: String?

    public init(
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
public struct CatalogSort: Sendable, Hashable {
    public var field: String
    public var descending: Bool
}

public struct CatalogFacetConfig: Sendable {
    public var field: String
    /// Lower bounds of numeric bands: `[0, 500]` gives 0–499 and 500 and more.
    public var bands: [Double]?
    /// Cumulative thresholds: `atMost: [300]` gives a page of every item with a value <= 300.
    public var atMost: [Double]?
    /// Cumulative thresholds: `atLeast: [2]` gives a page of every item with a value >= 2.
    public var atLeast: [Double]?
    /// One label per band or threshold, replacing the default "0–499", "up to 300", "2 or more".
    public var labels: [String]?
    public var location: SourceLocation
}

public enum CatalogFeaturedRule: Sendable, Hashable {
    /// Always this item.
    case key(String, SourceLocation)
    /// A different item every ISO week of the build date (see `FeaturedRotation`).
    case weekly
}

/// `visible: { from: FIELD, until: FIELD }`: the date fields bounding when each item is shown.
public struct CatalogVisibilityConfig: Sendable, Hashable {
    public var from: String?
    public var until: String?
    public var location: SourceLocation
}

/// One extra order of a catalog's index: `{ sort: -price, slug: price-desc, label: "Price, highest first" }`.
public struct CatalogOrderConfig: Sendable {
    public var sort: CatalogSort
    /// The URL part: `INDEX/sort/SLUG/`.
    public var slug: String
    public var label: String
    public var location: SourceLocation
}

/// One block under `blocks:`: a ```chart, ```kpi or ```table block drawn for every item,
/// with `{key}`, `{title}` and `{FIELD}` replaced by the item's values.
public struct CatalogBlockConfig: Sendable {
    public var name: String
    public var kind: BlockKind
    /// The block's keys as written, without `kind:`.
    public var node: YAMLNode
    public var location: SourceLocation
}

/// The schema.org type of a catalog's items, read from fields of conventional names
/// (docs/catalogs.md, "Structured data").
public enum CatalogStructuredData: String, Sendable, CaseIterable {
    /// A place: `address`, `city`, `province`, `postalCode`, `country`, `phone`/`tel`, `email`, `latitude`, `longitude`.
    case localBusiness = "LocalBusiness"
    /// A thing: `description`, `image`, `category`; every other field as a property (points, not a price).
    case product = "Product"
}

/// `map: { title, longitude, latitude }`: the fields holding each item's coordinates.
public struct CatalogMapConfig: Sendable, Hashable {
    public var title: String
    public var longitude = "longitude"
    public var latitude = "latitude"
}

/// `filter: { card: prize-card, fields: [points, category] }`: a filter over every item of the
/// catalog, drawn by Masthead's own form and script; each result is drawn with the `card` template.
public struct CatalogFilterConfig: Sendable {
    /// The template (a partial) each result is drawn with, as the index draws its items.
    public var card: String
    public var cardLocation: SourceLocation
    public var fields: [CatalogFilterField]
}

/// One control of a catalog's filter: a range for numbers, checkboxes for text and lists, a
/// cut-off for dates (the control follows the field's type).
public struct CatalogFilterField: Sendable {
    public var name: String
    /// The control's heading; default: the field's name, capitalised.
    public var label: String
    public var location: SourceLocation
}
