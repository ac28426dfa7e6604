import Foundation

/// The catalog filter's script and stylesheet (`Client/catalog-filter.js` and `.css`, embedded in
/// the binary when it is built), written as `js/catalog-filter.js` and `css/catalog-filter.css`
/// into a site with a catalog `filter:`. A site's own file at either path takes its place, with a warning.
enum CatalogFilterAssets {
    static let scriptPath = "js/catalog-filter.js"
    static let stylesheetPath = "css/catalog-filter.css"

    /// The files to write and a warning for each the site replaces; nothing without a catalog `filter:`.
    static func files(_ site: Site) -> (files: [OutputFile], warnings: [Diagnostic]) {
        guard site.catalogs.contains(where: { $0.config.filter != nil }) else { return ([], []) }
        var files: [OutputFile] = []
        var warnings: [Diagnostic] = []
        let assets = [(scriptPath, Data(PackageResources.catalog_filter_js)), (stylesheetPath, Data(PackageResources.catalog_filter_css))]
        for (path, data) in assets {
            if let own = site.staticFiles.first(where: { $0.outputPath == path }) {
                let message =
                    "this file replaces the catalog filter \(path.hasSuffix(".js") ? "script" : "stylesheet") Masthead writes: delete it, "
                    + "and set the filter with filter: in site.yml (docs/catalogs.md)"
                warnings.append(Diagnostic(.warning, message, file: own.sourcePath))
            } else {
                files.append(OutputFile(path: path, contents: .bytes(data)))
            }
        }
        return (files, warnings)
    }
}
