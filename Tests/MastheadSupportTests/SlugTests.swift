import MastheadTesting
import Testing

@testable import MastheadSupport

@Suite("Slugs")
struct SlugTests {
    @Test(
        "slugs fold accents and punctuation",
        arguments: [
            ("Caffè & Crema", "caffe-crema"),
            ("  Perché il caffè?  ", "perche-il-caffe"),
            ("L'arte del latte", "l-arte-del-latte"),
            ("Straße", "strasse"),
            ("Smørrebrød på Øresund", "smorrebrod-pa-oresund"),
            ("Crème brûlée N°2", "creme-brulee-n-2"),
            ("Ελληνικός καφές", "ellenikos-kaphes"),
            ("../../etc", "etc"),
            ("2026 in review", "2026-in-review"),
            ("---", "")
        ])
    func slug(_ input: String, _ expected: String) {
        #expect(Slug.make(input) == expected)
    }

    @Test("a front matter slug cannot leave the articles folder")
    func traversalSlug() throws {
        let site = try TestSite()
        try site.article("evil.md", "title: Evil\ndate: 2026-01-01\ncategory: coffee-culture\nslug: ../../etc")
        let result = site.build()
        #expect(result.succeeded)
        #expect(result.paths.contains("articles/etc/index.html"))
        #expect(!result.paths.contains { $0.contains("..") })
    }
}
