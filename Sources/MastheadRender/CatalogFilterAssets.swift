import Foundation

/// The catalog filter's script and stylesheet (`Client/catalog-filter.js` and `.css`, embedded in
/// the binary when it is built), written as `js/catalog-filter.js` and `css/catalog-filter.css`
/// into a site with a catalog `filter:` (`SiteRenderer.generatedFiles`).
enum CatalogFilterAssets {
    static let scriptPath = "js/catalog-filter.js"
    static let stylesheetPath = "css/catalog-filter.css"

    static var assets: [(path: String, data: Data, advice: String)] {
        let advice = "set the filter with filter: in site.yml (docs/catalogs.md)"
        return [
            (scriptPath, Data(PackageResources.catalog_filter_js), advice),
            (stylesheetPath, Data(PackageResources.catalog_filter_css), advice)
        ]
    }
}
