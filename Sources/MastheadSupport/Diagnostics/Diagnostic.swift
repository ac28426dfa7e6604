/// One problem found in a run, printed as `path:line:column: severity: message`.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    public var severity: Severity
    /// Path relative to the site folder, e.g. `Content/articles/moka.md`. One line, as the
    /// message (`oneLine`).
    package var file: String { didSet { file = Self.oneLine(file) } }
    /// 1-based; nil when the problem concerns the whole file. In a CSV file, the row
    /// (`CSVRecordStream`: the header is row 1; a line break inside quotes is not a new row).
    package var line: Int?
    /// 1-based, counted in characters (Unicode scalars, as libyaml counts them), a tab being
    /// one: `é` or `日` before the place count one each. In a CSV file, the field's number.
    package var column: Int?
    /// Always one line (`oneLine`), whatever text it quotes: a diagnostic is one line of
    /// `path:line:column: severity: message`, the form editors and the build cache read back.
    package var message: String { didSet { message = Self.oneLine(message) } }

    package init(_ severity: Severity, _ message: String, file: String, line: Int? = nil, column: Int? = nil) {
        self.severity = severity
        self.file = Self.oneLine(file)
        self.line = line
        self.column = column
        self.message = Self.oneLine(message)
    }

    /// `text` with every line break written as an escape (`\n`, `\r`, `\u{2028}`), so a
    /// message quoting a file name or a value with one stays on its line.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isLineBreak) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\u{0B}": result += "\\v"
            case "\u{0C}": result += "\\f"
            case _ where isLineBreak(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// What a terminal or an editor may start a new line at.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    package static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, message, file: location.file, line: location.line, column: location.column)
    }

    package static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, message, file: location.file, line: location.line, column: location.column)
    }

    public var description: String {
        var position = file
        if let line {
            position += ":\(line)"
            if let column { position += ":\(column)" }
        }
        return "\(position): \(severity.rawValue): \(message)"
    }
}

/// A place in a source file. Lines and columns are 1-based, as in `Diagnostic`.
package struct SourceLocation: Sendable, Hashable {
    package var file: String
    package var line: Int?
    package var column: Int?

    package init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }
}

extension Array where Element == Diagnostic {
    package var hasErrors: Bool { contains { $0.severity == .error } }
    package var errors: [Diagnostic] { filter { $0.severity == .error } }
    package var warnings: [Diagnostic] { filter { $0.severity == .warning } }

    /// File order, then position: the order editors expect to walk them in.
    package func sortedByPosition() -> [Diagnostic] {
        sorted {
            ($0.file, $0.line ?? 0, $0.column ?? 0, $0.message) < ($1.file, $1.line ?? 0, $1.column ?? 0, $1.message)
        }
    }

    /// Without repeats of the same problem at the same place (keeps the first of each).
    package func removingRepeats() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return filter { seen.insert($0).inserted }
    }
}
