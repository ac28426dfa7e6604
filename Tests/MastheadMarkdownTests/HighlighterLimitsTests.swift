import Foundation
import Testing

@testable import MastheadMarkdown

/// A code block cannot crash the build or hold it up (issue 56): fence options range-checked,
/// nesting bounded with a warning, every lexer linear in its input.
@Suite("Highlighter limits")
struct HighlighterLimitsTests {
    static func render(_ markdown: String) -> RenderedMarkdown {
        MarkdownRenderer(options: MarkdownOptions()).render(markdown, file: "a.md", lineOffset: 4)
    }

    /// Seconds `work` takes.
    static func seconds(_ work: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("an option with no key (`{=}`, `{a, =}`) is an error at it, not a crash")
    func optionWithoutKey() {
        let rendered = Self.render("Text.\n\n```python {=}\npass\n```\n\n```python {a, =}\npass\n```\n")
        #expect(
            rendered.diagnostics.map(\.description) == [
                "a.md:7:12: error: expected an option like linenos=true, got \"=\"",
                "a.md:11:12: warning: unknown code block option \"a\"; Masthead reads linenos, linenostart and hl_lines",
                "a.md:11:15: error: expected an option like linenos=true, got \"=\""
            ])
    }

    @Test("linenostart past a billion is an error at it, not an overflow")
    func lineNumberOverflow() {
        for start in ["9223372036854775807", "9223372036854775806", "1000000001"] {
            let rendered = Self.render("```go {linenos=true linenostart=\(start)}\na\nb\n```\n")
            #expect(
                rendered.diagnostics.map(\.description) == [
                    "a.md:5:21: error: linenostart: expected a whole number from 0 to 1000000000, got \"\(start)\""
                ])
        }
        let last = Self.render("```go {linenos=true linenostart=1000000000}\na\nb\n```\n")
        #expect(last.diagnostics.isEmpty)
        #expect(last.html.contains("<span class=\"ln\">1000000001</span>"))
    }

    @Test("strings and code nested 30,000 deep: shown plain with a warning at the fence, no stack overflow")
    func deepNesting() {
        let cases = [
            ("javascript", String(repeating: "`${", count: 30_000)),
            ("typescript", String(repeating: "`${", count: 30_000)),
            ("python", String(repeating: "f\"{", count: 30_000)),
            ("swift", String(repeating: "\"\\(", count: 30_000))
        ]
        for (language, code) in cases {
            var rendered: RenderedMarkdown?
            let seconds = Self.seconds { rendered = Self.render("Text.\n\n```\(language)\n\(code)\n```\n") }
            #expect(seconds < 5, "\(language): \(seconds) s")
            #expect(
                rendered?.diagnostics.map(\.description) == [
                    "a.md:7:4: warning: \(CodeHighlighter.tooDeepWarning)"
                ], "\(language)")
            // Every byte shown, none highlighted.
            #expect(rendered?.html.contains("<span class=\"cl\">\(code.prefix(30).replacingOccurrences(of: "\"", with: "&quot;"))") == true)
            #expect(rendered?.html.contains("class=\"si\"") == false)
        }
        // Sixteen levels are still highlighted.
        let fine = Self.render("```javascript\n" + String(repeating: "`${", count: 16) + "\n```\n")
        #expect(fine.diagnostics.isEmpty)
        #expect(fine.html.contains("class=\"si\""))
    }

    @Test("a Markdown block of `*[` is read in linear time: 512 KB in seconds, not minutes")
    func markdownLexerLinear() {
        let code = String(repeating: "*[", count: 256 * 1024)
        var rendered: RenderedMarkdown?
        let seconds = Self.seconds { rendered = Self.render("```markdown\n\(code)\n```\n") }
        #expect(seconds < 10, "\(seconds) s")
        #expect(rendered?.html.contains("<span class=\"ge\">*[*</span>") == true)
        // Spaces after a word on one long line, and `[a](` never closed: each read once too.
        for code in [
            "x" + String(repeating: " ", count: 512 * 1024), String(repeating: "[a](", count: 128 * 1024)
        ] {
            let seconds = Self.seconds { _ = CodeHighlighter.tokens(code, language: "markdown") }
            #expect(seconds < 10, "\(seconds) s")
        }
    }

    @Test("CSS `a:b` words in a block before a `{`, TOML lines, interpolations one after another, HTML attributes: linear")
    func otherLexersLinear() {
        let cases = [
            ("css", "x{" + String(repeating: "a:b ", count: 128 * 1024) + "{"),
            ("toml", String(repeating: "a = 1\n", count: 80_000)),
            ("javascript", "`" + String(repeating: "${a}", count: 128 * 1024) + "`"),
            ("html", String(repeating: "<a b=\"c\" d='e' &amp; ", count: 16 * 1024))
        ]
        for (language, code) in cases {
            let seconds = Self.seconds { _ = CodeHighlighter.tokens(code, language: language) }
            #expect(seconds < 10, "\(language): \(seconds) s")
        }
    }

    @Test("hl_lines: wide ranges cost nothing, more than 1,000 items is an error at the option")
    func highlightedLinesBounded() {
        let ranges = Array(repeating: "\"1-999999999\"", count: 1_000).joined(separator: ",")
        var rendered: RenderedMarkdown?
        let seconds = Self.seconds { rendered = Self.render("```go {hl_lines=[\(ranges)]}\na\n```\n") }
        #expect(seconds < 2, "\(seconds) s")
        #expect(rendered?.diagnostics.isEmpty == true)
        #expect(rendered?.html.contains("<span class=\"line hl\">") == true)
        let tooMany = (1...1_001).map(String.init).joined(separator: ",")
        #expect(
            Self.render("```go {hl_lines=[\(tooMany)]}\na\n```\n").diagnostics.map(\.description) == [
                "a.md:5:8: error: hl_lines: 1001 items; write at most 1000, with ranges like \"4-60\""
            ])
        #expect(
            Self.render("```go {hl_lines=[\"1-1000000001\"]}\na\n```\n").diagnostics.map(\.description) == [
                "a.md:5:8: error: hl_lines: expected line numbers like [2, \"4-6\"], got \"1-1000000001\""
            ])
    }
}
