import Foundation
import MastheadBuild
import MastheadContent
import MastheadSupport

/// A throwaway site folder for one test: site.yml, minimal templates and whatever
/// files the test writes. Removed when the value is released. Every suite's test sites are
/// made here (the server tests' `PreviewTestSite` is one with its own templates, in a parent folder).
package final class TestSite: Sendable {
    package let root: URL
    /// The folder removed on release: `root`, or the folder holding it (`inParentFolder`).
    private let folder: URL

    package static let minimalConfig = """
        title: Test Magazine
        description: A magazine for tests.
        baseURL: https://example.org/
        language: en
        categories:
          - name: Coffee Culture
            slug: coffee-culture
          - name: Inspiring Cooking
        pageSize: 2
        """

    /// Templates that print just what tests look for, one value per line.
    package static let minimalTemplates: [String: String] = [
        "base": "<!doctype html><html lang=\"{{site.language}}\"><head><title>{{page.title}}</title></head><body>{{$main}}{{/main}}</body></html>\n",
        "home":
            "{{<base}}{{$main}}{{#sections}}<section id=\"{{id}}\"><h2>{{title}}</h2>{{#articles}}{{> card}}{{/articles}}</section>{{/sections}}"
            + "{{/main}}{{/base}}",
        "card": "<a class=\"card\" href=\"{{url}}\">{{title}}</a>\n",
        "article":
            "{{<base}}{{$main}}<h1>{{article.title}}</h1><p class=\"date\">{{article.date}}</p><div class=\"content\">{{{article.content}}}</div>"
            + "{{#article.related}}<a class=\"related\" href=\"{{url}}\">{{title}}</a>{{/article.related}}"
            + "{{#article.previous}}<a class=\"previous\" href=\"{{url}}\">{{title}}</a>{{/article.previous}}"
            + "{{#article.next}}<a class=\"next\" href=\"{{url}}\">{{title}}</a>{{/article.next}}{{/main}}{{/base}}",
        "list":
            "{{<base}}{{$main}}<h1>{{list.title}}</h1>{{#articles}}{{> card}}{{/articles}}"
            + "{{^articles}}<p class=\"empty\">No articles</p>{{/articles}}"
            + "{{#pagination}}<nav>{{#pages}}<a href=\"{{url}}\">{{number}}</a>{{/pages}}</nav>{{/pagination}}{{/main}}{{/base}}",
        "terms":
            "{{<base}}{{$main}}<h1>{{terms.title}}</h1>{{#terms.items}}<a class=\"term\" href=\"{{url}}\">{{name}} ({{count}})</a>{{/terms.items}}"
            + "{{/main}}{{/base}}",
        "page": "{{<base}}{{$main}}<h1>{{title}}</h1>{{{content}}}{{/main}}{{/base}}",
        "404": "{{<base}}{{$main}}<h1>Not found</h1>{{/main}}{{/base}}"
    ]

    /// With `inParentFolder`, the site is `site/` inside a throwaway folder, so a test can put files
    /// outside the site (`../secret.txt`) that no request or build may reach.
    package init(
        config: String = TestSite.minimalConfig, templates: [String: String] = TestSite.minimalTemplates, inParentFolder: Bool = false
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-test-\(UUID().uuidString)")
        root = inParentFolder ? folder.appendingPathComponent("site") : folder
        try write("Content/site.yml", config)
        for (name, text) in templates { try write("Templates/\(name).mustache", text) }
        try FileManager.default.createDirectory(at: url("Content/articles"), withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A path of the site folder (`../` reaches outside it).
    package func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    package func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    package func write(_ path: String, _ data: Data) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Writes a temporary file next to `path`, then renames it over `path`, as editors do.
    package func atomicSave(_ path: String, _ text: String) throws {
        let temporary = url(path).deletingLastPathComponent().appendingPathComponent(".\(url(path).lastPathComponent).tmp-\(UUID().uuidString)")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url(path).path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Writes an article with the given front matter lines and body.
    package func article(_ name: String, _ frontMatter: String, body: String = "Some text.") throws {
        try write("Content/articles/\(name)", "---\n\(frontMatter)\n---\n\(body)\n")
    }

    /// The options of a build of this site, on the day `now` (UTC).
    package func options(now: String = "2026-11-23") -> BuildOptions {
        var options = BuildOptions(siteFolder: SiteFolder(root))
        options.now = ContentDate.parse(now, timeZone: TimeZone(identifier: "UTC")!)!
        return options
    }

    package func build(drafts: Bool = false, future: Bool = false, now: String = "2026-11-23") -> BuildResult {
        var options = options(now: now)
        options.identity.includeDrafts = drafts
        options.identity.includeFuture = future
        return Pipeline.run(options: options)
    }
}

extension BuildResult {
    /// The text of one output file, by its path in the output folder.
    package func text(_ path: String) -> String? {
        guard let file = files.first(where: { $0.path == path }), let data = try? file.data() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    package var paths: [String] { files.map(\.path).sorted() }

    package var messages: [String] { diagnostics.map(\.description) }
}
