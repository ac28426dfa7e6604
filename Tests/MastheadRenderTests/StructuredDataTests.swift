import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSupport

/// Every JSON-LD block of the five sites parses, and each type has its required properties.
@Suite("Structured data (JSON-LD) on the default site and the examples")
struct StructuredDataTests {
    static let sites = [".", "Examples/beach-club", "Examples/film-club", "Examples/personal-budget", "Examples/student-housing"]

    /// The builds the site suites already made: no site is built twice.
    static func build(_ site: String) -> BuildResult {
        switch site {
        case "Examples/beach-club": SharedSites.beachClub
        case "Examples/film-club": SharedSites.filmClub
        case "Examples/personal-budget": SharedSites.personalBudget
        case "Examples/student-housing": SharedSites.studentHousing
        default: SharedSites.defaultSite
        }
    }

    /// The objects of every `<script type="application/ld+json">` block of a page.
    static func blocks(_ html: String) throws -> [[String: Any]] {
        let opening = "<script type=\"application/ld+json\">"
        return try html.components(separatedBy: opening).dropFirst().map { part in
            let json = try #require(part.components(separatedBy: "</script>").first)
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
            return try #require(object as? [String: Any])
        }
    }

    /// The pages of a site, by output path, with their blocks; not the email edition (docs/email.md), a message, not a page.
    static func pages(_ result: BuildResult) throws -> [(path: String, blocks: [[String: Any]])] {
        try result.paths.filter { $0.hasSuffix(".html") && !$0.hasPrefix("email/") }.map { path in (path, try blocks(result.text(path) ?? "")) }
    }

    @Test("every block parses and has the properties its type requires", arguments: sites)
    func requiredProperties(site: String) throws {
        let result = Self.build(site)
        #expect(!result.diagnostics.hasErrors, "\(result.messages)")
        let base = try #require(result.site?.config.baseURL)
        var types: [String: Int] = [:]
        for (path, blocks) in try Self.pages(result) {
            let isRedirect = result.text(path)?.contains("http-equiv=\"refresh\"") == true
            let breadcrumbs = blocks.filter { $0["@type"] as? String == "BreadcrumbList" }.count
            #expect(breadcrumbs == (path.hasSuffix("404.html") || isRedirect ? 0 : 1), "\(site) \(path): \(breadcrumbs) BreadcrumbList")
            for block in blocks {
                #expect(block["@context"] as? String == "https://schema.org", "\(path)")
                let type = try #require(block["@type"] as? String)
                types[type, default: 0] += 1
                for problem in Self.problems(type: type, block, base: base) { Issue.record("\(site) \(path): \(type): \(problem)") }
            }
        }
        // One home page, so one WebSite, per language; items and articles in every language.
        let languages = try [#require(result.site)] + (result.site?.translations ?? [])
        #expect(types["WebSite"] == languages.count, "\(site): \(types)")
        if site == "." {
            func items(_ name: String) -> Int {
                languages.compactMap { $0.catalogs.first { $0.config.name == name }?.items.count }.reduce(0, +)
            }
            #expect(types["LocalBusiness"] == items("stores"))
            #expect(types["Product"] == items("prizes"))
            #expect(types["Article"] == languages.map(\.articles.count).reduce(0, +))
            #expect((types["ItemList"] ?? 0) > 0)
        }
    }

    /// What is missing or wrong in one object of `type`.
    static func problems(type: String, _ object: [String: Any], base: String) -> [String] {
        var problems: [String] = []
        func require(_ key: String) -> Any? {
            let value = object[key]
            if value == nil || (value as? String)?.isEmpty == true { problems.append("no \(key)") }
            return value
        }
        func isSiteURL(_ value: Any?) -> Bool { (value as? String)?.hasPrefix(base) == true }
        switch type {
        case "WebSite":
            _ = require("name")
            if !isSiteURL(require("url")) { problems.append("url outside the site") }
        case "Article":
            for key in ["headline", "datePublished", "dateModified", "description"] { _ = require(key) }
            if ((object["headline"] as? String)?.count ?? 0) > 110 { problems.append("headline over 110 characters") }
            if let published = object["datePublished"] as? String, ContentDate.parse(published, timeZone: .gmt) == nil {
                problems.append("datePublished \(published) is not a date")
            }
            let authors = require("author") as? [[String: Any]] ?? []
            if authors.isEmpty || authors.contains(where: { $0["name"] == nil || $0["@type"] == nil }) { problems.append("author without a name") }
            let publisher = require("publisher") as? [String: Any]
            if publisher?["@type"] as? String != "Organization" || publisher?["name"] == nil { problems.append("publisher") }
            if let images = object["image"] as? [String], images.contains(where: { !$0.hasPrefix("http") }) { problems.append("image not absolute") }
        case "BreadcrumbList":
            let items = require("itemListElement") as? [[String: Any]] ?? []
            if items.map({ $0["position"] as? Int ?? 0 }) != Array(1...max(1, items.count)) { problems.append("positions") }
            if items.contains(where: { $0["@type"] as? String != "ListItem" || $0["name"] == nil || !isSiteURL($0["item"]) }) {
                problems.append("an item without a name or a URL of the site")
            }
        case "ItemList":
            let items = require("itemListElement") as? [[String: Any]] ?? []
            if items.contains(where: { $0["position"] as? Int == nil || !isSiteURL($0["url"]) || $0["name"] == nil }) {
                problems.append("an item without a position, a name or a URL of the site")
            }
        case "LocalBusiness":
            _ = require("name")
            if !isSiteURL(require("url")) { problems.append("url") }
            let address = require("address") as? [String: Any]
            if address?["@type"] as? String != "PostalAddress" || address?["streetAddress"] == nil || address?["addressLocality"] == nil {
                problems.append("address")
            }
            let geo = require("geo") as? [String: Any]
            if geo?["@type"] as? String != "GeoCoordinates" || (geo?["latitude"] as? Double) == nil || (geo?["longitude"] as? Double) == nil {
                problems.append("geo")
            }
        case "Product":
            _ = require("name")
            _ = require("sku")
            if object["offers"] != nil || object["price"] != nil { problems.append("a price in money") }
        default:
            problems.append("a type Masthead does not write")
        }
        return problems
    }

    @Test("a store's LocalBusiness and a prize's Product, value by value")
    func defaultSiteValues() throws {
        let result = Self.build(".")
        let store = try #require(try Self.blocks(result.text("stores/bar-aurora/index.html") ?? "").first)
        #expect(store["@type"] as? String == "LocalBusiness")
        #expect((store["address"] as? [String: Any])?["streetAddress"] as? String == "Via Po 17")
        #expect((store["geo"] as? [String: Any])?["latitude"] as? Double == 45.0686)
        #expect(store["telephone"] as? String == "+390115550101")
        let prize = try #require(try Self.blocks(result.text("prizes/buono-5/index.html") ?? "").first)
        #expect(prize["@type"] as? String == "Product")
        let properties = prize["additionalProperty"] as? [[String: Any]] ?? []
        #expect(properties.contains { $0["name"] as? String == "points" && $0["value"] as? Int == 50 }, "\(properties)")
        let article = try Self.blocks(result.text("articles/il-rito-della-moka/index.html") ?? "")
        #expect(article.first?["headline"] as? String == "Il rito della moka")
        #expect((article.first?["author"] as? [[String: Any]])?.first?["name"] as? String == "Giulia Ferri")
        let trail = (article.last?["itemListElement"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(trail == ["Crema — il magazine", "Coffee Culture", "Il rito della moka"])
    }

    @Test("a value cannot close the script: < is written \\u003c")
    func escaping() throws {
        let site = try TestSite(templates: TestSite.minimalTemplates.merging(["article": "{{{page.jsonLD}}}"]) { _, new in new })
        try site.article("a.md", "title: '</script><!-- A \"B\" C\\D'\ndate: 2026-01-01\ncategory: coffee-culture")
        let html = try #require(site.build().text("articles/a/index.html"))
        #expect(!html.contains("</script><!--"))
        #expect(html.contains(#""headline":"\u003c/script>\u003c!-- A \"B\" C\\D""#))
        #expect(try Self.blocks(html).first?["headline"] as? String == #"</script><!-- A "B" C\D"#)
    }
}
