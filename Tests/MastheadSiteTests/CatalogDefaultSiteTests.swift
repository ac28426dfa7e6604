import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

@Suite("The default site's catalogs: prizes, stores, the points landing")
struct CatalogDefaultSiteTests {
    var result: BuildResult { SharedSites.defaultSite }

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
            "stores/bar-aurora/index.html", "punti-e-premi/index.html", "css/catalog.css", "js/catalog-filter.js",
            "css/catalog-filter.css", "prizes/filter.json", "prizes/page/2/index.html"
        ] {
            #expect(result.paths.contains(path), "\(path) missing")
        }
    }

    @Test("the catalog index carries Masthead's filter over all 43 prizes: points, one set of categories, expiry")
    func filter() throws {
        let html = try #require(result.text("prizes/index.html"))
        #expect(html.contains("<form class=\"catalog-filter\" id=\"filter-prizes\" data-catalog-filter=\"/prizes/filter.json\" hidden"))
        #expect(html.contains("aria-live=\"polite\""))
        // 35 distinct point values: the handles step through them, the scale shows the quartiles.
        #expect(html.contains("id=\"filter-prizes-points-min\" min=\"0\" max=\"34\""))
        #expect(
            html.contains(
                "<p class=\"catalog-filter-scale\" aria-hidden=\"true\">"
                    + "<span>50</span><span>300</span><span>700</span><span>1400</span><span>5000</span></p>"
            ))
        // The categories once as checkboxes; the facet chips are marked for the script to hide.
        #expect(html.components(separatedBy: "<input type=\"checkbox\"").count - 1 == 4)
        #expect(html.contains("<nav class=\"wrap facet-nav\" aria-label=\"Sfoglia i premi\" data-filter-replaces>"))
        #expect(html.contains("<input type=\"date\" id=\"filter-prizes-expiry\">"))
        // This page shows 24 prizes; the data file all 43, each with its card.
        #expect(html.components(separatedBy: "class=\"prize-card\"").count - 1 == 24)
        let data = try #require(result.text("prizes/filter.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let items = try #require(json["items"] as? [[Any]])
        let cards = try #require(json["cards"] as? [String])
        #expect(items.count == 43 && cards.count == 43)
        let moka = try #require(cards.firstIndex { $0.contains("href=\"/prizes/moka-3-tazze/\"") })
        #expect((items[moka][0] as? Int) == 800 && (items[moka][1] as? [String]) == ["accessori"] && (items[moka][2] as? String) == "2027-12-31")
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
