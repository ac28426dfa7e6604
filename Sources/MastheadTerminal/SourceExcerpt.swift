import MastheadSupport

/// The source line a diagnostic points at, with a caret under its column, printed below the
/// diagnostic as the Rust and Swift compilers do:
///
///     Content/articles/b.md:3:7: error: date: expected a date like 2026-03-14, got "someday"
///      3 | date: someday
///        |       ^
///
/// Columns count characters (Unicode scalars), except in CSV files, where a diagnostic's
/// column is the field's number. The caret lands under the character whatever precedes it: a
/// wide character (CJK, emoji) takes two columns, a combining mark none, and a tab is kept as
/// a tab under the line, so the terminal expands both alike.
struct SourceExcerpt: Equatable {
    var lineNumber: Int
    /// The line as shown: control characters made visible, cut around the caret when long.
    var text: String
    /// What goes before the caret under the line; nil when the diagnostic names no column.
    var padding: String?

    /// A longer line is shown cut to about this many columns around the caret.
    static let maximumWidth = 120

    /// The excerpt for `diagnostic`, or nil when it names no line or its file is not text there.
    static func of(_ diagnostic: Diagnostic, reading reader: SourceLineReader) -> SourceExcerpt? {
        guard let number = diagnostic.line else { return nil }
        if diagnostic.file.lowercasedPathExtension == "csv", let field = diagnostic.column {
            guard let found = reader.csvField(field, row: number, in: diagnostic.file) else { return nil }
            return SourceExcerpt(lineNumber: found.number, bytes: found.bytes, byteOffset: found.fieldOffset)
        }
        guard let found = reader.line(number, in: diagnostic.file) else { return nil }
        return SourceExcerpt(lineNumber: number, bytes: found.bytes, column: diagnostic.column)
    }

    /// `column` is 1-based, in Unicode scalars; `byteOffset` places the caret by the line's
    /// bytes instead. Nil for a line that is not text (it holds a NUL byte).
    init?(lineNumber: Int, bytes: [UInt8], column: Int? = nil, byteOffset: Int? = nil) {
        guard !bytes.contains(0) else { return nil }
        self.lineNumber = lineNumber
        let line = TerminalText.printable(String(decoding: bytes, as: UTF8.self))
        let characters = Array(line)
        let target: Int?
        if let byteOffset {
            target = String(decoding: bytes[..<min(byteOffset, bytes.count)], as: UTF8.self).unicodeScalars.count
        } else {
            target = column.map { max($0, 1) - 1 }
        }
        // The character holding the target scalar (the end of the line when past it).
        var caret = characters.count
        if let target {
            var scalars = 0
            for (index, character) in characters.enumerated() {
                scalars += character.unicodeScalars.count
                if scalars > target {
                    caret = index
                    break
                }
            }
        }
        let widths = characters.map { $0 == "\t" ? 4 : TerminalText.width(of: $0) }
        var start = 0
        var end = characters.count
        if widths.reduce(0, +) > Self.maximumWidth {
            // Cut to the width: a third of it before the caret, the rest after.
            var before = 0
            start = min(caret, characters.count)
            while start > 0, before + widths[start - 1] <= Self.maximumWidth / 3 {
                start -= 1
                before += widths[start]
            }
            var used = 0
            end = start
            while end < characters.count, used + widths[end] <= Self.maximumWidth - 2 {
                used += widths[end]
                end += 1
            }
        }
        text = (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
        guard target != nil else {
            padding = nil
            return
        }
        var pad = start > 0 ? " " : ""
        for index in start..<min(caret, end) {
            pad += characters[index] == "\t" ? "\t" : String(repeating: " ", count: widths[index])
        }
        padding = pad
    }

    /// The two lines (one without a column), each ending with a line break.
    func rendered(style: TerminalStyle, severity: Diagnostic.Severity) -> String {
        let number = String(lineNumber)
        let blank = String(repeating: " ", count: number.count)
        var result = style.blue(" \(number) |") + " " + text + "\n"
        if let padding { result += style.blue(" \(blank) |") + " " + padding + style.marker("^", severity) + "\n" }
        return result
    }
}
