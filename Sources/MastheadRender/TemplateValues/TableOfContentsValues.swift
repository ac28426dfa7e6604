import MastheadMarkdown

/// `article.toc`: the article's table of contents, as a tree and as ready-made HTML.
struct TableOfContentsValues: TemplateValue {
    enum Key: String, TemplateKey {
        case label, entries, list, count
        static let byName = table()
    }

    let contents: TableOfContents
    /// Its accessible name in the site's language (`Labels.tableOfContents`).
    let label: String

    func value(for key: Key) -> Any? {
        switch key {
        case .label: label
        case .entries: contents.entries.map(TableOfContentsEntryValues.init)
        case .list: contents.listHTML
        case .count: contents.count
        }
    }
}

/// One heading of a table of contents, with the deeper headings under it.
struct TableOfContentsEntryValues: TemplateValue {
    enum Key: String, TemplateKey {
        case text, id, url, level, children
        static let byName = table()
    }

    let entry: TableOfContents.Entry

    func value(for key: Key) -> Any? {
        switch key {
        case .text: entry.text
        case .id: entry.id
        case .url: "#" + entry.id
        case .level: entry.level
        // An empty list, not nil: nil would make Mustache look `children` up in the enclosing entry.
        case .children: entry.children.map(TableOfContentsEntryValues.init)
        }
    }
}
