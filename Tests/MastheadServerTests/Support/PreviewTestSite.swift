import Foundation
import MastheadTesting

/// A throwaway site folder for one server test, with templates that print just what
/// tests look for: a `TestSite` inside a parent folder that also holds `secret.txt`, a file
/// outside the site that no request may reach. Removed when released.
final class PreviewTestSite: Sendable {
    static let secret = "TOP-SECRET-OUTSIDE-THE-SITE"

    static let config = """
        title: Preview Magazine
        description: build 1
        baseURL: https://example.org/
        language: en
        categories:
          - name: Coffee Culture
            slug: coffee-culture
        pageSize: 50
        """

    static let templates: [String: String] = [
        "base":
            "<!doctype html><html lang=\"en\"><head><title>{{page.title}}</title><link rel=\"stylesheet\" href=\"/css/site.css\"></head>"
            + "<body><p class=\"marker\">{{site.description}}</p>{{$main}}{{/main}}</body></html>\n",
        "home": "{{<base}}{{$main}}{{#sections}}{{#articles}}{{> card}}{{/articles}}{{/sections}}{{/main}}{{/base}}",
        "card": "<a class=\"card\" href=\"{{url}}\">{{title}}</a>\n",
        "article": "{{<base}}{{$main}}<h1>{{article.title}}</h1><div class=\"content\">{{{article.content}}}</div>{{/main}}{{/base}}",
        "list": "{{<base}}{{$main}}<h1>{{list.title}}</h1>{{#articles}}{{> card}}{{/articles}}{{/main}}{{/base}}",
        "terms": "{{<base}}{{$main}}<h1>{{terms.title}}</h1>{{/main}}{{/base}}",
        "page": "{{<base}}{{$main}}<h1>{{title}}</h1>{{{content}}}{{/main}}{{/base}}",
        "404": "{{<base}}{{$main}}<h1>This page is not in the magazine</h1>{{/main}}{{/base}}"
    ]

    /// The site: every file is written through it (MastheadTesting's `TestSite`).
    let site: TestSite
    var root: URL { site.root }
    var parent: URL { root.deletingLastPathComponent() }

    init() throws {
        site = try TestSite(config: Self.config, templates: Self.templates, inParentFolder: true)
        try write("../secret.txt", Self.secret)
        try write("Content/static/css/site.css", "body { color: black; }\n")
        try article("moka.md", title: "The moka pot", body: "Bialetti made it in 1933.")
        try article("espresso.md", title: "Espresso at the bar", body: "A short coffee.")
        try write("Content/pages/about.md", "---\ntitle: About us\ndate: 2026-01-01\n---\nWe write about coffee.\n")
    }

    func url(_ path: String) -> URL { site.url(path) }

    func write(_ path: String, _ text: String) throws { try site.write(path, text) }

    func write(_ path: String, _ data: Data) throws { try site.write(path, data) }

    /// Writes a temporary file next to `path`, then renames it over `path`, as editors do.
    func atomicSave(_ path: String, _ text: String) throws { try site.atomicSave(path, text) }

    func article(_ name: String, title: String, date: String = "2026-01-02", body: String, extra: String = "") throws {
        try write("Content/articles/\(name)", "---\ntitle: \(title)\ndate: \(date)\ncategory: coffee-culture\(extra)\n---\n\(body)\n")
    }
}
