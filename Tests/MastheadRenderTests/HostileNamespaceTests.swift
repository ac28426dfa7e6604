import Foundation
import MastheadContent
import MastheadTesting
import Testing

@testable import MastheadBuild
@testable import MastheadSite
@testable import MastheadSupport

/// Issue 44's aliases, image paths and minor problems: every path a build writes is one
/// namespace (an alias cannot take a generated file's place, nor a hidden or a site folder's
/// name), image paths with `..` are errors where written, long titles give short slugs,
/// diagnostics stay on one line, `check` reports a menu link once at site.yml.
@Suite("Hostile input, round three: one output namespace, image paths, long slugs")
struct HostileNamespaceTests {
    static let searchConfig = TestSite.minimalConfig + "\nsearch: true\n"
    static let searchTemplates = TestSite.minimalTemplates.merging(["search": "{{<base}}{{$main}}<h1>Search</h1>{{/main}}{{/base}}"]) { $1 }

    /// An article whose aliases are a block list from line 6, each at column 5.
    static func aliasArticle(_ site: TestSite, _ aliases: [String], name: String = "a.md") throws {
        let list = aliases.map { "  - \"\($0)\"" }.joined(separator: "\n")
        try site.article(name, "title: A\ndate: 2026-01-01\ncategory: coffee-culture\naliases:\n\(list)")
    }

    /// `Content/articles/a.md:LINE:5: error: aliases: ALIAS MESSAGE` for the alias at `index`.
    static func aliasError(_ index: Int, _ alias: String, _ message: String, file: String = "a.md") -> String {
        "Content/articles/\(file):\(6 + index):5: error: aliases: \(alias) \(message)"
    }

    // MARK: 3. aliases over generated files

    @Test("an alias on the search index, its folder, a stylesheet or a feed is an error at the alias naming what it would replace")
    func aliasesOverGeneratedFiles() throws {
        let site = try TestSite(config: Self.searchConfig, templates: Self.searchTemplates)
        let aliases = [
            "/search/index.json", "/search/shards/0a1b2c.json", "/css/charts.css", "/CSS/Charts.css", "/css/print.css/",
            "/css/search.css/index.html", "/feed.xml/", "/search/", "/_redirects", "/%73earch/index.json", "/social/0123456789abcdef.jpg",
            "/social/old-card/", "/css/old.css"
        ]
        try Self.aliasArticle(site, aliases)
        let result = site.build()
        #expect(!result.succeeded)
        let expected = [
            Self.aliasError(0, "/search/index.json", "is inside search/, where Masthead writes the search index"),
            Self.aliasError(1, "/search/shards/0a1b2c.json", "is inside search/, where Masthead writes the search index"),
            Self.aliasError(2, "/css/charts.css", "would replace the chart stylesheet, which Masthead writes as css/charts.css"),
            Self.aliasError(
                3, "/CSS/Charts.css",
                "would replace the chart stylesheet, which Masthead writes as css/charts.css (the same path but for letter case, one file"
                    + " on macOS and Windows)"
            ),
            Self.aliasError(4, "/css/print.css/", "needs css/print.css to be a folder, but Masthead writes the print stylesheet there"),
            Self.aliasError(5, "/css/search.css/index.html", "needs css/search.css to be a folder, but Masthead writes the search stylesheet there"),
            Self.aliasError(6, "/feed.xml/", "needs feed.xml to be a folder, but a feed is written there"),
            Self.aliasError(7, "/search/", "is the URL of the search page; an alias names an old URL no page has now"),
            Self.aliasError(8, "/_redirects/", "needs _redirects to be a folder, but _redirects is written there"),
            Self.aliasError(9, "/search/index.json", "is inside search/, where Masthead writes the search index"),
            Self.aliasError(10, "/social/0123456789abcdef.jpg", "is inside social/, where Masthead writes social cards")
        ]
        for message in expected { #expect(result.messages.contains(message), "\(message)\n\(result.messages)") }
        // A page of the site's own in social/ or css/ takes no place of Masthead's.
        #expect(result.messages.count == expected.count, "\(result.messages)")
    }

    @Test("without the alias the same site builds, writes the index, and _redirects lists only the aliases that have pages")
    func cleanAliasesBuild() throws {
        let site = try TestSite(config: Self.searchConfig, templates: Self.searchTemplates)
        try Self.aliasArticle(site, ["/social/old-card/", "/css/old.css", "/.well-known/change-password", "/caff%C3%A8/"])
        let result = site.build()
        #expect(result.messages == [])
        #expect(result.text("search/index.json")?.hasPrefix("{\"version\":1") == true)
        #expect(result.text("css/charts.css")?.contains("--chart-") == true)
        #expect(result.text("caffè/index.html")?.contains("url=https://example.org/articles/a/") == true)
        #expect(result.text(".well-known/change-password/index.html") != nil)
        let redirects = try #require(result.text("_redirects"))
        for line in ["/.well-known/change-password/ /articles/a/ 301", "/caffè/ /articles/a/ 301", "/css/old.css /articles/a/ 301"] {
            #expect(redirects.contains(line + "\n"), "\(redirects)")
        }
    }

    @Test("an alias on a catalog's filter data, its script, a static file or an image's resized copy is an error at the alias")
    func aliasesOverCatalogAndImageFiles() throws {
        let site = try CatalogFilterTests.site()
        try site.write("Content/static/images/photo.jpg", "not decoded: the build stops before images")
        try site.write("Content/static/old.html", "<p>kept</p>")
        try Self.aliasArticle(
            site,
            [
                "/rooms/filter.json", "/js/catalog-filter.js", "/css/Catalog-Filter.css", "/images/photo.1a2b3c4d-800.webp", "/old.html",
                "/images/photo.jpg/"
            ])
        let result = site.build()
        let expected = [
            Self.aliasError(0, "/rooms/filter.json", "would replace the filter data of rooms, which Masthead writes as rooms/filter.json"),
            Self.aliasError(1, "/js/catalog-filter.js", "would replace the catalog filter's script, which Masthead writes as js/catalog-filter.js"),
            Self.aliasError(
                2, "/css/Catalog-Filter.css",
                "would replace the catalog filter's stylesheet, which Masthead writes as css/catalog-filter.css"
                    + " (the same path but for letter case, one file on macOS and Windows)"),
            Self.aliasError(
                3, "/images/photo.1a2b3c4d-800.webp",
                "would replace a resized copy of Content/static/images/photo.jpg, which Masthead writes under names like"
                    + " images/photo.1a2b3c4d-800.webp"
            ),
            Self.aliasError(4, "/old.html", "is the static file Content/static/old.html; an alias names an old URL no file has now"),
            Self.aliasError(
                5, "/images/photo.jpg/", "needs images/photo.jpg to be a folder, but the static file Content/static/images/photo.jpg is copied there")
        ]
        for message in expected { #expect(result.messages.contains(message), "\(message)\n\(result.messages)") }
        #expect(result.messages.count == expected.count, "\(result.messages)")
    }

    @Test("aliases differing only in case, trailing slash or index.html from a page, or from each other, are errors")
    func aliasSpellings() throws {
        let site = try TestSite()
        try site.article("moka.md", "title: Moka\ndate: 2026-01-02\ncategory: coffee-culture")
        try Self.aliasArticle(site, ["/Articles/Moka/", "/articles/moka/index.html", "/articles/moka", "/old/", "/OLD/index.html"])
        try Self.aliasArticle(site, ["/Old/"], name: "b.md")
        let result = site.build()
        let expected = [
            Self.aliasError(
                0, "/Articles/Moka/",
                "differs only in letter case from /articles/moka/, the URL of Content/articles/moka.md: on a disk that ignores case"
                    + " (macOS, Windows) its redirect would replace that page"),
            Self.aliasError(1, "/articles/moka/index.html", "is the URL of Content/articles/moka.md; an alias names an old URL no page has now"),
            Self.aliasError(2, "/articles/moka/", "is the URL of Content/articles/moka.md; an alias names an old URL no page has now"),
            Self.aliasError(0, "/Old/", "is claimed twice: by Content/articles/a.md (for /articles/a/) and here (for /articles/b/)", file: "b.md")
        ]
        for message in expected { #expect(result.messages.contains(message), "\(message)\n\(result.messages)") }
        #expect(result.messages.count == expected.count, "\(result.messages)")
    }

    @Test("a static file in the search index's folder is an error at the file; one replacing a stylesheet is a warning")
    func staticFilesOverGenerated() throws {
        let site = try TestSite(config: Self.searchConfig, templates: Self.searchTemplates)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        try site.write("Content/static/search/index.json", "{}")
        try site.write("Content/static/css/charts.css", "body {}")
        try site.write("Content/static/social/logo.png", "a site's own file beside the cards")
        let result = site.build()
        #expect(
            result.messages.contains(
                "Content/static/search/index.json: error: this static file is inside search/, where Masthead writes the search index: move"
                    + " or rename it"
            ),
            "\(result.messages)")
        #expect(result.diagnostics.errors.count == 1, "\(result.messages)")
    }

    @Test("the writer refuses a second file at a path it was given already, rather than letting the last one win")
    func writerRefusesSecondFile() throws {
        let site = try TestSite()
        let output = site.root.appendingPathComponent("out")
        let files = [
            OutputFile(path: "search/index.json", contents: .bytes(Data("{}".utf8))),
            OutputFile(path: "search/index.json", contents: .bytes(Data("<html>".utf8)))
        ]
        #expect {
            try OutputWriter.write(files, to: output, siteFolder: SiteFolder(site.root))
        } throws: { error in
            "\(error)" == "two outputs of the build would both be written as search/index.json; rename or move one of their sources"
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let marker = [OutputFile(path: ".masthead-output", contents: .bytes(Data("x".utf8)))]
        #expect(throws: OutputWriter.Failure.self) { try OutputWriter.write(marker, to: output, siteFolder: SiteFolder(site.root)) }
    }

    @Test("every file the default site writes is a route, a static file, or a place GeneratedOutputs names")
    func everyGeneratedFileIsNamed() throws {
        let result = SharedSites.defaultSite
        let site = try #require(result.site)
        // Each language names its own places (its catalogs' filter data under its prefix).
        let generated = ([site] + site.translations).map { GeneratedOutputs(site: $0) }
        let known = Set((site.routes + site.translations.flatMap(\.routes)).map(\.outputPath) + site.staticFiles.map(\.outputPath))
        let unnamed = result.files.map(\.path).filter { path in
            !known.contains(path) && generated.allSatisfy { $0.clash(at: path) == nil }
        }
        #expect(unnamed == [])
    }

    // MARK: 4. hidden names and the site's own folders

    @Test("an alias under .git, .masthead-output, Content or Templates is an error at the alias, encoded or not")
    func hiddenAndSiteFolderAliases() throws {
        let site = try TestSite()
        try Self.aliasArticle(
            site,
            [
                "/.git/config", "/.masthead-output", "/Content/site.yml", "/content/", "/Templates/base.mustache", "/%2Egit/HEAD", "/%2e%2e/x/",
                "/a%2Fb/", "/100%/"
            ])
        let result = site.build()
        let expected = [
            Self.aliasError(0, "/.git/config", "names the hidden .git; an alias is never written to a hidden file or folder"),
            Self.aliasError(1, "/.masthead-output", "names the hidden .masthead-output; an alias is never written to a hidden file or folder"),
            Self.aliasError(
                2, "/Content/site.yml",
                "is under Content/, the name of the site's own Content/ folder; an output holding it would look like a site's sources"),
            Self.aliasError(
                3, "/content/", "is under content/, the name of the site's own Content/ folder; an output holding it would look like a site's sources"
            ),
            Self.aliasError(
                4, "/Templates/base.mustache",
                "is under Templates/, the name of the site's own Templates/ folder; an output holding it would look like a site's sources"),
            Self.aliasError(5, "/%2Egit/HEAD", "names the hidden .git; an alias is never written to a hidden file or folder"),
            Self.aliasError(6, "/%2e%2e/x/", "leads outside the site: no . or .. in an alias"),
            Self.aliasError(7, "/a%2Fb/", "has an encoded / or \\ (%2F, %5C); write the path's parts with plain /"),
            Self.aliasError(8, "/100%/", "has a % that is not followed by two hexadecimal digits of UTF-8; write % itself as %25")
        ]
        for message in expected { #expect(result.messages.contains(message), "\(message)\n\(result.messages)") }
        #expect(result.messages.count == expected.count, "\(result.messages)")
    }

    @Test("masthead build: an alias under /.git/ exits 1, writes nothing, and the next build without it succeeds")
    func hiddenAliasThroughTheCommand() throws {
        let site = try TestSite()
        try Self.aliasArticle(site, ["/.git/HEAD", "/Content/site.yml"])
        let run = try MastheadCommand.run(["build", "--site", ".", "--output", "out"], in: site.root)
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "Content/articles/a.md:6:5: error: aliases: /.git/HEAD names the hidden .git; an alias is never written to a hidden file or folder\n")
        )
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("out").path))
        try Self.aliasArticle(site, ["/old/"])
        let again = try MastheadCommand.run(["build", "--site", ".", "--output", "out"], in: site.root)
        #expect(again.status == 0, "\(again.errors)")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("out/.git").path))
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("out/old/index.html").path))
        let third = try MastheadCommand.run(["build", "--site", ".", "--output", "out"], in: site.root)
        #expect(third.status == 0, "\(third.errors)")
    }

    // MARK: 7. image paths with ..

    @Test("cover, gallery and Markdown image paths with .. or . are errors at their line and column")
    func dotDotImagePaths() throws {
        let site = try TestSite()
        try site.article(
            "a.md",
            "title: A\ndate: 2026-01-01\ncategory: coffee-culture\ncover: { src: /../../../../etc/passwd, alt: x }\n"
                + "gallery:\n  - { src: ../images/x.jpg, alt: y }\n  - { src: /images/%2e%2e/%2E%2E/etc/shadow, alt: z }",
            body: "Text.\n\n![a](/../../../../etc/passwd) and ![b](/images/./x.png)\n\n![c](images/../../secret.jpg \"caption\")\n\n"
                + "[a link](/../x/) and ![remote](https://example.com/../x.png)")
        let result = site.build()
        let expected = [
            "Content/articles/a.md:5:15: error: cover: /../../../../etc/passwd has .. in its path; write the image's path from the site's"
                + " root, like /images/passwd",
            "Content/articles/a.md:7:12: error: gallery: ../images/x.jpg has .. in its path; write the image's path from the site's root,"
                + " like /images/x.jpg",
            "Content/articles/a.md:8:12: error: gallery: /images/%2e%2e/%2E%2E/etc/shadow has .. in its path;"
                + " write the image's path from the site's root, like /images/shadow",
            "Content/articles/a.md:12:1: error: image: /../../../../etc/passwd has .. in its path; write the image's path from the site's"
                + " root, like /images/passwd",
            "Content/articles/a.md:12:35: error: image: /images/./x.png has . in its path; write the image's path from the site's root,"
                + " like /images/x.png",
            "Content/articles/a.md:14:1: error: image: images/../../secret.jpg has .. in its path; write the image's path from the site's"
                + " root, like /images/secret.jpg"
        ]
        for message in expected { #expect(result.messages.contains(message), "\(message)\n\(result.messages)") }
        #expect(result.messages.count == expected.count, "\(result.messages)")
    }

    @Test("masthead build with a cover path climbing out exits 1 and publishes nothing")
    func dotDotCoverThroughTheCommand() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture\ncover:\n  src: /../../../../etc/passwd\n  alt: x")
        let run = try MastheadCommand.run(["build", "--site", ".", "--output", "out"], in: site.root)
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "Content/articles/a.md:6:8: error: cover: /../../../../etc/passwd has .. in its path; write the image's path from the site's root,"
                    + " like /images/passwd\n"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("out").path))
    }

    // MARK: minor: --output in a folder Masthead owns

    @Test("--output inside .masthead or .git is refused with exit 2; the caches stay")
    func outputInOwnedFolders() throws {
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        try site.write(".masthead/images/keep.txt", "cache")
        let root = site.root.resolvingSymlinksInPath().path
        for (output, holds) in [
            (".masthead/images", "Masthead's build and image caches"), (".masthead", "Masthead's build and image caches"),
            (".git/objects", "the site's version history")
        ] {
            let run = try MastheadCommand.run(["build", "--site", ".", "--output", output], in: site.root)
            #expect(run.status == 2, "\(output): \(run.errors)")
            let folder = root + "/" + output.split(separator: "/")[0]
            #expect(run.errors.contains("refusing to write the site in \(root)/\(output): \(folder) holds \(holds)"), "\(run.errors)")
        }
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".masthead/images/keep.txt").path))
    }

    // MARK: minor: long titles

    @Test(
        "a 300-character title or slug gives a slug of at most 120 bytes, cut at a word, with a hash of the whole",
        arguments: [
            String(repeating: "Caffè e latte ", count: 22), String(repeating: "東京の喫茶店 ", count: 43),
            String(repeating: "Кофе по-турецки ", count: 19), String(repeating: "☕", count: 300), String(repeating: "x", count: 300)
        ])
    func longSlugs(_ title: String) throws {
        let slug = Slug.make(title)
        #expect(slug.utf8.count <= Slug.maximumBytes)
        #expect(slug.utf8.count > 60)
        #expect(slug == Slug.make(title))
        #expect(!slug.hasPrefix("-") && !slug.contains("--"))
        let site = try TestSite()
        try site.article("long.md", "title: \"\(title)\"\ndate: 2026-01-01\ncategory: coffee-culture\nslug: \"\(title)\"")
        let result = site.build()
        #expect(result.messages == [])
        #expect(result.paths.contains("articles/\(slug)/index.html"))
    }

    @Test("two long titles with the same beginning get different slugs; a short slug is left as it is")
    func longSlugsStayUnique() {
        let start = String(repeating: "the longest title ", count: 10)
        let first = Slug.make(start + "about coffee")
        let second = Slug.make(start + "about tea")
        #expect(first != second)
        #expect(first.utf8.count <= Slug.maximumBytes && second.utf8.count <= Slug.maximumBytes)
        #expect(Slug.make("Caffè & Crema") == "caffe-crema")
        #expect(Slug.make(String(repeating: "a", count: Slug.maximumBytes)) == String(repeating: "a", count: Slug.maximumBytes))
    }

    @Test("masthead new article with a 300-character title writes a file named by the short slug")
    func newArticleWithLongTitle() throws {
        let site = try TestSite()
        let title = String(repeating: "Una lunga storia del caffè ", count: 12)
        let run = try MastheadCommand.run(["new", "article", title, "--site", ".", "--category", "coffee-culture"], in: site.root)
        #expect(run.status == 0, "\(run.errors)")
        let slug = Slug.make(title)
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Content/articles/\(slug).md").path))
    }

    // MARK: minor: one line per diagnostic

    @Test("a message quoting a line break stays on one line, escaped, in the text and in what the build prints")
    func oneLineDiagnostics() throws {
        let diagnostic = Diagnostic(.error, "a\nb\r\nc\u{2028}d", file: "Content/x\ny.md", line: 2, column: 3)
        #expect(diagnostic.description == "Content/x\\ny.md:2:3: error: a\\nb\\r\\nc\\u{2028}d")
        var changed = diagnostic
        changed.message = "e\nf"
        #expect(changed.message == "e\\nf")
        let site = try TestSite()
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture\naliases: [\"/a\\nb/\"]")
        let run = try MastheadCommand.run(["build", "--site", ".", "--output", "out"], in: site.root)
        #expect(run.status == 1)
        let first = try #require(run.errors.split(separator: "\n").first)
        #expect(first == "Content/articles/a.md:5:11: error: aliases: /a\\nb/: an alias holds no spaces, \\, ? or #", "\(run.errors)")
    }

    // MARK: minor: check blames site.yml for a menu link

    @Test("masthead check reports a broken menu link once, at site.yml's line and column")
    func menuLinkBlamedOnce() throws {
        var templates = TestSite.minimalTemplates
        templates["base"] =
            "<!doctype html><html lang=\"en\"><head><title>{{page.title}}</title><meta name=\"description\" content=\"d\"></head><body>"
            + "<nav>{{#site.menu}}<a href=\"{{url}}\">{{title}}</a>{{/site.menu}}</nav>{{$main}}{{/main}}</body></html>\n"
        let site = try TestSite(
            config: TestSite.minimalConfig + "\nmenu:\n  - { title: Home, url: / }\n  - { title: Gone, url: /nope/ }\n", templates: templates)
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture")
        let run = try MastheadCommand.run(["check", "--site", "."], in: site.root)
        #expect(run.status == 1)
        let broken = run.errors.split(separator: "\n").filter { $0.contains("/nope/") && $0.contains(": error: ") }
        #expect(
            broken == [
                "Content/site.yml:12:25: error: broken link on 10 pages (/, /404.html, /articles/, ...): /nope/"
            ], "\(run.errors)")
    }
}
