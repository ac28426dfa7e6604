import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

@Suite("The stores' map: a geo scatter of a catalog's items, linked to their pages")
struct StoreMapTests {
    static var result: BuildResult { SharedSites.defaultSite }

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test("the stores page draws every store, each point a link to its page")
    func storesPage() throws {
        let html = try #require(Self.result.text("stores/index.html"))
        let stores = try #require(Self.result.site?.catalogs.first { $0.config.name == "stores" })
        #expect(html.contains("<figcaption class=\"chart-title\">Dove sono i bar</figcaption>"))
        // Drawn wide and narrow, plus one row of the data table per store.
        for item in stores.items {
            #expect(count("<a href=\"\(item.path)\" aria-label=\"\(XML.escape(item.title))\"><circle", in: html) == 2, "\(item.key)")
            #expect(html.contains("<th scope=\"row\"><a href=\"\(item.path)\">\(XML.escape(item.title))</a></th>"), "\(item.key)")
        }
        // 24 stores: too many to name beside their points.
        #expect(!html.contains("chart-point-label"))
    }

    @Test("a city's page maps that city's stores, each named beside its point and linked")
    func cityPage() throws {
        let html = try #require(Self.result.text("stores/city/torino/index.html"))
        #expect(html.contains("<figcaption class=\"chart-title\">Dove sono i bar · Torino</figcaption>"))
        #expect(html.contains("class=\"chart-point-label\">Bar Aurora</text>"))
        #expect(html.contains("class=\"chart-point-label\">Caffè del Teatro</text>"))
        #expect(count("<a href=\"/stores/bar-aurora/\" aria-label=\"Bar Aurora\"><circle", in: html) == 2)
        #expect(!html.contains("/stores/bar-brera/\" aria-label"))
        #expect(html.contains("width=\"100%\" aria-labelledby=\"map-stores-wide-title map-stores-wide-desc\""))
    }

    @Test("each store links to OpenStreetMap and to the phone's map app")
    func mapLinks() throws {
        let html = try #require(Self.result.text("stores/bar-aurora/index.html"))
        #expect(html.contains("<a href=\"https://www.openstreetmap.org/?mlat=45.0686&amp;mlon=7.693#map=18/45.0686/7.693\">OpenStreetMap</a>"))
        #expect(html.contains("<a href=\"geo:45.0686,7.693\">"))
    }

    @Test("map: naming a field the schema lacks, or one that is not a number, is an error at map:")
    func badMapFields() throws {
        let declaration = CatalogFixture.defaultDeclaration + "\nmap: { title: Where, longitude: lon, latitude: title }"
        let site = try CatalogFixture.site(csv: "key,title,points\na,A,1\n", declaration: declaration)
        let messages = site.build().messages
        #expect(messages.contains { $0.contains("error: map: longitude: no field 'lon' in the schema") }, "\(messages)")
        #expect(messages.contains { $0.contains("error: map: latitude: the field 'title' is string; coordinates need a decimal field") })
    }
}
