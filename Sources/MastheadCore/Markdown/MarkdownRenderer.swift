import CMarkGFM
import Foundation

/// What rendering one Markdown body gives.
public struct RenderedMarkdown: Sendable {
    public var html: String
    /// Plain text of the first paragraph, for summaries.
    public var firstParagraph: String
    public var wordCount: Int
    public var headings: [Heading]
    public var diagnostics: [Diagnostic]

    public struct Heading: Sendable, Hashable {
        public var level: Int
        public var text: String
        public var id: String
    }
}

/// How a link or image destination written in Markdown should come out.
public enum LinkResolution: Sendable {
    case url(String)
    case error(String)
}

/// Turns GitHub-flavoured Markdown into HTML with cmark-gfm: tables, footnotes,
/// strikethrough, autolinks and task lists, plus stable heading ids.
public struct MarkdownRenderer: Sendable {
    public var options: MarkdownOptions
    /// Prefix for links and images that start with `/`.
    public var basePath: String
    /// Resolves destinations with a scheme of Masthead's own (`prize:moka-pot`). Nil: left alone.
    public var resolveLink: @Sendable (String) -> LinkResolution? = { _ in nil }
    /// Renders fenced blocks whose info string names a Masthead block (`chart`, `kpi`, ...).
    public var renderFencedBlock: @Sendable (_ info: String, _ body: String, _ line: Int) -> (html: String, diagnostics: [Diagnostic])? = { _, _, _ in nil }

    /// Words the renderer adds for screen readers, in the site's language.
    public var labels: Labels

    /// Serialises `cmark_parser_finish`: see `render`.
    private static let inlineParsing = NSLock()

    public init(options: MarkdownOptions, basePath: String = "/", language: String = "en") {
        self.options = options
        self.basePath = basePath
        labels = Labels(language: language)
    }

    /// `lineOffset` is the number of lines before the body in its file (the front matter),
    /// so diagnostics point at the right line of the file.
    public func render(_ markdown: String, file: String, lineOffset: Int = 0) -> RenderedMarkdown {
        cmark_gfm_core_extensions_ensure_registered()
        // Style attributes rather than HTML5's obsolete `align` on table cells.
        var cmarkOptions = CMARK_OPT_FOOTNOTES | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_GITHUB_PRE_LANG | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES
        if options.smartPunctuation { cmarkOptions |= CMARK_OPT_SMART }
        if options.rawHTML { cmarkOptions |= CMARK_OPT_UNSAFE }

        guard let parser = cmark_parser_new(cmarkOptions) else {
            return RenderedMarkdown(html: "", firstParagraph: "", wordCount: 0, headings: [], diagnostics: [
                Diagnostic(.error, "Markdown: the parser could not start", file: file),
            ])
        }
        defer { cmark_parser_free(parser) }
        var extensionNames = ["table", "strikethrough", "autolink", "tasklist"]
        if options.rawHTML { extensionNames.append("tagfilter") }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var utf8 = Array(markdown.utf8)
        utf8.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                cmark_parser_feed(parser, pointer, buffer.count)
            }
        }
        // cmark-gfm parses inlines against a global table of special characters: every parse
        // switches its extensions' characters on, then off again (`~` for strikethrough, `:`
        // and `w` for autolinks). Two parses finishing at once on two threads switch them off
        // under each other, and `~~text~~` came out as is, at random. Block parsing (the feed
        // above) and HTML rendering stay parallel.
        Self.inlineParsing.lock()
        let finished = cmark_parser_finish(parser)
        Self.inlineParsing.unlock()
        guard let document = finished else {
            return RenderedMarkdown(html: "", firstParagraph: "", wordCount: 0, headings: [], diagnostics: [])
        }
        defer { cmark_node_free(document) }

        var diagnostics: [Diagnostic] = []
        let plainText = Self.plainText(of: document)
        let wordCount = plainText.wordCount
        var firstParagraph = ""
        var headingNodes: [OpaquePointer] = []
        var fencedNodes: [OpaquePointer] = []

        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                headingNodes.append(node)
            case CMARK_NODE_PARAGRAPH where firstParagraph.isEmpty:
                if cmark_node_get_type(cmark_node_parent(node)) == CMARK_NODE_DOCUMENT {
                    firstParagraph = Self.plainText(of: node).trimmingCharacters(in: .whitespacesAndNewlines)
                }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if let problem = rewriteDestination(of: node) {
                    diagnostics.append(Diagnostic(.error, problem, file: file,
                                                  line: Int(cmark_node_get_start_line(node)) + lineOffset,
                                                  column: Int(cmark_node_get_start_column(node))))
                }
            case CMARK_NODE_CODE_BLOCK:
                var length: Int32 = 0, offset: Int32 = 0
                var character: CChar = 0
                if cmark_node_get_fenced(node, &length, &offset, &character) != 0 { fencedNodes.append(node) }
            default:
                break
            }
        }

        let headings = Self.addHeadingIDs(headingNodes, anchorLabel: labels.headingAnchor)
        for node in fencedNodes {
            let info = Self.string(cmark_node_get_fence_info(node)).trimmingCharacters(in: .whitespaces)
            let body = Self.string(cmark_node_get_literal(node))
            let line = Int(cmark_node_get_start_line(node)) + lineOffset
            guard let block = renderFencedBlock(info, body, line) else { continue }
            // The hook does not know the file: problems it gives with no file are about this one.
            diagnostics += block.diagnostics.map { problem in
                var problem = problem
                if problem.file.isEmpty { problem.file = file }
                return problem
            }
            Self.replace(node, withHTML: block.html)
        }

        let rendered = cmark_render_html(document, cmarkOptions, cmark_parser_get_syntax_extensions(parser))
        var html = rendered.map { String(cString: $0) } ?? ""
        free(rendered)
        html = labelForScreenReaders(html)
        // cmark puts custom blocks' content on lines of its own; headings read better inline.
        for heading in headings {
            html = html.replacingLiteral("<h\(heading.level) id=\"\(heading.id)\">\n", with: "<h\(heading.level) id=\"\(heading.id)\">")
                .replacingLiteral("\n<a class=\"heading-anchor\" href=\"#\(heading.id)\"", with: "<a class=\"heading-anchor\" href=\"#\(heading.id)\"")
        }
        return RenderedMarkdown(html: html, firstParagraph: firstParagraph, wordCount: wordCount,
                                headings: headings, diagnostics: diagnostics)
    }

    /// cmark writes English labels and unlabelled task checkboxes; give them words in the site's language.
    private func labelForScreenReaders(_ html: String) -> String {
        var html = html
        if html.containsLiteral("type=\"checkbox\"") {
            html = html.replacingLiteral("<input type=\"checkbox\" checked=\"\" disabled=\"\" />",
                                             with: "<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"\(XML.escape(labels.taskDone))\" />")
                .replacingLiteral("<input type=\"checkbox\" disabled=\"\" />",
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

    /// Wraps each heading's content in `<hN id="slug">…<a class="heading-anchor">` so
    /// readers can link to any section. Ids are unique within the document.
    private static func addHeadingIDs(_ nodes: [OpaquePointer], anchorLabel: String) -> [RenderedMarkdown.Heading] {
        var used = Set<String>()
        var headings: [RenderedMarkdown.Heading] = []
        for node in nodes {
            let level = Int(cmark_node_get_heading_level(node))
            let text = plainText(of: node).trimmingCharacters(in: .whitespacesAndNewlines)
            var base = Slug.make(text)
            if base.isEmpty { base = "section" }
            var id = base
            var suffix = 0
            while used.contains(id) {
                suffix += 1
                id = "\(base)-\(suffix)"
            }
            used.insert(id)
            headings.append(.init(level: level, text: text, id: id))

            guard let wrapper = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            cmark_node_set_on_enter(wrapper, "<h\(level) id=\"\(id)\">")
            cmark_node_set_on_exit(wrapper, "<a class=\"heading-anchor\" href=\"#\(id)\" aria-label=\"\(XML.escape(anchorLabel))\">#</a></h\(level)>")
            while let child = cmark_node_first_child(node) {
                cmark_node_unlink(child)
                cmark_node_append_child(wrapper, child)
            }
            cmark_node_insert_before(node, wrapper)
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        return headings
    }

    private static func replace(_ node: OpaquePointer, withHTML html: String) {
        guard let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return }
        cmark_node_set_on_enter(block, html)
        cmark_node_set_on_exit(block, "")
        cmark_node_insert_before(node, block)
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    static func plainText(of node: OpaquePointer) -> String {
        guard let rendered = cmark_render_plaintext(node, CMARK_OPT_DEFAULT, 0) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
