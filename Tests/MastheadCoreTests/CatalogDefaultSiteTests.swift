import Foundation
import Testing

@testable import MastheadCore

@Suite("The default site's catalogs: prizes, stores, the points landing")
struct CatalogDefaultSiteTests {
    var result: BuildResult { DefaultSiteTests.result }

    @Test("the prize catalog has 40+ prizes in 4 categories, 50 to 5,000 points, and the store list 20+ bars")
    func data() throws {
        let site = try #require(result.site)
        let prizes = try #require(site.catalogs.first { $0.config.name == "prizes" })
        #expect(prizes.items.count >= 40)
        #expect(prizes.facets.first { $0.field == "category" }?.values.count == 4)
        let points = prizes.items.compactMap { $0.values[prizes.fieldIndex("points")!].number }
        #expect(points.min() == 50 && points.max() == 5000)
        let stores = try #require(site.catalogs.first { $0.config.name == "stores" })
        #expect(stores.items.count >= 20)
        #expect(prizes.featured != nil)
    }

    @Test("the catalog pages exist: index, prizes, categories, bands, stores, landing")
    func pages() throws {
        for path in [
            "prizes/index.html", "prizes/moka-3-tazze/index.html", "prizes/category/caffe/index.html",
            "prizes/category/buoni-e-digitale/index.html", "prizes/points/0-499/index.html", "prizes/points/500-999/index.html",
            "prizes/points/5000-plus/index.html", "stores/index.html", "stores/page/2/index.html", "stores/city/torino/index.html",
            "stores/bar-aurora/index.html", "punti-e-premi/index.html", "css/catalog.css", "js/catalog-filter.js"
        ] {
            #expect(result.paths.contains(path), "\(path) missing")
        }
    }

    @Test("the catalog index carries the filter, hidden until its script runs, and data- attributes on every prize")
    func filter() throws {
        let html = try #require(result.text("prizes/index.html"))
        #expect(html.contains("<form class=\"wrap prize-filter\" id=\"prize-filter\" hidden"))
        #expect(html.contains("aria-live=\"polite\""))
        #expect(html.contains("<input type=\"range\" id=\"points-min\"") && html.contains("<input type=\"range\" id=\"points-max\""))
        #expect(html.contains("<input type=\"date\" id=\"expiry-after\""))
        #expect(
            html.contains("<li class=\"prize-card\" data-points=\"800\" data-category=\"Accessori\" data-expiry=\"2027-12-31\" data-kind=\"fisico\">")
        )
        let site = try #require(result.site)
        let count = site.catalogs[0].items.count
        #expect(html.components(separatedBy: "class=\"prize-card\"").count - 1 == count)
        let script = try #require(try result.files.first { $0.path == "js/catalog-filter.js" }?.data())
        #expect(script.count < 3072)
    }

    @Test("a prize page shows points, expiry, kind and a call to action; the landing shows the featured prize and the bands")
    func prizeAndLanding() throws {
        let prize = try #require(result.text("prizes/moka-3-tazze/index.html"))
        #expect(prize.contains("<strong>800</strong> punti"))
        #expect(prize.contains("<time datetime=\"2027-12-31\">31 dicembre 2027</time>"))
        #expect(prize.contains("Richiedi il premio"))
        let landing = try #require(result.text("punti-e-premi/index.html"))
        #expect(landing.contains("Il premio della settimana"))
        #expect(landing.contains("href=\"/how-to-collect-points/\""))
        for band in ["0–499 punti", "500–999 punti", "1000–2499 punti", "2500–4999 punti", "5000+ punti"] {
            #expect(landing.contains(band), "\(band)")
        }
        // prize: links in Markdown resolved.
        #expect(landing.contains("href=\"/prizes/buono-5/\""))
        #expect(try #require(result.text("articles/il-rito-della-moka/index.html")).contains("href=\"/prizes/moka-3-tazze/\""))
    }
}
