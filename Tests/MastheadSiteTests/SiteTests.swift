import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadRender
@testable import MastheadSite
@testable import MastheadSupport

@Suite("Site: lists, categories, tags, related")
struct SiteTests {
    /// Writes `count` articles in a category, dated one day apart, newest last.
    func articles(_ site: TestSite, count: Int, category: String = "coffee-culture", tags: String = "[moka]") throws {
        for day in 0..<count {
            try site.article(
                "a\(day).md", "title: Article \(day)\ndate: 2026-01-\(String(format: "%02d", day + 1))\ncategory: \(category)\ntags: \(tags)")
        }
    }

    @Test("pagination splits lists at the page size", arguments: [(0, 1), (1, 1), (2, 1), (3, 2), (5, 3)])
    func paginationPages(count: Int, expectedPages: Int) {
        let pages = Pagination.pages(count: count, size: 2)
        #expect(pages.count == expectedPages)
        #expect(pages.map(\.range.count).reduce(0, +) == count)
        #expect(pages.allSatisfy { $0.total == expectedPages })
    }

    @Test(
        "page links show the first, the last and two either side of the current page",
        arguments: [
            (1, 3, [1, 2, 3]), (1, 20, [1, 2, 3, 20]), (5, 20, [1, 3, 4, 5, 6, 7, 20]), (20, 20, [1, 18, 19, 20]), (4, 20, [1, 2, 3, 4, 5, 6, 20])
        ])
    func pageLinkWindow(current: Int, total: Int, expected: [Int]) {
        #expect(PaginationLinks.numbersShown(current: current, total: total) == expected)
    }

    @Test("a long list marks the gaps in its page links")
    func pageLinkGaps() throws {
        let site = try TestSite()
        try articles(site, count: 20)
        let page = try #require(site.build().text("categories/coffee-culture/page/5/index.html"))
        let numbers = page.components(separatedBy: "\">").compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(numbers == [1, 3, 4, 5, 6, 7, 10])
    }

    @Test("a site without Content/articles/ has no archive, tag or category index, and needs no list or terms template")
    func siteWithoutArticles() throws {
        var templates = TestSite.minimalTemplates
        templates["list"] = nil
        templates["terms"] = nil
        let site = try TestSite(
            config: "title: Ledger\ndescription: Money in and out.\nbaseURL: https://example.org/\nlanguage: en\n", templates: templates)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/articles"))
        try site.write("Content/pages/about.md", "---\ntitle: About\ndate: 2026-01-01\n---\nA ledger.\n")
        let result = site.build()
        #expect(result.messages.isEmpty)
        #expect(result.paths.contains("about/index.html"))
        #expect(result.paths.contains("index.html"))
        for missing in ["articles/index.html", "tags/index.html", "categories/index.html"] {
            #expect(!result.paths.contains(missing))
        }
        #expect(result.text("sitemap.xml")?.contains("/articles/") == false)
    }

    @Test("one bad value read by several blocks is reported once")
    func repeatedDiagnosticsAreReportedOnce() throws {
        let site = try TestSite()
        try site.write("Content/stats/visits.csv", "day,visits\n2026-01-01,10\n2026-01-02,1x\n")
        let block = "```kpi\nsource: visits\ny: { sum: visits }\n```\n"
        try site.write(
            "Content/pages/visits.md",
            "---\ntitle: Visits\ndate: 2026-01-01\n---\n" + block + "\n" + block.replacingOccurrences(of: "kpi", with: "table"))
        try site.write(
            "Content/site.yml", TestSite.minimalConfig + "\ndatasets:\n  visits: { file: stats/visits.csv, schema: { visits: integer } }\n")
        let result = site.build()
        let problems = result.messages.filter { $0.contains("visits.csv") }
        #expect(problems.count == 1, "\(problems)")
    }

    @Test("a date far off does not fill a chart with hundreds of thousands of empty weeks")
    func mistypedYearIsAWarning() throws {
        let site = try TestSite()
        try site.write("Content/stats/visits.csv", "day,visits\n2025-05-01,10\n4050-05-01,20\n")
        try site.write(
            "Content/pages/visits.md",
            "---\ntitle: Visits\ndate: 2026-01-01\n---\n"
                + "```chart\ntype: bar\nsource: stats/visits.csv\nx: { field: day, bucket: week }\ny: { sum: visits }\n```\n"
        )
        let result = site.build()
        #expect(result.succeeded)
        let warning = try #require(result.messages.first { $0.contains("mistyped") })
        #expect(warning.hasPrefix("Content/pages/visits.md:8:"))
        #expect(warning.contains("from 2025-") && warning.contains("to 4050-"))
        #expect((result.text("visits/index.html")?.utf8.count ?? 0) < 100_000)
    }

    @Test("an empty category still has its page, saying so")
    func emptyCategory() throws {
        let site = try TestSite()
        try articles(site, count: 1)
        let result = site.build()
        let page = try #require(result.text("categories/inspiring-cooking/index.html"))
        #expect(page.contains("<p class=\"empty\">No articles</p>"))
        #expect(!result.paths.contains("categories/inspiring-cooking/page/2/index.html"))
    }

    @Test("one article: one page, no pagination links")
    func oneArticle() throws {
        let site = try TestSite()
        try articles(site, count: 1)
        let page = try #require(site.build().text("categories/coffee-culture/index.html"))
        #expect(page.contains("href=\"/articles/a0/\""))
        #expect(!page.contains("<nav>"))
    }

    @Test("exactly one page of articles makes no second page")
    func exactlyOnePage() throws {
        let site = try TestSite()
        try articles(site, count: 2)
        let result = site.build()
        #expect(result.paths.contains("categories/coffee-culture/index.html"))
        #expect(!result.paths.contains("categories/coffee-culture/page/2/index.html"))
    }

    @Test("one more than a page makes a second page holding the oldest")
    func onePagePlusOne() throws {
        let site = try TestSite()
        try articles(site, count: 3)
        let result = site.build()
        let first = try #require(result.text("categories/coffee-culture/index.html"))
        let second = try #require(result.text("categories/coffee-culture/page/2/index.html"))
        #expect(first.contains("Article 2") && first.contains("Article 1") && !first.contains("Article 0"))
        #expect(second.contains("href=\"/articles/a0/\""))
        #expect(second.contains("<a href=\"/categories/coffee-culture/\">1</a><a href=\"/categories/coffee-culture/page/2/\">2</a>"))
        #expect(!result.paths.contains("categories/coffee-culture/page/3/index.html"))
    }

    @Test("tags get a page each and an index with counts; spellings merge by slug")
    func tags() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture\ntags: [Moka, Caffè Verde]")
        try site.article("b.md", "title: B\ndate: 2026-01-02\ncategory: coffee-culture\ntags: [moka]")
        try site.article("c.md", "title: C\ndate: 2026-01-03\ncategory: coffee-culture\ntags: [Moka]")
        let result = site.build()
        let index = try #require(result.text("tags/index.html"))
        #expect(index.contains("<a class=\"term\" href=\"/tags/caffe-verde/\">Caffè Verde (1)</a>"))
        #expect(index.contains("<a class=\"term\" href=\"/tags/moka/\">Moka (3)</a>"))
        #expect(result.text("tags/caffe-verde/index.html")?.contains("href=\"/articles/a/\"") == true)
    }

    @Test("categories list their articles newest first, and index them with counts")
    func categories() throws {
        let site = try TestSite()
        try site.article("old.md", "title: Old\ndate: 2026-01-01\ncategory: inspiring-cooking")
        try site.article("new.md", "title: New\ndate: 2026-02-01\ncategory: Inspiring Cooking")
        let result = site.build()
        let page = try #require(result.text("categories/inspiring-cooking/index.html"))
        let newIndex = try #require(page.range(of: "/articles/new/"))
        let oldIndex = try #require(page.range(of: "/articles/old/"))
        #expect(newIndex.lowerBound < oldIndex.lowerBound)
        #expect(result.text("categories/index.html")?.contains("Inspiring Cooking (2)") == true)
        #expect(result.text("categories/index.html")?.contains("Coffee Culture (0)") == true)
    }

    @Test("related: explicit first, then most shared, newest first, never itself")
    func related() throws {
        var config = TestSite.minimalConfig
        config += "\nrelated:\n  limit: 3\n"
        let site = try TestSite(config: config)
        try site.article("main.md", "title: Main\ndate: 2026-01-10\ncategory: coffee-culture\ntags: [moka, latte]\nrelated: [far]")
        try site.article("far.md", "title: Far\ndate: 2026-01-01\ncategory: inspiring-cooking")
        try site.article("both.md", "title: Both\ndate: 2026-01-02\ncategory: coffee-culture\ntags: [moka, latte]")
        try site.article("same-new.md", "title: SameNew\ndate: 2026-01-09\ncategory: coffee-culture")
        try site.article("same-old.md", "title: SameOld\ndate: 2026-01-03\ncategory: coffee-culture")
        let result = site.build()
        let page = try #require(result.text("articles/main/index.html"))
        let related = page.components(separatedBy: "<a class=\"related\" href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(related == ["/articles/far/", "/articles/both/", "/articles/same-new/"])
    }

    @Test("related keeps the highest scores, ties to the newest, as sorting every candidate does", arguments: [0, 1, 3, 8])
    func relatedTopScores(count: Int) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            // Few distinct scores, as with few big tags: most candidates tie.
            let candidates = (0..<Int.random(in: 0...60, using: &generator)).map {
                (index: $0 * 7 % 61, score: Int.random(in: 1...4, using: &generator))
            }
            var top = SiteResolver.TopScores(count: count)
            for candidate in candidates where top.admits(score: candidate.score, index: candidate.index) {
                top.insert(score: candidate.score, index: candidate.index)
            }
            let sorted = candidates.sorted { $0.score > $1.score || ($0.score == $1.score && $0.index < $1.index) }
            #expect(top.indices == sorted.prefix(count).map(\.index))
        }
    }

    @Test(
        "related on a site with big and small tags follows the rule for every article, with shared lists long or short",
        arguments: [SharedRelated.extra, 2, 0])
    func relatedWithBigAndSmallTags(extra: Int) throws {
        var config = TestSite.minimalConfig
        config += "\nrelated:\n  limit: 3\n"
        let site = try TestSite(config: config)
        // 200 articles: tags big-0...big-2 hold about a third each (scored a word at a time),
        // small-0...small-79 about 2 each (scored through their lists).
        var seed: UInt64 = 7
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var tags: [Set<String>] = []
        var categories: [String] = []
        for number in 0..<200 {
            var own: Set<String> = []
            if next(3) == 0 { own.insert("big-\(next(3))") }
            if next(4) == 0 { own.insert("big-\(next(3))") }
            for _ in 0..<next(3) { own.insert("small-\(next(80))") }
            let category = ["coffee-culture", "inspiring-cooking"][next(2)]
            tags.append(own)
            categories.append(category)
            let date = Calendar(identifier: .gregorian).date(byAdding: .hour, value: number, to: Date(timeIntervalSince1970: 1_767_225_600))!
            let stamp = ISO8601DateFormatter().string(from: date)
            try site.article(
                "a\(number).md",
                "title: A\(number)\ndate: \(stamp)\ncategory: \(category)\ntags: [\(own.sorted().joined(separator: ", "))]")
        }
        // A shared list too short for an article's small tags makes it walk its big ones.
        var options = site.options()
        options.relatedListExtra = extra
        let result = Pipeline.run(options: options)
        try #require(result.messages.isEmpty)
        for number in 0..<200 {
            // Most shared tags plus one for the category; the newest (highest number) among equals.
            let others = (0..<200).filter { $0 != number }.map { other -> (number: Int, score: Int) in
                let shared = tags[other].intersection(tags[number]).count
                return (other, shared + (categories[other] == categories[number] ? 1 : 0))
            }
            let expected = others.filter { $0.score > 0 }.sorted { $0.score != $1.score ? $0.score > $1.score : $0.number > $1.number }
                .prefix(3).map { "/articles/a\($0.number)/" }
            let page = try #require(result.text("articles/a\(number)/index.html"))
            let related = page.components(separatedBy: "<a class=\"related\" href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(related == Array(expected), "a\(number)")
        }
    }

    @Test("articles with the same big tags and category share a list, each without itself and after its explicit related")
    func relatedSharedByACombination() throws {
        var config = TestSite.minimalConfig
        config += "\nrelated:\n  limit: 3\n"
        let site = try TestSite(config: config)
        // Every article has the tag `big`, so every tag has bits and each list comes from one
        // shared per combination; twins a0 to a3 have the same tags and category.
        for number in 0..<12 {
            let twin = number < 4
            let tags = twin ? "[big, moka]" : number % 2 == 0 ? "[big, moka, latte]" : "[big]"
            let category = twin || number % 3 == 0 ? "coffee-culture" : "inspiring-cooking"
            let related = number == 1 ? "\nrelated: [a11]" : ""
            try site.article(
                "a\(number).md", "title: A\(number)\ndate: 2026-01-\(10 + number)\ncategory: \(category)\ntags: \(tags)\(related)")
        }
        let result = site.build()
        try #require(result.messages.isEmpty)
        func related(_ number: Int) throws -> [String] {
            let page = try #require(result.text("articles/a\(number)/index.html"))
            return page.components(separatedBy: "<a class=\"related\" href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        // The twins score 3 against each other (big, moka, the category), and so does a6 (big,
        // moka, latte, coffee-culture), the newest of them; a4, a8, a9 and a10 score 2.
        #expect(try related(0) == ["/articles/a6/", "/articles/a3/", "/articles/a2/"])
        #expect(try related(3) == ["/articles/a6/", "/articles/a2/", "/articles/a1/"])
        #expect(try related(1) == ["/articles/a11/", "/articles/a6/", "/articles/a3/"])
        #expect(try related(2) == ["/articles/a6/", "/articles/a3/", "/articles/a1/"])
    }

    @Test("an unknown related slug is an error at its line")
    func unknownRelated() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture\nrelated: [ghost]")
        #expect(site.build().messages == ["Content/articles/a.md:5:10: error: related: no published article with the slug 'ghost'"])
    }

    @Test("previous and next stay within the category")
    func previousNext() throws {
        let site = try TestSite()
        try site.article("one.md", "title: One\ndate: 2026-01-01\ncategory: coffee-culture")
        try site.article("other.md", "title: Other\ndate: 2026-01-02\ncategory: inspiring-cooking")
        try site.article("two.md", "title: Two\ndate: 2026-01-03\ncategory: coffee-culture")
        let result = site.build()
        let one = try #require(result.text("articles/one/index.html"))
        #expect(one.contains("<a class=\"next\" href=\"/articles/two/\">Two</a>"))
        #expect(!one.contains("class=\"previous\""))
        #expect(result.text("articles/two/index.html")?.contains("<a class=\"previous\" href=\"/articles/one/\">One</a>") == true)
    }

    @Test("drafts, future and expired articles are left out unless asked")
    func publication() throws {
        let site = try TestSite()
        try site.article("live.md", "title: Live\ndate: 2026-01-01\ncategory: coffee-culture")
        try site.article("draft.md", "title: Draft\ndate: 2026-01-01\ncategory: coffee-culture\ndraft: true")
        try site.article("future.md", "title: Future\ndate: 2026-01-01\npublishDate: 2027-01-01\ncategory: coffee-culture")
        try site.article("expired.md", "title: Expired\ndate: 2026-01-01\nexpiryDate: 2026-06-01\ncategory: coffee-culture")
        let slugs = { (result: BuildResult) in Set(result.site?.articles.map(\.document.slug) ?? []) }
        #expect(slugs(site.build()) == ["live"])
        #expect(slugs(site.build(drafts: true)) == ["live", "draft"])
        #expect(slugs(site.build(future: true)) == ["live", "future"])
        #expect(slugs(site.build(drafts: true, future: true)) == ["live", "draft", "future"])
    }

    @Test("two sources with the same URL are an error naming both")
    func duplicateURL() throws {
        let site = try TestSite()
        try site.article("moka.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        try site.article("other.md", "title: B\ndate: 2026-01-02\ncategory: coffee-culture\nslug: Moka")
        try site.write("Content/pages/articles.md", "---\ntitle: Clash\ndate: 2026-01-01\n---\nText")
        let messages = site.build().messages
        #expect(
            messages.contains {
                $0
                    == "Content/articles/other.md: error: URL /articles/moka/ is produced twice:"
                    + " by Content/articles/moka.md and by Content/articles/other.md"
            })
        #expect(
            messages.contains {
                $0.contains(
                    "Content/pages/articles.md: error: URL /articles/ is produced twice: by Content/pages/articles.md and by the article archive")
            })
    }

    @Test("home sections: featured, one category, then the rest, without repeats")
    func homeSections() throws {
        let config =
            TestSite.minimalConfig + """

                home:
                  sections:
                    - { title: In evidenza, show: featured, limit: 2 }
                    - { title: Ricette, show: category, category: inspiring-cooking, limit: 5 }
                    - { title: Altre news, show: rest, limit: 5 }
                """
        let site = try TestSite(config: config)
        try site.article("f.md", "title: Featured\ndate: 2026-01-05\ncategory: inspiring-cooking\nfeatured: true")
        try site.article("r.md", "title: Recipe\ndate: 2026-01-04\ncategory: inspiring-cooking")
        try site.article("n.md", "title: News\ndate: 2026-01-03\ncategory: coffee-culture")
        let home = try #require(site.build().text("index.html"))
        let sections = Array(home.components(separatedBy: "<section id=\"").dropFirst())
        #expect(sections.count == 3)
        #expect(sections[0].hasPrefix("in-evidenza\"") && sections[0].contains("Featured") && !sections[0].contains("Recipe"))
        #expect(sections[1].hasPrefix("ricette\"") && sections[1].contains("Recipe") && !sections[1].contains("Featured"))
        #expect(sections[2].hasPrefix("altre-news\"") && sections[2].contains("News") && !sections[2].contains("Recipe"))
    }

    @Test("dates are written in the site's language")
    func localisedDates() throws {
        let config = TestSite.minimalConfig.replacingOccurrences(of: "language: en", with: "language: it\ntimezone: Europe/Rome")
        let site = try TestSite(config: config)
        try site.article("a.md", "title: A\ndate: 2026-11-23\ncategory: coffee-culture")
        let result = site.build()
        #expect(result.text("articles/a/index.html")?.contains("<p class=\"date\">23 novembre 2026</p>") == true)
        #expect(
            SiteFormatter(language: "en", timeZone: TimeZone(identifier: "UTC")!).longDate(result.site!.articles[0].document.date)
                == "November 22, 2026")
    }

    @Test("a base URL with a path prefixes every link")
    func basePathLinks() throws {
        let config = TestSite.minimalConfig.replacingOccurrences(of: "baseURL: https://example.org/", with: "baseURL: https://example.org/mag")
        let site = try TestSite(config: config)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture", body: "[b](/articles/b/)")
        try site.article("b.md", "title: B\ndate: 2026-01-02\ncategory: coffee-culture")
        let result = site.build()
        #expect(result.text("categories/coffee-culture/index.html")?.contains("href=\"/mag/articles/a/\"") == true)
        #expect(result.text("articles/a/index.html")?.contains("href=\"/mag/articles/b/\"") == true)
        #expect(result.text("feed.xml")?.contains("<id>https://example.org/mag/articles/a/</id>") == true)
    }
}
