import MastheadSupport

/// `toc:` in site.yml: when an article gets a table of contents, and which heading levels it lists.
package struct TableOfContentsOptions: Sendable, Hashable {
    /// An article with at least this many headings in the levels listed gets a table of contents
    /// without writing `toc: true`; nil: only those that write it.
    package var minHeadings: Int?
    /// The highest and the lowest heading level listed (`h2` to `h3` by default, as Hugo's).
    package var startLevel = 2
    package var endLevel = 3

    package init(minHeadings: Int? = nil, startLevel: Int = 2, endLevel: Int = 3) {
        self.minHeadings = minHeadings
        self.startLevel = startLevel
        self.endLevel = endLevel
    }

    /// The table of contents of a body with these headings. `written` is the article's `toc:`
    /// (false: never; true: whenever one heading is listed; nil: as `minHeadings` says).
    package func contents(of headings: [RenderedMarkdown.Heading], written: Bool?) -> TableOfContents? {
        guard written != false else { return nil }
        // A heading with no text (only raw HTML, dropped) would be an empty link.
        let listed = headings.filter { (startLevel...endLevel).contains($0.level) && !$0.text.isEmpty }
        guard !listed.isEmpty else { return nil }
        if written == nil {
            guard let minHeadings, listed.count >= minHeadings else { return nil }
        }
        return TableOfContents(listed)
    }
}

/// The headings of a body as a tree: each heading holds the deeper ones that follow it, up to
/// the next heading of its level or higher. A skipped level makes no empty entry (an `h4`
/// straight under an `h2` is the `h2`'s child; Hugo's gohugoio/hugo#7128 wrote an empty item).
package struct TableOfContents: Sendable, Hashable {
    package struct Entry: Sendable, Hashable {
        package var level: Int
        package var text: String
        /// The heading's id in the page, unique within it (`RenderedMarkdown.Heading.id`).
        package var id: String
        package var children: [Entry] = []
    }

    package var entries: [Entry]
    /// Headings listed, at every depth.
    package var count: Int

    package init(_ headings: [RenderedMarkdown.Heading]) {
        count = headings.count
        // The path from the root to the entry last added, as indices into each level's children.
        var roots: [Entry] = []
        var path: [Int] = []
        var levels: [Int] = []
        for heading in headings {
            while let last = levels.last, last >= heading.level {
                levels.removeLast()
                path.removeLast()
            }
            let entry = Entry(level: heading.level, text: heading.text, id: heading.id)
            path.append(Self.append(entry, to: &roots, at: path[...]))
            levels.append(heading.level)
        }
        entries = roots
    }

    /// Appends `entry` to the children of the entry at `path` (the roots when empty); its index.
    private static func append(_ entry: Entry, to entries: inout [Entry], at path: ArraySlice<Int>) -> Int {
        guard let first = path.first else {
            entries.append(entry)
            return entries.count - 1
        }
        return append(entry, to: &entries[first].children, at: path.dropFirst())
    }

    /// The tree as nested ordered lists of links, for templates that show it as it is.
    package var listHTML: String {
        var html = ""
        Self.write(entries, into: &html)
        return html
    }

    private static func write(_ entries: [Entry], into html: inout String) {
        html += "<ol>"
        for entry in entries {
            html += "<li><a href=\"#"
            html += entry.id
            html += "\">"
            XML.escape(entry.text, into: &html)
            html += "</a>"
            if !entry.children.isEmpty { write(entry.children, into: &html) }
            html += "</li>"
        }
        html += "</ol>"
    }
}
