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
    public static func knows(_ language: String) -> Bool { lexers[language.lowercased()] != nil }

    /// The code's tokens, each its text and class (empty for plain text); nil for a language Masthead does not know.
    static func tokens(_ code: String, language: String) -> [(text: String, kind: String)]? {
        guard let lexer = lexers[language.lowercased()] else { return nil }
        var scanner = CodeScanner(code)
        lexer(&scanner)
        return scanner.tokens.map { (String(decoding: scanner.bytes[$0.start..<$0.end], as: UTF8.self), $0.kind) }
    }

    /// The block's HTML, or nil when cmark's own `<pre><code>` is what it should stay: a language
    /// Masthead does not highlight and no options. Problems with the options are reported with
    /// their offset in the info string.
    public static func render(info: String, code: String) -> (html: String, problems: [(offset: Int, message: String)])? {
        let options = FenceOptions(info: info)
        let tokens = tokens(code, language: options.language)
        guard tokens != nil || options.hasOptions else { return nil }
        var html = "<div class=\"highlight\"><pre tabindex=\"0\" class=\"chroma\"><code"
        if !options.language.isEmpty {
            let language = XML.escape(options.language)
            html += " class=\"language-\(language)\" data-lang=\"\(language)\""
        }
        html += ">"
        var lines = Lines(options: options)
        for (text, kind) in tokens ?? [(code, "")] {
            // A token over several lines (a block comment) is closed and opened again on each.
            var first = true
            for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { lines.end(into: &html) }
                first = false
                guard !piece.isEmpty else { continue }
                lines.start(into: &html)
                let escaped = XML.escape(String(piece))
                html += kind.isEmpty ? escaped : "<span class=\"\(kind)\">\(escaped)</span>"
            }
        }
        if lines.open { lines.end(into: &html, last: true) }
        html += "</code></pre></div>\n"
        return (html, options.problems)
    }

    /// Opens and closes each line's spans, numbering and marking them as the options ask.
    private struct Lines {
        let options: FenceOptions
        var number = 1
        var open = false

        init(options: FenceOptions) { self.options = options }

        mutating func start(into html: inout String) {
            guard !open else { return }
            open = true
            html += options.highlightedLines.contains(number) ? "<span class=\"line hl\">" : "<span class=\"line\">"
            if options.lineNumbers { html += "<span class=\"ln\">\(options.firstLineNumber + number - 1)</span>" }
            html += "<span class=\"cl\">"
        }

        /// Ends the line with its newline (cmark's code ends with one, so the last line has it too).
        mutating func end(into html: inout String, last: Bool = false) {
            start(into: &html)
            html += last ? "</span></span>" : "\n</span></span>"
            open = false
            number += 1
        }
    }
}
