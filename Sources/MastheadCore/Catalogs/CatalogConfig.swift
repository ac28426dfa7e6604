import Foundation

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
    /// The scheme articles link with: `prize:moka-pot`.
    public var linkScheme: String
    /// What pages call the catalog ("Premi"); default: the name, capitalised.
    public var label: String
    public var description: String = ""

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
    /// One label per band, replacing the default "0–499".
    public var labels: [String]?
    public var location: SourceLocation
}

public enum CatalogFeaturedRule: Sendable, Hashable {
    /// Always this item.
    case key(String, SourceLocation)
    /// A different item every ISO week of the build date (see `FeaturedRotation`).
    case weekly
}
