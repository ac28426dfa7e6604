import Foundation

/// What a fenced code block's info string says, as Hugo spells it:
/// ```` ```swift {linenos=true hl_lines=[2,"4-6"] linenostart=10} ````.
struct FenceOptions: Equatable {
    var language = ""
    var lineNumbers = false
    /// The number of the first line, when numbered.
    var firstLineNumber = 1
    /// Lines to highlight, counted from 1 at the block's first line: ranges, not each line, so
    /// `hl_lines=["1-999999"]` costs what `hl_lines=[1]` does.
    var highlightedLines = IndexSet()
    /// Problems with the options: each message and the offset in the info string it is about.
    var problems: [(offset: Int, message: String)] = []

    static func == (left: FenceOptions, right: FenceOptions) -> Bool {
        left.language == right.language && left.lineNumbers == right.lineNumbers && left.firstLineNumber == right.firstLineNumber
            && left.highlightedLines == right.highlightedLines && left.problems.map(\.message) == right.problems.map(\.message)
    }

    /// Whether the info string has options in braces.
    var hasOptions = false

    init(info: String) {
        // Most fences name a language and nothing else.
        guard info.utf8.contains(UInt8(ascii: "{")) else {
            language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map { $0.lowercased() } ?? ""
            return
        }
        let characters = Array(info)
        let braceIndex = characters.firstIndex(of: "{")
        let head = String(characters[..<(braceIndex ?? characters.count)])
        language = head.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map { $0.lowercased() } ?? ""
        guard let braceIndex else { return }
        hasOptions = true
        let end = characters.lastIndex(of: "}") ?? characters.count
        guard end > braceIndex else { return }
        for (offset, key, value) in Self.pairs(characters, from: braceIndex + 1, to: end) {
            read(key: key, value: value, offset: offset)
        }
    }

    /// `key=value` pairs split by spaces or commas, a value in `[]` or quotes kept whole.
    private static func pairs(_ characters: [Character], from start: Int, to end: Int) -> [(Int, String, String)] {
        var pairs: [(Int, String, String)] = []
        var index = start
        while index < end {
            while index < end, characters[index] == " " || characters[index] == "," || characters[index] == "\t" { index += 1 }
            guard index < end else { break }
            let pairStart = index
            var depth = 0
            var quote: Character?
            while index < end {
                let character = characters[index]
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == "[" {
                    depth += 1
                } else if character == "]" {
                    depth -= 1
                } else if depth == 0, character == " " || character == "," || character == "\t" {
                    break
                }
                index += 1
            }
            let pair = String(characters[pairStart..<index])
            // Empty parts kept: `=` alone is an empty key, not no key at all.
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            pairs.append((pairStart, parts[0].lowercased(), parts.count > 1 ? parts[1] : ""))
        }
        return pairs
    }

    private mutating func read(key: String, value: String, offset: Int) {
        let unquoted = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        switch key {
        case "linenos":
            switch unquoted.lowercased() {
            case "true", "inline", "table": lineNumbers = true
            case "false": lineNumbers = false
            default: problems.append((offset, "linenos: expected true, false, inline or table, got \"\(value)\""))
            }
        case "linenostart":
            // Bounded so that the last line's number (this plus the block's lines) is always an Int.
            guard let number = Int(unquoted), (0...Self.maxLineNumber).contains(number) else {
                problems.append((offset, "linenostart: expected a whole number from 0 to \(Self.maxLineNumber), got \"\(value)\""))
                return
            }
            firstLineNumber = number
        case "hl_lines":
            readHighlightedLines(value, offset: offset)
        case "anchorlinenos", "lineanchors", "hl_inline", "style", "noclasses", "guesssyntax", "tabwidth", "codefences":
            break  // Hugo's, about what Masthead does one way only: accepted and left alone.
        case "":
            problems.append((offset, "expected an option like linenos=true, got \"=\(value)\""))
        default:
            problems.append((offset, "unknown code block option \"\(key)\"; Masthead reads linenos, linenostart and hl_lines"))
        }
    }

    /// The largest line number an option may give (`linenostart`, `hl_lines`).
    static let maxLineNumber = 1_000_000_000
    /// The most items `hl_lines` may list: more is not a list a person wrote.
    static let maxHighlightItems = 1_000

    /// `[2,"4-6"]`, `"2 4-6"` or `2`.
    private mutating func readHighlightedLines(_ value: String, offset: Int) {
        let items = value.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            .split(whereSeparator: { $0 == "," || $0 == " " })
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")) }
            .filter { !$0.isEmpty }
        guard items.count <= Self.maxHighlightItems else {
            problems.append((offset, "hl_lines: \(items.count) items; write at most \(Self.maxHighlightItems), with ranges like \"4-60\""))
            return
        }
        let lines = 1...Self.maxLineNumber
        for item in items {
            let bounds = item.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            if bounds.count == 1, let line = bounds[0], lines.contains(line) {
                highlightedLines.insert(line)
            } else if bounds.count == 2, let first = bounds[0], let last = bounds[1], lines.contains(first), lines.contains(last), first <= last {
                highlightedLines.insert(integersIn: first...last)
            } else {
                problems.append((offset, "hl_lines: expected line numbers like [2, \"4-6\"], got \"\(item)\""))
            }
        }
    }
}
