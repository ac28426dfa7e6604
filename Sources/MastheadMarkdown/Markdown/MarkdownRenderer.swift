import CMarkGFM
import Foundation
import MastheadImages
import MastheadSupport

/// What rendering one Markdown body gives.
public struct RenderedMarkdown: Sendable {
    package var html: String
    /// Plain text of the first paragraph, for summaries.
    package var firstParagraph: String
    package var wordCount: Int
    package var headings: [Heading]
    package var diagnostics: [Diagnostic]
    /// Images on the site to be processed, each left in `html` as a marker (`ImageMarkup`).
    package var images: [MarkdownImage] = []

    package struct Heading: Sendable, Hashable {
        package var level: Int
        package var text: String
        package var id: String
    }
}

/// What a fenced block of Masthead's own gives in place of the code: its HTML, with a marker
/// for each image it names (`ImageMarkup`), and its problems.
package struct RenderedBlock: Sendable {
    package var html: String
    package var diagnostics: [Diagnostic]
    package var images: [MarkdownImage]

    package init(html: String, diagnostics: [Diagnostic], images: [MarkdownImage] = []) {
        self.html = html
        self.diagnostics = diagnostics
        self.images = images
    }
}

/// How a link or image destination written in Markdown should come out.
package enum LinkResolution: Sendable {
    case url(String)
    case error(String)
}

/// Turns GitHub-flavoured Markdown into HTML with cmark-gfm: tables, footnotes,
/// strikethrough, autolinks and task lists, plus stable heading ids.
public struct MarkdownRenderer: Sendable {
    package var options: MarkdownOptions
    /// Prefix for links and images that start with `/`.
    package var basePath: String
    /// Resolves destinations with a scheme of Masthead's own (`prize:moka-pot`). Nil: left alone.
    package var resolveLink: @Sendable (String) -> LinkResolution? = { _ in nil }
    /// Renders fenced blocks whose info string names a Masthead block (`chart`, `kpi`, ...).
    package var renderFencedBlock:
        @Sendable (_ info: String, _ body: String, _ line: Int, _ file: String)
            -> (html: String, diagnostics: [Diagnostic])? = { _, _, _, _ in nil }

    /// Renders fenced blocks that put media between paragraphs (`video`, `map`, `photos`, `pullquote`:
    /// `MediaBlocks`). Images it names stand in its HTML as `markers` give them.
    package var renderMediaBlock: @Sendable (_ info: String, _ body: String, _ fence: SourceLocation, _ markers: ImageMarkers) -> RenderedBlock? = {
        _, _, _, _ in nil
    }

    /// Words the renderer adds for screen readers, in the site's language.
    package var labels: Labels

    /// cmark-gfm's registration of its extensions, done once: it tests and sets a plain static
    /// flag, and two first parses on two threads registered the extensions twice into a list
    /// every parser then reads (a parse aborted in cmark-gfm's block finalizer, now and then,
    /// at the start of a large build). A static `let` is initialised once, under a lock.
    static let extensionsRegistered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// Serialises `cmark_parser_finish`: see `parse`.
    static let inlineParsing = Locked(())

    public init(options: MarkdownOptions, basePath: String = "/", language: String = "en") {
        self.options = options
        self.basePath = basePath
        labels = Labels(language: language)
    }

    /// A long body is parsed a part at a time, each part about this many bytes (see `nextPart`).
    var partSize = 1 << 20

    /// `lineOffset` is the number of lines before the body in its file (the front matter),
    /// so diagnostics point at the right line of the file.
    public func render(_ markdown: String, file: String, lineOffset: Int = 0) -> RenderedMarkdown {
        var markdown = markdown
        markdown.makeContiguousUTF8()
        let rendered = markdown.utf8.withContiguousStorageIfAvailable { render(bytes: $0, file: file, lineOffset: lineOffset) }
        return rendered ?? Array(markdown.utf8).withUnsafeBufferPointer { render(bytes: $0, file: file, lineOffset: lineOffset) }
    }

    /// What the parts of one body have given so far.
    private struct Progress {
        /// Each part's HTML, for `joinedHTML`.
        var html: [String] = []
        var firstParagraph = ""
        var wordCount = 0
        var headings: [RenderedMarkdown.Heading] = []
        var diagnostics: [Diagnostic] = []
        var headingIDs = HeadingIDs()
        var images: [MarkdownImage] = []
        /// The key of the body's image markers: one its text does not hold.
        var markerKey = ""

        /// One string of exactly the size needed, each part let go once copied: never twice the
        /// HTML of a long body in memory.
        mutating func joinedHTML() -> String {
            guard html.count > 1 else { return html.first ?? "" }
            var joined = ""
            joined.reserveCapacity(html.reduce(0) { $0 + $1.utf8.count })
            for index in html.indices {
                joined += html[index]
                html[index] = ""
            }
            return joined
        }
    }

    private func render(bytes: UnsafeBufferPointer<UInt8>, file: String, lineOffset: Int) -> RenderedMarkdown {
        // Each `>` or `- ` on a line nests one level more, 40,000 on one line too: deeper than anyone
        // writes, and the plain text indents every line of such an item by its depth (gigabytes for
        // a few megabytes of text).
        if let place = MarkdownNesting.firstTooDeep(in: bytes, limit: options.maxNesting) {
            return RenderedMarkdown(
                html: "", firstParagraph: "", wordCount: 0, headings: [],
                diagnostics: [
                    Diagnostic(
                        .error,
                        "Markdown: lists and block quotes nested deeper than \(options.maxNesting) levels; "
                            + "set markdown.maxNesting in site.yml to allow more", file: file, line: place.line + lineOffset, column: place.column)
                ])
        }
        if let problem = MarkdownWorkload.firstProblem(in: bytes) {
            return RenderedMarkdown(
                html: "", firstParagraph: "", wordCount: 0, headings: [],
                diagnostics: [
                    Diagnostic(
                        .error, problem.message, file: file, line: problem.line + lineOffset,
                        column: Self.characterColumn(problem.column, line: problem.line, in: bytes))
                ])
        }
        _ = Self.extensionsRegistered
        // Style attributes rather than HTML5's obsolete `align` on table cells.
        var cmarkOptions = CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_GITHUB_PRE_LANG | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
        if options.smartPunctuation { cmarkOptions |= CMARK_OPT_SMART }
        if options.rawHTML { cmarkOptions |= CMARK_OPT_UNSAFE }

        var progress = Progress()
        progress.markerKey = ImageMarkers(unusedIn: bytes).key
        // Link reference definitions and footnotes reach across the whole body: such a body is one part.
        let splittable = !Self.contains("]:", in: bytes) && !Self.contains("[^", in: bytes)
        var start = 0
        var linesBefore = 0
        repeat {
            var end = splittable ? Self.nextPart(in: bytes, from: start, size: partSize) ?? bytes.count : bytes.count
            var parsed = parse(UnsafeBufferPointer(rebasing: bytes[start..<end]), cmarkOptions: cmarkOptions)
            if let part = parsed, end < bytes.count,
                Self.endsInsideBlock(part.document, lines: bytes[start..<end].lazy.filter { $0 == UInt8(ascii: "\n") }.count)
            {
                // The part ends in an open code or HTML block: the rest is one part.
                cmark_node_free(part.document)
                cmark_parser_free(part.parser)
                end = bytes.count
                parsed = parse(UnsafeBufferPointer(rebasing: bytes[start..<end]), cmarkOptions: cmarkOptions)
            }
            guard let parsed else {
                return RenderedMarkdown(
                    html: "", firstParagraph: "", wordCount: 0, headings: [],
                    diagnostics: [
                        Diagnostic(.error, "Markdown: the parser could not start", file: file)
                    ])
            }
            render(
                parsed.document, parser: parsed.parser, text: UnsafeBufferPointer(rebasing: bytes[start..<end]),
                cmarkOptions: cmarkOptions, file: file, lineOffset: lineOffset + linesBefore, into: &progress)
            cmark_parser_free(parsed.parser)
            linesBefore += bytes[start..<end].lazy.filter { $0 == UInt8(ascii: "\n") }.count
            start = end
        } while start < bytes.count
        return RenderedMarkdown(
            html: progress.joinedHTML(), firstParagraph: progress.firstParagraph, wordCount: progress.wordCount,
            headings: progress.headings, diagnostics: progress.diagnostics, images: progress.images)
    }

    private func parse(_ bytes: UnsafeBufferPointer<UInt8>, cmarkOptions: Int32) -> (parser: OpaquePointer, document: OpaquePointer)? {
        guard let parser = cmark_parser_new(cmarkOptions) else { return nil }
        var extensionNames = ["table", "strikethrough", "autolink", "tasklist"]
        if options.rawHTML { extensionNames.append("tagfilter") }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        if let base = bytes.baseAddress {
            cmark_parser_feed(parser, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), bytes.count)
        }
        // cmark-gfm parses inlines against a global table of special characters: every parse
        // switches its extensions' characters on, then off again (`~` for strikethrough, `:`
        // and `w` for autolinks). Two parses finishing at once on two threads switch them off
        // under each other, and `~~text~~` came out as is, at random. Block parsing (the feed
        // above) and HTML rendering stay parallel.
        var document: OpaquePointer?
        Self.inlineParsing.withLock { _ in document = cmark_parser_finish(parser) }
        guard let document else {
            cmark_parser_free(parser)
            return nil
        }
        return (parser, document)
    }

    /// Renders one parsed part and frees it.
    private func render(
        _ document: OpaquePointer, parser: OpaquePointer, text: UnsafeBufferPointer<UInt8>, cmarkOptions: Int32,
        file: String, lineOffset: Int,
        into progress: inout Progress
    ) {
        progress.wordCount += PlainText.of(document).wordCount
        // Nodes taken out of the tree, freed only once it is rendered: an inline node's text may point
        // into its parent block's buffer (a heading's raw HTML does), and a heading's children move on
        // while the heading goes (`addHeadingIDs`). Freed at once, the moved HTML read freed memory.
        var detached: [OpaquePointer] = []
        var headingNodes: [OpaquePointer] = []
        var fencedNodes: [OpaquePointer] = []
        var imageNodes: [(node: OpaquePointer, line: Int, byteColumn: Int, destination: String)] = []

        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                headingNodes.append(node)
            case CMARK_NODE_PARAGRAPH where progress.firstParagraph.isEmpty:
                if cmark_node_get_type(cmark_node_parent(node)) == CMARK_NODE_DOCUMENT {
                    progress.firstParagraph = PlainText.of(node).trimmingWhitespace()
                }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if cmark_node_get_type(node) == CMARK_NODE_IMAGE {
                    imageNodes.append(
                        (node, Int(cmark_node_get_start_line(node)), Int(cmark_node_get_start_column(node)), Self.string(cmark_node_get_url(node))))
                }
                if let problem = rewriteDestination(of: node) {
                    progress.diagnostics.append(
                        Diagnostic(
                            .error, problem, file: file,
                            line: Int(cmark_node_get_start_line(node)) + lineOffset,
                            column: Self.characterColumn(
                                Int(cmark_node_get_start_column(node)),
                                line: Int(cmark_node_get_start_line(node)), in: text)))
                }
            case CMARK_NODE_HTML_BLOCK,
                CMARK_NODE_HTML_INLINE where options.rawHTML:
                // Ids written in raw HTML: headings take others, and a second of one is an error at its line.
                for id in Self.ids(inHTML: Self.string(cmark_node_get_literal(node))) where !progress.headingIDs.reserve(id) {
                    let line = Int(cmark_node_get_start_line(node))
                    progress.diagnostics.append(
                        Diagnostic(
                            .error, "duplicate id \"\(id)\" in raw HTML: an id names one element of the page; rename one",
                            file: file, line: line + lineOffset,
                            column: Self.characterColumn(Int(cmark_node_get_start_column(node)), line: line, in: text)))
                }
            case CMARK_NODE_CODE_BLOCK:
                var length: Int32 = 0
                var offset: Int32 = 0
                var character: CChar = 0
                if cmark_node_get_fenced(node, &length, &offset, &character) != 0 { fencedNodes.append(node) }
            default:
                break
            }
        }
        cmark_iter_free(iterator)

        if !imageNodes.isEmpty {
            // Line starts found once: 20,000 images in a body must not each count from its start.
            var lineStarts = [0]
            for index in text.indices where text[index] == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
            for (node, line, byteColumn, destination) in imageNodes {
                let start = lineStarts[min(max(line - 1, 0), lineStarts.count - 1)]
                let end = min(start + byteColumn - 1, text.count)
                let column = start <= end ? text[start..<end].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 } : byteColumn
                let location = SourceLocation(file: file, line: line + lineOffset, column: column)
                if let problem = SitePath.imageProblem(destination) { progress.diagnostics.append(.error("image: \(problem)", at: location)) }
                Self.replaceImage(
                    node, location: location, destination: destination, markers: ImageMarkers(key: progress.markerKey), cmarkOptions: cmarkOptions,
                    images: &progress.images, detached: &detached)
            }
        }
        progress.headings += Self.addHeadingIDs(headingNodes, ids: &progress.headingIDs, anchorLabel: labels.headingAnchor, detached: &detached)
        for node in fencedNodes {
            let info = Self.string(cmark_node_get_fence_info(node)).trimmingCharacters(in: .whitespaces)
            let body = Self.string(cmark_node_get_literal(node))
            let line = Int(cmark_node_get_start_line(node)) + lineOffset
            let markers = ImageMarkers(key: progress.markerKey, first: progress.images.count)
            if let media = renderMediaBlock(info, body, SourceLocation(file: file, line: line, column: 1), markers) {
                progress.diagnostics += media.diagnostics
                progress.images += media.images
                Self.replace(node, withHTML: media.html, detached: &detached)
                continue
            }
            guard let block = renderFencedBlock(info, body, line, file) else {
                highlight(node, info: info, code: body, at: SourceLocation(file: file, line: line, column: 1), into: &progress, detached: &detached)
                continue
            }
            // The hook does not know the file: problems it gives with no file are about this one.
            progress.diagnostics += block.diagnostics.map { problem in
                var problem = problem
                if problem.file.isEmpty { problem.file = file }
                return problem
            }
            Self.replace(node, withHTML: block.html, detached: &detached)
        }

        // cmark_render_html returns a buffer of its own (malloc), copied into a String and freed below.
        let rendered = cmark_render_html(document, cmarkOptions, cmark_parser_get_syntax_extensions(parser))
        // The tree is the largest thing here (several times the text): gone before the HTML is copied.
        cmark_node_free(document)
        for node in detached { cmark_node_free(node) }
        progress.html.append(labelForScreenReaders(rendered.map { String(cString: $0) } ?? ""))
        free(rendered)
    }

    /// A fenced code block in a language Masthead knows, or with options (`{linenos=true}`), highlighted
    /// (`CodeHighlighter`); others stay as cmark writes them. Problems with the options point at them.
    private func highlight(
        _ node: OpaquePointer, info: String, code: String, at fence: SourceLocation, into progress: inout Progress,
        detached: inout [OpaquePointer]
    ) {
        guard let highlighted = CodeHighlighter.render(info: info, code: code) else { return }
        var length: Int32 = 0
        var offset: Int32 = 0
        var character: CChar = 0
        _ = cmark_node_get_fenced(node, &length, &offset, &character)
        let infoColumn = Int(cmark_node_get_start_column(node)) + Int(length)
        for problem in highlighted.problems {
            // An option Masthead does not know is Hugo's or a typo: the block is still shown.
            // Too deep to highlight: shown plain.
            let warning = problem.message.hasPrefix("unknown") || problem.message == CodeHighlighter.tooDeepWarning
            let severity: Diagnostic.Severity = warning ? .warning : .error
            progress.diagnostics.append(
                Diagnostic(severity, problem.message, file: fence.file, line: fence.line, column: infoColumn + problem.offset))
        }
        Self.replace(node, withHTML: highlighted.html, detached: &detached)
    }

    /// The column in characters of a column in bytes (what cmark-gfm and `MarkdownWorkload` give)
    /// on line `line` of `text`: diagnostics count characters, so `é` before a link counts one.
    static func characterColumn(_ byteColumn: Int, line: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var start = 0
        for _ in 1..<max(line, 1) {
            guard let newline = text[start...].firstIndex(of: UInt8(ascii: "\n")) else { return byteColumn }
            start = newline + 1
        }
        let end = min(start + byteColumn - 1, text.count)
        guard start <= end else { return byteColumn }
        // Every byte but a UTF-8 continuation byte starts a character.
        return text[start..<end].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }

    /// Whether `needle` (two bytes) occurs in `bytes`.
    private static func contains(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = needle.utf8Start[0]
        let second = needle.utf8Start[1]
        guard bytes.count >= 2 else { return false }
        for index in 0..<(bytes.count - 1) where bytes[index] == first && bytes[index + 1] == second { return true }
        return false
    }

    /// Where the next part of a long body may start: at least `size` bytes after `start`, at a
    /// line that starts with a letter after a blank line. Lists and quotes end there, and so does
    /// everything else but a fenced code block or an HTML block left open, which `endsInsideBlock`
    /// catches. Parts give the same HTML, one after another, as the body in one piece, and cmark's
    /// tree of the whole body (several times its size) is never in memory at once.
    static func nextPart(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, size: Int) -> Int? {
        guard bytes.count - start > size else { return nil }
        let newline = UInt8(ascii: "\n")
        func isBlank(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        }
        // From the start of the line that holds byte `start + size`.
        var lineStart = start + size
        while lineStart > start, bytes[lineStart - 1] != newline { lineStart -= 1 }
        var previousBlank = false
        while lineStart < bytes.count {
            let letter = bytes[lineStart] | 0x20
            if previousBlank, letter >= UInt8(ascii: "a"), letter <= UInt8(ascii: "z") { return lineStart }
            var end = lineStart
            while end < bytes.count, bytes[end] != newline { end += 1 }
            previousBlank = isBlank(bytes[lineStart..<end])
            lineStart = end + 1
        }
        return nil
    }

    /// Whether the part's last block is a code or HTML block that runs to its last line: left open,
    /// it would go on in the next part.
    private static func endsInsideBlock(_ document: OpaquePointer, lines: Int) -> Bool {
        guard let last = cmark_node_last_child(document) else { return false }
        let type = cmark_node_get_type(last)
        return (type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK) && Int(cmark_node_get_end_line(last)) >= lines
    }

    /// cmark writes English labels and unlabelled task checkboxes; give them words in the site's language.
    private func labelForScreenReaders(_ html: String) -> String {
        var html = html
        if html.containsLiteral("type=\"checkbox\"") {
            html = html.replacingLiteral(
                "<input type=\"checkbox\" checked=\"\" disabled=\"\" />",
                with: "<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"\(XML.escape(labels.taskDone))\" />"
            )
            .replacingLiteral(
                "<input type=\"checkbox\" disabled=\"\" />",
                with: "<input type=\"checkbox\" disabled=\"\" aria-label=\"\(XML.escape(labels.taskToDo))\" />")
        }
        if html.containsLiteral("aria-label=\"Back to content\"") {
            html = html.replacingLiteral("aria-label=\"Back to content\"", with: "aria-label=\"\(XML.escape(labels.backToContent))\"")
        }
        return html
    }

    /// Prefixes site-absolute paths with the base path and resolves Masthead's own schemes.
    /// Returns a problem to report, if any.
    private func rewriteDestination(of node: OpaquePointer) -> String? {
        let destination = Self.string(cmark_node_get_url(node))
        if let resolution = resolveLink(destination) {
            switch resolution {
            case .url(let url): cmark_node_set_url(node, url)
            case .error(let message): return message
            }
        } else if destination.hasPrefix("/"), !destination.hasPrefix("//"), basePath != "/" {
            cmark_node_set_url(node, basePath + destination.dropFirst())
        }
        return nil
    }

    /// Ids given so far in one body: a repeated slug takes the first free `-1`, `-2`, … suffix.
    struct HeadingIDs {
        private var used = Set<String>()

        /// An id written in raw HTML, kept from headings; false when it was already used.
        mutating func reserve(_ id: String) -> Bool { used.insert(id).inserted }
        /// The last suffix each slug took: ids are only ever added, so the next free one is never
        /// below it (20,000 headings alike no longer try 1, 2, 3, … each time).
        private var lastSuffix: [String: Int] = [:]

        /// Beginnings of the ids cmark-gfm (footnotes: `fn-1`, `fnref-1`) and Masthead (a map block's
        /// `map-9`, a report block's `block-9-…`, a chart's `chart-…`) write in a body: a heading
        /// whose slug starts so takes `section-` before it (`## fn 1` is `section-fn-1`), never their id.
        static let reservedPrefixes = ["fn-", "fnref-", "map-", "block-", "chart-"]

        mutating func next(for text: String) -> String {
            var base = Slug.make(text)
            if base.isEmpty { base = "section" }
            if Self.reservedPrefixes.contains(where: { base.hasPrefix($0) }) { base = "section-" + base }
            var suffix = lastSuffix[base] ?? 0
            var id = suffix == 0 ? base : "\(base)-\(suffix)"
            while used.contains(id) {
                suffix += 1
                id = "\(base)-\(suffix)"
            }
            used.insert(id)
            lastSuffix[base] = suffix
            return id
        }
    }

    /// The values of `id="…"` and `id='…'` attributes in raw HTML.
    static func ids(inHTML html: String) -> [String] {
        guard html.contains("id=") else { return [] }
        var ids: [String] = []
        var rest = Substring(html)
        while let range = rest.range(of: "id=") {
            let before = rest[..<range.lowerBound].last
            rest = rest[range.upperBound...]
            guard before == " " || before == "\t" || before == "\n", let quote = rest.first, quote == "\"" || quote == "'" else { continue }
            let value = rest.dropFirst().prefix { $0 != quote }
            if !value.isEmpty { ids.append(String(value)) }
            rest = rest.dropFirst(value.count + 1)
        }
        return ids
    }

    /// Wraps each heading's content in `<hN id="slug">…<a class="heading-anchor">` so
    /// readers can link to any section.
    private static func addHeadingIDs(
        _ nodes: [OpaquePointer], ids: inout HeadingIDs, anchorLabel: String, detached: inout [OpaquePointer]
    ) -> [RenderedMarkdown.Heading] {
        var headings: [RenderedMarkdown.Heading] = []
        for node in nodes {
            let level = Int(cmark_node_get_heading_level(node))
            let text = PlainText.of(node).trimmingWhitespace()
            let id = ids.next(for: text)
            headings.append(.init(level: level, text: text, id: id))

            // A block around an inline holding the heading's content: cmark writes a custom
            // block's own text on lines of their own, an inline's where it stands.
            guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK), let inline = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(block, "")
            cmark_node_set_on_exit(block, "")
            cmark_node_set_on_enter(inline, "<h\(level) id=\"\(id)\">")
            cmark_node_set_on_exit(inline, "<a class=\"heading-anchor\" href=\"#\(id)\" aria-label=\"\(XML.escape(anchorLabel))\">#</a></h\(level)>")
            while let child = cmark_node_first_child(node) {
                cmark_node_unlink(child)
                cmark_node_append_child(inline, child)
            }
            cmark_node_append_child(block, inline)
            cmark_node_insert_before(node, block)
            cmark_node_unlink(node)
            // Its buffer holds the text of the raw HTML just moved: freed after rendering.
            detached.append(node)
        }
        return headings
    }

    /// An image alone in its paragraph with a title (`![alt](src "caption")`) becomes a
    /// `<figure>` with the title as its caption. An image on the site that Masthead processes
    /// becomes a marker, its `<picture>` written when the page is rendered. Any other `<img>` is
    /// cmark's own, so its URL goes through cmark's filter (`javascript:` is dropped unless raw HTML
    /// is on) and percent-encoding.
    private static func replaceImage(
        _ node: OpaquePointer, location: SourceLocation, destination: String, markers: ImageMarkers, cmarkOptions: Int32,
        images: inout [MarkdownImage], detached: inout [OpaquePointer]
    ) {
        let alt = PlainText.of(node).trimmingCharacters(in: .whitespacesAndNewlines)
        let title = string(cmark_node_get_title(node))
        let caption = title.isEmpty ? nil : title
        let processed = MarkdownImage.isSitePath(destination) && RasterImage.isRaster(destination)
        let paragraph = cmark_node_parent(node)
        let alone =
            paragraph.map {
                cmark_node_get_type($0) == CMARK_NODE_PARAGRAPH && cmark_node_first_child($0) == node && cmark_node_last_child($0) == node
            }
            ?? false
        let figure = caption != nil && alone
        // Any other image stays as cmark writes it.
        guard processed || figure else { return }
        let image: String
        if processed {
            image = markers.marker(images.count)
            images.append(
                MarkdownImage(
                    src: destination, alt: alt, caption: caption, title: figure ? nil : caption, location: location, marker: image))
        } else {
            // The caption is the figure's: not the image's title too.
            cmark_node_set_title(node, "")
            // cmark_render_html returns a buffer of its own: copied, then freed.
            let rendered = cmark_render_html(node, cmarkOptions, nil)
            image = rendered.map { String(cString: $0) } ?? ""
            free(rendered)
        }
        if let caption, figure, let paragraph {
            replace(paragraph, withHTML: "<figure>\n\(image)\n<figcaption>\(XML.escape(caption))</figcaption>\n</figure>\n", detached: &detached)
            return
        }
        guard let inline = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { return }
        cmark_node_set_on_enter(inline, image)
        cmark_node_set_on_exit(inline, "")
        cmark_node_insert_before(node, inline)
        cmark_node_unlink(node)
        detached.append(node)
    }

    /// `node` out of the tree, in `detached` to be freed after rendering, `html` in its place
    /// (cmark copies the string: `cmark_node_set_on_enter` keeps its own).
    private static func replace(_ node: OpaquePointer, withHTML html: String, detached: inout [OpaquePointer]) {
        guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        cmark_node_set_on_enter(block, html)
        cmark_node_set_on_exit(block, "")
        cmark_node_insert_before(node, block)
        cmark_node_unlink(node)
        detached.append(node)
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
