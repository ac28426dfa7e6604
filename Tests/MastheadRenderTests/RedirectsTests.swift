import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

@Suite("aliases: redirect pages and _redirects")
struct RedirectsTests {
    @Test("an alias writes a redirect page and a _redirects line; the sitemap leaves it out")
    func redirectPage() throws {
        let site = try TestSite()
        try site.article("moka.md", "title: La moka & il fuoco\ndate: 2026-01-01\ncategory: coffee-culture\naliases: [/old/moka, /2019/moka.html]")
        let result = site.build()
        #expect(!result.diagnostics.hasErrors, "\(result.messages)")
        let page = try #require(result.text("old/moka/index.html"))
        let target = "https://example.org/articles/moka/"
        #expect(page.contains("<meta http-equiv=\"refresh\" content=\"0; url=\(target)\">"))
        #expect(page.contains("<link rel=\"canonical\" href=\"\(target)\">"))
        #expect(page.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(page.contains("<title>La moka &amp; il fuoco</title>"))
        #expect(page.contains("This page has moved to <a href=\"\(target)\">\(target)</a>"))
        #expect(result.text("2019/moka.html")?.contains(target) == true)
        #expect(result.text("_redirects") == "/2019/moka.html /articles/moka/ 301\n/old/moka/ /articles/moka/ 301\n")
        #expect(result.text("sitemap.xml")?.contains("old/moka") == false)
    }

    @Test("no aliases, no _redirects")
    func noAliases() throws {
        let site = try TestSite()
        try site.article("moka.md", "title: Moka\ndate: 2026-01-01\ncategory: coffee-culture")
        #expect(!site.build().paths.contains("_redirects"))
    }

    @Test("_redirects carries the base path of the site's URL")
    func basePath() throws {
        let site = try TestSite(config: TestSite.minimalConfig.replacingOccurrences(of: "https://example.org/", with: "https://example.org/mag/"))
        try site.article("moka.md", "title: Moka\ndate: 2026-01-01\ncategory: coffee-culture\naliases: /old/")
        #expect(site.build().text("_redirects") == "/mag/old/ /mag/articles/moka/ 301\n")
    }

    @Test("an alias outside the site, on another page's URL, or claimed twice is an error at the alias")
    func badAliases() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture\naliases: [../x, https://else.example/a/]")
        try site.article("b.md", "title: B\ndate: 2026-01-02\ncategory: coffee-culture\naliases: [/articles/c/, /shared/]")
        try site.article("c.md", "title: C\ndate: 2026-01-03\ncategory: coffee-culture\naliases:\n  - /articles/c/\n  - /shared/")
        let result = site.build()
        let messages = result.messages
        #expect(messages.contains("Content/articles/a.md:5:11: error: aliases: ../x is outside the site; start an alias with /, like /x"))
        #expect(
            messages.contains(
                "Content/articles/a.md:5:17: error: aliases: https://else.example/a/ is a full URL; an alias is a path of this site, like /old-slug/")
        )
        #expect(
            messages.contains(
                "Content/articles/b.md:5:11: error: aliases: /articles/c/ is the URL of Content/articles/c.md; "
                    + "an alias names an old URL no page has now"))
        #expect(
            messages.contains(
                "Content/articles/c.md:6:5: error: aliases: /articles/c/ is this page's own URL; an alias names an old URL no page has now"))
        #expect(
            messages.contains(
                "Content/articles/c.md:7:5: error: aliases: /shared/ is claimed twice: by Content/articles/b.md (for /articles/b/) "
                    + "and here (for /articles/c/)"), "\(messages)")
    }

    @Test("a catalog row's aliases field redirects to the item's page; a bad one is an error at its row")
    func catalogAliases() throws {
        let declaration = CatalogFixture.defaultDeclaration.replacingOccurrences(of: "  expiry: date", with: "  expiry: date\n  aliases: string")
        let site = try CatalogFixture.site(
            csv: "key,title,points,aliases\nmoka,Moka,100,/premi/moka/ /old-moka.html\ncup,Cup,200,\n", declaration: declaration)
        let result = site.build()
        #expect(result.text("premi/moka/index.html")?.contains("url=https://example.org/prizes/moka/") == true)
        #expect(result.text("_redirects") == "/old-moka.html /prizes/moka/ 301\n/premi/moka/ /prizes/moka/ 301\n")
        try site.write("Content/catalogs/prizes.csv", "key,title,points,aliases\nmoka,Moka,100,\nmug,Mug,300,../mug\n")
        #expect(
            site.build().messages.contains(
                "Content/catalogs/prizes.csv:3:1: error: aliases: ../mug is outside the site; start an alias with /, like /mug"))
    }

    @Test("masthead check reports an alias on a page's URL and exits 1")
    func checkReportsCollision() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture\naliases: [/articles/]")
        let run = try MastheadCommand.run(["check", "--site", site.root.path])
        #expect(run.status == 1)
        #expect(run.errors.contains("Content/articles/a.md:5:11: error: aliases: /articles/ is the URL of the article archive"))
    }

    @Test("a URL changed since the last build suggests an alias in a warning; the alias silences it")
    func changedSlug() throws {
        let site = try TestSite()
        let output = site.root.appendingPathComponent("public")
        let options = site.options()
        func warnings() throws -> [String] {
            guard case .built(let result, _) = try CachedBuild.run(options, output: output) else { return ["not built"] }
            return result.diagnostics.warnings.map(\.description)
        }
        try site.article("moka.md", "title: Moka\ndate: 2026-01-01\ncategory: coffee-culture")
        #expect(try warnings() == [])
        try site.article("moka.md", "title: Moka\ndate: 2026-01-01\ncategory: coffee-culture\nslug: la-moka")
        #expect(
            try warnings() == [
                "Content/articles/moka.md:1:1: warning: the URL changed from /articles/moka/ to /articles/la-moka/ since the last build; "
                    + "links already shared to it break. Add aliases: [/articles/moka/] to redirect them"
            ])
        try site.article("moka.md", "title: Moka\ndate: 2026-01-01\ncategory: coffee-culture\nslug: la-moka\ntags: [a]")
        #expect(try warnings() == [], "the next build compares with the URL the last one wrote")
        try site.article("moka.md", "title: Moka\ndate: 2026-01-01\ncategory: coffee-culture\nslug: moka-2\naliases: [/articles/la-moka/]")
        #expect(try warnings() == [])
    }
}
