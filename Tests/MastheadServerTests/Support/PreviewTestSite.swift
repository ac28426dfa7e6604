import Foundation

/// A throwaway site folder for one server test, with templates that print just what
/// tests look for. It sits inside a parent folder that also holds `secret.txt`, a file
/// outside the site that no request may reach. Removed when released.
final class PreviewTestSite: Sendable {
    let parent: URL
    let root: URL
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

    init() throws {
        parent = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-serve-test-\(UUID().uuidString)")
        root = parent.appendingPathComponent("site")
        try write("../secret.txt", Self.secret)
        try write("Content/site.yml", Self.config)
        for (name, text) in Self.templates { try write("Templates/\(name).mustache", text) }
        try write("Content/static/css/site.css", "body { color: black; }\n")
        try article("moka.md", title: "The moka pot", body: "Bialetti made it in 1933.")
        try article("espresso.md", title: "Espresso at the bar", body: "A short coffee.")
        try write("Content/pages/about.md", "---\ntitle: About us\ndate: 2026-01-01\n---\nWe write about coffee.\n")
    }

    deinit { try? FileManager.default.removeItem(at: parent) }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Writes a temporary file next to `path`, then renames it over `path`, as editors do.
    func atomicSave(_ path: String, _ text: String) throws {
        let temporary = url(path).deletingLastPathComponent().appendingPathComponent(".\(url(path).lastPathComponent).tmp-\(UUID().uuidString)")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url(path).path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    func article(_ name: String, title: String, date: String = "2026-01-02", body: String, extra: String = "") throws {
        try write("Content/articles/\(name)", "---\ntitle: \(title)\ndate: \(date)\ncategory: coffee-culture\(extra)\n---\n\(body)\n")
    }
}
