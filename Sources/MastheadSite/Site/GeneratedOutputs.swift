import MastheadCharts
import MastheadImages

/// Every place in the output that Masthead fills besides the routes and the static files: the
/// stylesheets, scripts and data files it writes beside the pages, the folders it fills
/// (the search index, social cards, member statements), the resized copies of each image,
/// and the output folder's marker. Named once here, so the writers of those files and the
/// check that keeps an alias off them (`Redirects`) cannot disagree.
package struct GeneratedOutputs: Sendable {
    /// The chart stylesheet every site gets (`ChartStylesheet`).
    static let chartStylesheet = ChartStylesheet.path
    /// Print rules every site gets (`PrintStylesheet`).
    static let printStylesheet = "css/print.css"
    /// With search on (`SearchStylesheet`).
    static let searchStylesheet = "css/search.css"
    /// With a catalog `filter:` (`CatalogFilterAssets`).
    static let catalogFilterScript = "js/catalog-filter.js"
    static let catalogFilterStylesheet = "css/catalog-filter.css"
    /// The search index's folder, under each language's prefix (`SearchIndex`).
    static let searchFolder = "search"
    /// Social cards (`SocialCards`).
    static let socialFolder = "social"
    /// The email edition's folder (`EmailEdition`, docs/email.md), with `email:`.
    package static let emailFolder = "email"
    /// The file every build writes first into its output, marking the folder as Masthead's
    /// (`OutputFolder`).
    package static let outputMarker = ".masthead-output"

    /// One place: a file, or a folder whose every path is Masthead's.
    struct Place: Sendable {
        /// Relative to the output folder: `css/charts.css`, `search`.
        var path: String
        var isFolder: Bool
        /// What Masthead writes there, for messages: `the chart stylesheet`.
        var what: String
        /// A stylesheet or script a site's own static file may replace (with a warning,
        /// `SiteRenderer.generatedFiles`); nothing else Masthead writes may be replaced.
        var isReplaceable = false
        /// For a folder Masthead shares with the site's files: the names (the rest of the path
        /// after the folder) that are Masthead's. Nil: every path in the folder is.
        var names: (@Sendable (Substring) -> Bool)? = nil
    }

    private(set) var places: [Place] = []
    /// Raster images by their folder in the output (`images`), with the name before the
    /// extension: their resized copies are `NAME.HASH-WIDTH.EXT` beside them (`ImageStage`).
    private var rasterStems: [String: [(stem: String, source: String)]] = [:]

    /// What `site`'s build writes beside its routes and static files.
    init(site: Site) {
        let config = site.config
        places.append(Place(path: Self.chartStylesheet, isFolder: false, what: "the chart stylesheet", isReplaceable: true))
        places.append(Place(path: Self.printStylesheet, isFolder: false, what: "the print stylesheet", isReplaceable: true))
        places.append(Place(path: Self.outputMarker, isFolder: false, what: "the output folder's marker"))
        // A card is named by 16 hexadecimal digits of its design's hash: the folder may hold
        // the site's own files beside them.
        places.append(
            Place(path: Self.socialFolder, isFolder: true, what: "social cards") { name in
                name.utf8.count == 20 && name.hasSuffix(".jpg") && name.dropLast(4).allSatisfy(\.isHexDigit)
            })
        if config.search.enabled == true {
            places.append(Place(path: Self.searchStylesheet, isFolder: false, what: "the search stylesheet", isReplaceable: true))
            // Every language's index: an alias of one language must not land in another's.
            for prefix in Set([""] + config.translationLanguages.map { config.view(for: $0).languagePrefix } + [config.languagePrefix]) {
                let folder = String((prefix + "/" + Self.searchFolder).drop { $0 == "/" })
                places.append(Place(path: folder, isFolder: true, what: "the search index"))
            }
        }
        let filtered = site.catalogs.filter { $0.config.filter != nil }
        if !filtered.isEmpty {
            places.append(Place(path: Self.catalogFilterScript, isFolder: false, what: "the catalog filter's script", isReplaceable: true))
            places.append(Place(path: Self.catalogFilterStylesheet, isFolder: false, what: "the catalog filter's stylesheet", isReplaceable: true))
        }
        for catalog in filtered {
            places.append(Place(path: Self.catalogFilterData(catalog.config), isFolder: false, what: "the filter data of \(catalog.config.name)"))
        }
        if config.email != nil, config.languagePrefix.isEmpty {
            places.append(Place(path: Self.emailFolder, isFolder: true, what: "the email edition"))
        }
        if let statements = config.reports.statements, statements.enabled,
            let range = statements.path.range(of: ":id")
        {
            let folder = statements.path[..<range.lowerBound].split(separator: "/").joined(separator: "/")
            if !folder.isEmpty { places.append(Place(path: folder, isFolder: true, what: "member statements")) }
        }
        for file in site.staticFiles where RasterImage.isRaster(file.outputPath) {
            let slash = file.outputPath.lastIndex(of: "/")
            let folder = slash.map { String(file.outputPath[..<$0]) } ?? ""
            let name = slash.map { String(file.outputPath[file.outputPath.index(after: $0)...]) } ?? file.outputPath
            let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            rasterStems[folder.lowercased(), default: []].append((stem.lowercased(), file.sourcePath))
        }
    }

    /// The data file of a catalog's filter, beside its index: `prizes/filter.json`.
    static func catalogFilterData(_ catalog: CatalogConfig) -> String {
        String(catalog.indexPath.drop { $0 == "/" }) + "filter.json"
    }

    /// The place `path` (relative to the output folder) falls on: the file itself, a path in
    /// one of the folders, or a path needing one of the files to be a folder. Letter case is
    /// ignored: on a disk that ignores it (macOS, Windows) `CSS/Charts.css` is `css/charts.css`.
    func place(of path: String) -> Place? {
        let lowered = path.lowercased()
        return places.first { place in
            let own = place.path.lowercased()
            if lowered == own { return place.names == nil }
            guard lowered.hasPrefix(own + "/") else { return false }
            return place.names?(lowered.dropFirst(own.count + 1)) ?? true
        }
    }

    /// What writing `path` would do to a place of Masthead's, as the rest of a sentence whose
    /// subject writes it (`is inside search/, where Masthead writes the search index`); nil
    /// when the place is free.
    func clash(at path: String) -> String? {
        if let place = place(of: path) {
            if place.isFolder { return "is inside \(place.path)/, where Masthead writes \(place.what)" }
            if path.lowercased() == place.path.lowercased() {
                let same = path == place.path ? "" : " (the same path but for letter case, one file on macOS and Windows)"
                return "would replace \(place.what), which Masthead writes as \(place.path)\(same)"
            }
            return "needs \(place.path) to be a folder, but Masthead writes \(place.what) there"
        }
        let lowered = path.lowercased()
        let slash = lowered.lastIndex(of: "/")
        let folder = slash.map { String(lowered[..<$0]) } ?? ""
        let name = slash.map { String(lowered[lowered.index(after: $0)...]) } ?? lowered
        for (stem, source) in rasterStems[folder] ?? [] where Self.isResizedCopy(name, of: stem) {
            return "would replace a resized copy of \(source), which Masthead writes under names like \(path)"
        }
        return nil
    }

    /// `moka.1a2b3c4d-800.webp` for the image `moka.jpg`: the stem, a dot, the cache key's hash,
    /// a hyphen, the width and the format's extension.
    private static func isResizedCopy(_ name: String, of stem: String) -> Bool {
        guard name.hasPrefix(stem + ".") else { return false }
        let rest = name.dropFirst(stem.count + 1)
        guard let hyphen = rest.lastIndex(of: "-"), let dot = rest.lastIndex(of: "."), hyphen < dot else { return false }
        let width = rest[rest.index(after: hyphen)..<dot]
        return !rest[..<hyphen].isEmpty && !width.isEmpty && width.allSatisfy(\.isNumber)
    }
}
