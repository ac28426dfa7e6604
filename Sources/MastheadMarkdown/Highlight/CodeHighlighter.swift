import MastheadSupport

/// Highlights a fenced code block at build time, without JavaScript: each token in a
/// `<span class="…">` named as Pygments and Chroma name it (`k`, `nf`, `s2`, `c1`, …), in
/// Hugo's Chroma markup, so any Chroma or Pygments theme applies:
///
///     <div class="highlight"><pre tabindex="0" class="chroma"><code class="language-swift" data-lang="swift">
///     <span class="line"><span class="cl">…</span></span>…</code></pre></div>
///
/// with `<span class="ln">` before each line when numbered and `line hl` on highlighted lines.
public enum CodeHighlighter {
    /// Fence names and what reads them (Pygments' and Hugo's usual aliases).
    static let lexers: [String: @Sendable (inout CodeScanner) -> Void] = {
        var lexers: [String: @Sendable (inout CodeScanner) -> Void] = [:]
        func add(_ names: String, _ lexer: @escaping @Sendable (inout CodeScanner) -> Void) {
            for name in names.split(separator: " ") { lexers[String(name)] = lexer }
        }
        add("swift", { WordLexer(language: CodeLanguages.swift).lex(&$0) })
        add("python py python3", { WordLexer(language: CodeLanguages.python).lex(&$0) })
        add("javascript js mjs cjs", { WordLexer(language: CodeLanguages.javaScript).lex(&$0) })
        add("typescript ts", { WordLexer(language: CodeLanguages.typeScript).lex(&$0) })
        add("sql sqlite postgresql", { WordLexer(language: CodeLanguages.sql).lex(&$0) })
        add("json", DataLexers.json)
        add("yaml yml", DataLexers.yaml)
        add("toml", DataLexers.toml)
        add("html htm", MarkupLexers.html)
        add("markdown md", MarkupLexers.markdown)
        add("diff patch udiff", MarkupLexers.diff)
        add("css", StyleAndShellLexers.css)
        add("shell sh bash zsh", StyleAndShellLexers.shell)
        return lexers
    }()

    /// Whether `language` (a fence's first word) is one Masthead highlights.
    package static func knows(_ language: String) -> Bool { lexers[language.lowercased()] != nil }

    /// The code scanned into tokens by its language's lexer; nil for a language Masthead does not know.
    static func scan(_ code: String, language: String) -> CodeScanner? {
        guard let lexer = lexers[language.lowercased()] else { return nil }
        var scanner = CodeScanner(code)
        lexer(&scanner)
        return scanner
    }

    /// The code's tokens, each its text and class (empty for plain text); nil for a language Masthead does not know.
    static func tokens(_ code: String, language: String) -> [(text: String, kind: String)]? {
        scan(code, language: language).map { scanner in
            scanner.tokens.map { (String(decoding: scanner.bytes[$0.start..<$0.end], as: UTF8.self), $0.kind) }
        }
    }

    /// The block's HTML, or nil when cmark's own `<pre><code>` is what it should stay: a language
    /// Masthead does not highlight and no options. Problems with the options are reported with
    /// their offset in the info string.
    public static func render(info: String, code: String) -> (html: String, problems: [(offset: Int, message: String)])? {
        let options = FenceOptions(info: info)
        var scanner = scan(code, language: options.language)
        guard scanner != nil || options.hasOptions else { return nil }
        var problems = options.problems
        if scanner?.tooDeep == true {
            // Shown as it is, every byte still there: better than a half-read block.
            scanner = nil
            problems.append((0, Self.tooDeepWarning))
        }
        let bytes = scanner?.bytes ?? ArraySlice(code.utf8)
        // Written as bytes and made a String once: a String per token (decoded, then escaped and
        // appended) cost more than lexing the code.
        var html = HTMLBytes(capacity: bytes.count * 4 + 160)
        html.append("<div class=\"highlight\"><pre tabindex=\"0\" class=\"chroma\"><code")
        if !options.language.isEmpty {
            let language = XML.escape(options.language)
            html.append(string: " class=\"language-\(language)\" data-lang=\"\(language)\"")
        }
        html.append(">")
        var lines = Lines(options: options)
        for token in scanner?.tokens ?? [(0, bytes.count, "")] {
            // A token over several lines (a block comment) is closed and opened again on each.
            var start = token.start
            while true {
                let end = bytes[start..<token.end].firstIndex(of: 0x0A) ?? token.end
                if end > start {
                    lines.start(into: &html)
                    if !token.kind.isEmpty {
                        html.append("<span class=\"")
                        html.append(string: token.kind)
                        html.append("\">")
                    }
                    html.appendEscaped(bytes[start..<end])
                    if !token.kind.isEmpty { html.append("</span>") }
                }
                guard end < token.end else { break }
                lines.end(into: &html)
                start = end + 1
            }
        }
        if lines.open { lines.end(into: &html, last: true) }
        html.append("</code></pre></div>\n")
        return (html.string, problems)
    }

    /// What a block nested past `CodeScanner.maxDepth` gets: a warning, the block shown plain.
    static let tooDeepWarning =
        "code block: strings and code nested more than \(CodeScanner.maxDepth) levels deep; the block is shown without highlighting"

    /// HTML being written as UTF-8 bytes.
    struct HTMLBytes {
        private var bytes: [UInt8] = []

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        var string: String { String(decoding: bytes, as: UTF8.self) }

        /// Markup written in the code: copied from the binary's constant bytes.
        mutating func append(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func append(string text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        /// Code as text, escaped by `XML.replacement(for:)`. Every byte escaped is ASCII, which never
        /// occurs inside a longer UTF-8 sequence, so the bytes of a character pass through whole.
        mutating func appendEscaped(_ text: ArraySlice<UInt8>) {
            for byte in text {
                if let replacement = XML.replacement(for: byte, droppingControlCharacters: true) {
                    append(string: replacement)
                } else {
                    bytes.append(byte)
                }
            }
        }
    }

    /// Opens and closes each line's spans, numbering and marking them as the options ask.
    private struct Lines {
        let options: FenceOptions
        var number = 1
        var open = false

        init(options: FenceOptions) { self.options = options }

        mutating func start(into html: inout HTMLBytes) {
            guard !open else { return }
            open = true
            html.append(options.highlightedLines.contains(number) ? "<span class=\"line hl\">" : "<span class=\"line\">")
            if options.lineNumbers { html.append(string: "<span class=\"ln\">\(options.firstLineNumber + number - 1)</span>") }
            html.append("<span class=\"cl\">")
        }

        /// Ends the line with its newline (cmark's code ends with one, so the last line has it too).
        mutating func end(into html: inout HTMLBytes, last: Bool = false) {
            start(into: &html)
            html.append(last ? "</span></span>" : "\n</span></span>")
            open = false
            number += 1
        }
    }
}
