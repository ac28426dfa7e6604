import Foundation
import Testing

@testable import MastheadSupport
@testable import MastheadTerminal

/// The source line under a diagnostic and the progress line, as the terminal shows them.
@Suite("source excerpts and the progress line")
struct SourceExcerptTests {
    func excerpt(_ line: String, column: Int?) throws -> SourceExcerpt {
        try #require(SourceExcerpt(lineNumber: 7, bytes: Array(line.utf8), column: column))
    }

    @Test("the caret counts columns on screen: wide characters take two, a combining accent none")
    func widths() throws {
        #expect(try excerpt("日本語x", column: 4).padding == String(repeating: " ", count: 6))
        #expect(try excerpt("🙂 x", column: 3).padding == String(repeating: " ", count: 3))
        // e + U+0301 is two characters in the diagnostic's count and one column on screen.
        #expect(try excerpt("e\u{301}x", column: 3).padding == " ")
        #expect(try excerpt("\tkey:\tvalue", column: 7).padding == "\t    \t")
    }

    @Test("the two lines, with the line number in the gutter")
    func rendered() throws {
        let shown = try excerpt("date: someday", column: 7).rendered(style: .plain, severity: .error)
        #expect(shown == " 7 | date: someday\n   |       ^\n")
        let coloured = try excerpt("date: someday", column: 7).rendered(style: TerminalStyle(colors: true), severity: .warning)
        #expect(coloured == "\u{1B}[1;94m 7 |\u{1B}[0m date: someday\n\u{1B}[1;94m   |\u{1B}[0m       \u{1B}[1;33m^\u{1B}[0m\n")
        #expect(try excerpt("date: someday", column: nil).rendered(style: .plain, severity: .error) == " 7 | date: someday\n")
    }

    @Test("a column past the end of the line puts the caret just after it")
    func pastTheEnd() throws {
        #expect(try excerpt("abc", column: 9).padding == "   ")
    }

    @Test("a long line is cut around the caret, with an ellipsis where text is left out")
    func longLine() throws {
        let line = String(repeating: "a", count: 399) + "X" + String(repeating: "b", count: 300)
        let shown = try excerpt(line, column: 400)
        #expect(shown.text.hasPrefix("…"))
        #expect(shown.text.hasSuffix("…"))
        #expect(shown.text.count <= SourceExcerpt.maximumWidth)
        let padding = try #require(shown.padding)
        #expect(Array(shown.text)[padding.count] == "X")
    }

    @Test("control characters in a source line are shown, not sent to the terminal")
    func controlCharacters() throws {
        let shown = try excerpt("title: \u{1B}[31mred\u{7}", column: 8)
        #expect(shown.text == "title: \u{241B}[31mred\u{2407}")
        #expect(shown.padding == String(repeating: " ", count: 7))
        #expect(SourceExcerpt(lineNumber: 1, bytes: [0x61, 0x00, 0x62], column: 1) == nil, "a NUL byte: not text")
    }

    @Test("a diagnostic's message with an escape code is printed with it made visible")
    func controlCharactersInMessages() {
        let printer = DiagnosticPrinter()
        let text = printer.text([Diagnostic(.error, "got \"\u{1B}[2J\"", file: "Content/a.md", line: 2, column: 1)])
        #expect(text == "Content/a.md:2:1: error: got \"\u{241B}[2J\"\n")
    }

    @Test("diagnostics kept as text by the build cache read back to the same diagnostics")
    func parsingDescriptions() {
        let diagnostics = [
            Diagnostic(.warning, "unknown front matter key 'x'; did you mean 'y'?", file: "Content/articles/a.md", line: 5, column: 1),
            Diagnostic(.error, "date: got \"x: warning: y\"", file: "Content/a:b.md", line: 3),
            Diagnostic(.warning, "symbolic link to a folder: not followed", file: "Content/static/x")
        ]
        for diagnostic in diagnostics {
            #expect(Diagnostic(description: diagnostic.description) == diagnostic)
        }
        #expect(Diagnostic(description: "no place here") == nil)
    }

    @Test("the progress line: stage, bar, done of total, rate and time left, cut to the terminal's width")
    func progressLine() {
        let full = TerminalProgress.line(
            stage: .rendering, done: 4096, total: 10021, elapsed: 4.2, stageElapsed: 2,
            width: 100, style: .plain)
        #expect(full == "  4.2 s  rendering [========>           ]  4,096/10,021 pages  2,048/s  about 3 s left")
        let narrow = TerminalProgress.line(
            stage: .rendering, done: 4096, total: 10021, elapsed: 4.2, stageElapsed: 2,
            width: 50, style: .plain)
        #expect(narrow == "  4.2 s  rendering  4,096/10,021 pages  2,048/s")
        let unknown = TerminalProgress.line(stage: .resolving, done: 0, total: nil, elapsed: 61, stageElapsed: 1, width: 79, style: .plain)
        #expect(unknown == " 61.0 s  resolving")
        #expect(TerminalProgress.duration(65) == "1 min 5 s")
    }
}
