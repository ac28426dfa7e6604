import Foundation
import FuzzDriver
import MastheadContent
import MastheadSite

/// Any bytes as a catalog's data file. The first byte picks the format (`0` CSV,
/// `1` JSON, `2` YAML, by its value modulo 3); the rest is the file. The file is loaded
/// twice: with a typed schema (string, integer, decimal, boolean, date, url, image, list,
/// plus facets and sorting) and without one (the file's own columns).
@_cdecl("FuzzCatalogData_main")
public func fuzzCatalogDataMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    masthead_fuzz_main(argc, argv) { data, size in
        guard let data else { return 0 }
        return fuzzCatalogData(data, size)
    }
}

let catalogSite: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-fuzz-catalog-\(getpid())")
    try? FileManager.default.createDirectory(at: folder.appendingPathComponent("Content/catalogs"), withIntermediateDirectories: true)
    return folder
}()

/// One site.yml per format, parsed once.
let catalogConfigs: [SiteConfig?] = ["csv", "json", "yml"].map { format in
    SiteConfigLoader.parse(
        """
        title: Fuzz
        catalogs:
          typed:
            file: catalogs/items.\(format)
            key: key
            title: title
            schema:
              key: { type: string, required: true }
              title: { type: string, required: true }
              category: string
              points: { type: integer, required: true }
              price: decimal
              available: boolean
              expiry: date
              link: url
              image: image
              tags: list
            sort: -points
            permalink: /items/:key/
            pageSize: 5
            facets:
              - { field: category }
              - { field: points, bands: [0, 500, 1000] }
          plain:
            file: catalogs/items.\(format)
            key: key
            title: title
        """
    ).0
}

func fuzzCatalogData(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0, let config = catalogConfigs[Int(start[0]) % 3] else { return 0 }
    let format = ["csv", "json", "yml"][Int(start[0]) % 3]
    let file = catalogSite.appendingPathComponent("Content/catalogs/items.\(format)")
    guard (try? Data(bytes: start + 1, count: count - 1).write(to: file)) != nil else { return 0 }
    _ = CatalogLoader(
        config: config, siteFolder: SiteFolder(catalogSite), staticPaths: ["images/a.jpg"], now: Date(timeIntervalSince1970: 1_790_000_000)
    )
    .load()
    return 0
}
