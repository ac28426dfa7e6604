import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// The header's menu and the footer's links on the default site and the four examples
/// (what a browser does with them is checked by Tests/browser/navigation.py).
@Suite("Navigation: the Menu button and the footer's sections")
struct SiteNavigationTests {
    /// The `<footer>` of a page.
    static func footer(_ page: String) -> String {
        guard let start = page.range(of: "<footer class=\"site-footer\">"), let end = page.range(of: "</footer>") else { return "" }
        return String(page[start.lowerBound..<end.upperBound])
    }

    @Test("every header has a Menu button that needs no script, before the search field and the menu it opens")
    func menuButton() throws {
        for site in SiteStylesheetsTests.sites {
            let home = try #require(SiteStylesheetsTests.results[site]?.text("index.html"), "\(site)")
            let toggle = try #require(home.range(of: "<details class=\"menu-toggle\">\n      <summary>Menu</summary>\n    </details>\n"), "\(site)")
            let menu = try #require(home.range(of: "<div class=\"site-menu\">"), "\(site)")
            let search = try #require(home.range(of: "<form class=\"search-field\" role=\"search\""), "\(site)")
            let nav = try #require(home.range(of: "<nav class=\"site-nav\""), "\(site)")
            #expect(toggle.upperBound == menu.lowerBound || home[toggle.upperBound..<menu.lowerBound].allSatisfy(\.isWhitespace), "\(site)")
            #expect(menu.upperBound < search.lowerBound && search.lowerBound < nav.lowerBound, "\(site)")
            #expect(!home.contains("<script src=\"/js/menu"), "\(site): the menu needs no script")
        }
    }

    @Test("the footer links every entry of the menu, and the default site's prizes, stores and report")
    func footerSections() throws {
        for site in SiteStylesheetsTests.sites {
            let result = try #require(SiteStylesheetsTests.results[site], "\(site)")
            let footer = Self.footer(try #require(result.text("index.html")))
            for entry in result.site?.config.menu ?? [] where entry.url != "/" {
                #expect(footer.contains("href=\"\(entry.url)\""), "\(site): the footer has no link to \(entry.url)")
            }
        }
        let footer = Self.footer(try #require(SiteStylesheetsTests.results["."]?.text("index.html")))
        for link in ["/prizes/\">Catalogo premi", "/stores/\">Bar affiliati", "/reports/programme/\">Report", "/search/\">Cerca"] {
            #expect(footer.contains("href=\"\(link)</a>"), "no \(link)")
        }
    }

    @Test("an article without a cover gets a typographic cover in its category's colour on its card")
    func typographicCover() throws {
        let result = try #require(SiteStylesheetsTests.results["."])
        // Ritratti dal bancone has no cover; its category is Art and Culture (#2e5e6e).
        let page = try #require(
            result.files.map(\.path).filter { $0.hasSuffix(".html") }.compactMap(result.text).first { $0.contains("Ritratti dal bancone</a></h3>") })
        let card = try #require(page.components(separatedBy: "<article class=\"card\"").first { $0.contains("Ritratti dal bancone</a></h3>") })
        #expect(card.hasPrefix(" style=\"--accent: #2e5e6e\">"))
        #expect(card.contains("<div class=\"type-cover\" aria-hidden=\"true\">"))
        #expect(card.contains("<span class=\"type-cover-kicker\">Art and Culture</span>"))
        let css = try String(contentsOf: repositoryRoot.appendingPathComponent("Content/static/css/site.css"), encoding: .utf8)
        #expect(css.contains(".type-cover {") && !css.contains("radial-gradient(circle at 30% 35%"))
    }
}
