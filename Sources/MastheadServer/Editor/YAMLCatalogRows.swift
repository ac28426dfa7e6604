import Foundation
import MastheadContent
import MastheadSupport

/// A JSON or YAML catalog (a list of items, each a mapping) as the editor changes it. A changed
/// value is written over its own bytes, found from where the parser says the value starts, so
/// every other item, key, comment and quote keeps its bytes. JSON is read as YAML's flow syntax,
/// as the build reads it. A value whose bytes cannot be told for certain (a block list, a
/// mapping, a plain value over several lines) is shown and kept as written.
struct YAMLCatalogRows: CatalogRows {
    let isJSON: Bool
    let text: String
    let header: [String]
    /// The items as parsed from `text`, each a mapping.
    private let items: [YAMLNode]
    /// Where each line of `text` starts, to find a value from its line and column.
    private let lineStarts: [String.Index]

    /// Nil when the text does not parse, or is not a list of mappings.
    init?(_ text: String, isJSON: Bool) {
        guard case .success(let root) = YAMLNode.parse(text, file: "catalog", syntax: isJSON ? .json : .yaml),
            let items = root.items, items.allSatisfy({ $0.entries != nil })
        else { return nil }
        self.isJSON = isJSON
        self.text = text
        self.items = items
        var header: [String] = []
        for entry in items.flatMap({ $0.entries ?? [] }) where !header.contains(entry.key) { header.append(entry.key) }
        self.header = header
        let scalars = text.unicodeScalars
        lineStarts = [scalars.startIndex] + scalars.indices.filter { scalars[$0] == "\n" }.map { scalars.index(after: $0) }
    }

    var count: Int { items.count }

    func cells(row: Int) -> [String: CatalogCell] {
        var cells: [String: CatalogCell] = [:]
        for name in header { cells[name] = CatalogCell(value: "", editable: false) }
        for entry in items[row].entries ?? [] {
            if let span = span(of: entry.value, inFlow: isFlow(row)) {
                cells[entry.key] = CatalogCell(value: span.value, editable: true)
            } else {
                let node = entry.value
                cells[entry.key] = CatalogCell(
                    value: node.items?.compactMap(\.string).joined(separator: "; ") ?? node.string ?? node.kindName, editable: false)
            }
        }
        return cells
    }

    mutating func set(row: Int, _ values: [String: String]) -> String? {
        guard items.indices.contains(row) else { return "no such row" }
        let inFlow = isFlow(row)
        var edits: [(range: Range<String.Index>, text: String)] = []
        var expected: [String: String] = [:]
        for entry in items[row].entries ?? [] {
            guard let new = values[entry.key], let span = span(of: entry.value, inFlow: inFlow) else { continue }
            let wanted = span.isList ? Self.listItems(new).joined(separator: "; ") : new
            guard wanted != span.value else { continue }
            var written = span.isList ? list(Self.listItems(new)) : scalar(new, quote: span.quote, inFlow: inFlow)
            // An empty value (`key:`) starts right after its colon.
            let scalars = text.unicodeScalars
            if span.range.isEmpty, span.range.lowerBound > scalars.startIndex, scalars[scalars.index(before: span.range.lowerBound)] == ":" {
                written = " " + written
            }
            edits.append((span.range, written))
            expected[entry.key] = wanted
        }
        guard !edits.isEmpty else { return nil }
        var newText = ""
        var position = text.startIndex
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            newText += String(text.unicodeScalars[position..<edit.range.lowerBound]) + edit.text
            position = edit.range.upperBound
        }
        newText += String(text.unicodeScalars[position...])
        // Read back: the row has the new values and every other item is as it was, or nothing is written.
        guard let updated = YAMLCatalogRows(newText, isJSON: isJSON), updated.count == count,
            items.indices.allSatisfy({ $0 == row || Self.same(items[$0], updated.items[$0]) }),
            expected.allSatisfy({ updated.cells(row: row)[$0.key]?.value == $0.value })
        else { return "the new values could not be written in place; change the file by hand" }
        self = updated
        return nil
    }

    // MARK: - Finding a value's bytes

    /// A value's bytes in `text` and what the form shows for it.
    private struct Span {
        var range: Range<String.Index>
        var value: String
        var isList: Bool
        /// The quote the value is written in (`"` or `'`), nil when plain.
        var quote: Unicode.Scalar?
    }

    /// Whether item `row` is a flow mapping (`{ key: value }`, and every JSON object), where `,`, `]` and `}` end a plain value.
    private func isFlow(_ row: Int) -> Bool {
        isJSON || start(of: items[row].location).map { $0 < text.endIndex && text.unicodeScalars[$0] == "{" } ?? false
    }

    /// The bytes of a text, a null or a flow list of texts; nil for anything else, or when the bytes
    /// found do not read back, alone, as the same value.
    private func span(of node: YAMLNode, inFlow: Bool) -> Span? {
        guard let start = start(of: node.location) else { return nil }
        let value: String
        switch node.kind {
        case .mapping: return nil
        case .null: value = ""
        case .scalar(let text): value = text
        case .sequence(let elements):
            let texts = elements.compactMap(\.string)
            guard texts.count == elements.count, !texts.contains(where: { $0.contains(";") }) else { return nil }
            guard start < text.endIndex, text.unicodeScalars[start] == "[" else { return nil }
            value = texts.joined(separator: "; ")
        }
        let end = Self.end(of: text.unicodeScalars, from: start, inFlow: inFlow)
        let source = String(text.unicodeScalars[start..<end])
        guard let read = read(source, inFlow: inFlow), Self.same(read, node) else { return nil }
        let first = source.unicodeScalars.first
        return Span(range: start..<end, value: value, isList: node.items != nil, quote: first == "\"" || first == "'" ? first : nil)
    }

    /// Where a parsed value starts in `text`: its line, then its column in characters, as libyaml counts them.
    private func start(of location: SourceLocation) -> String.Index? {
        guard let line = location.line, let column = location.column, lineStarts.indices.contains(line - 1), column >= 1 else { return nil }
        let scalars = text.unicodeScalars
        var index = lineStarts[line - 1]
        for _ in 1..<column {
            guard index < scalars.endIndex, scalars[index] != "\n" else { return nil }
            index = scalars.index(after: index)
        }
        return index
    }

    /// Where the value starting at `start` ends: a quoted text at its closing quote, a flow
    /// collection at its closing bracket, a plain value before a line break, a comment, or (in a
    /// flow) `,`, `]` or `}`, less trailing spaces.
    private static func end(of scalars: String.UnicodeScalarView, from start: String.Index, inFlow: Bool) -> String.Index {
        guard start < scalars.endIndex else { return start }
        var index = scalars.index(after: start)
        switch scalars[start] {
        case "\"":
            while index < scalars.endIndex {
                let scalar = scalars[index]
                index = scalars.index(after: index)
                if scalar == "\\", index < scalars.endIndex {
                    index = scalars.index(after: index)
                } else if scalar == "\"" {
                    return index
                }
            }
            return index
        case "'":
            while index < scalars.endIndex {
                let scalar = scalars[index]
                index = scalars.index(after: index)
                guard scalar == "'" else { continue }
                guard index < scalars.endIndex, scalars[index] == "'" else { return index }
                index = scalars.index(after: index)
            }
            return index
        case "[", "{":
            var depth = 1
            // A quote opens a quoted text only where a value begins (after `[`, `{`, `,` or `:`).
            var valueBegins = true
            while index < scalars.endIndex {
                let scalar = scalars[index]
                if valueBegins && (scalar == "\"" || scalar == "'") {
                    index = end(of: scalars, from: index, inFlow: true)
                    valueBegins = false
                    continue
                }
                if scalar == "[" || scalar == "{" { depth += 1 }
                if scalar == "]" || scalar == "}" { depth -= 1 }
                index = scalars.index(after: index)
                if depth == 0 { return index }
                if !(scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r") { valueBegins = "[{,:".unicodeScalars.contains(scalar) }
            }
            return index
        default:
            var end = start
            var previous: Unicode.Scalar = " "
            index = start
            while index < scalars.endIndex {
                let scalar = scalars[index]
                if scalar == "\n" || scalar == "\r" || (inFlow && ",]}".unicodeScalars.contains(scalar)) { break }
                if scalar == "#" && (previous == " " || previous == "\t") { break }
                index = scalars.index(after: index)
                if scalar != " " && scalar != "\t" { end = index }
                previous = scalar
            }
            return end
        }
    }

    /// `source` read alone as one value where it stands (in a flow or a block); nil when it is not one value.
    private func read(_ source: String, inFlow: Bool) -> YAMLNode? {
        if source.isEmpty { return YAMLNode(kind: .null, location: SourceLocation(file: "value")) }
        let wrapped = inFlow || isJSON ? "[" + source + "]" : "- " + source
        guard case .success(let root) = YAMLNode.parse(wrapped, file: "value", syntax: isJSON ? .json : .yaml), let items = root.items,
            items.count == 1
        else { return nil }
        return items[0]
    }

    /// Whether two values are the same, wherever they were read.
    private static func same(_ first: YAMLNode, _ second: YAMLNode) -> Bool {
        switch (first.kind, second.kind) {
        case (.null, .null): true
        case (.scalar(let a), .scalar(let b)): a == b
        case (.sequence(let a), .sequence(let b)): a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (.mapping(let a), .mapping(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
        default: false
        }
    }

    // MARK: - Writing a value

    /// `a; b;; c` as its items, as a CSV catalog writes a list.
    static func listItems(_ text: String) -> [String] {
        text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A text written as the file writes its old value: in its quotes, plain when it had none and
    /// reads back as the same text, double-quoted otherwise.
    private func scalar(_ value: String, quote: Unicode.Scalar?, inFlow: Bool) -> String {
        if quote == nil, !value.isEmpty, read(value, inFlow: inFlow)?.string == value { return value }
        if isJSON { return JSONText.string(value) }
        if quote == "'", !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) {
            return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        }
        return YAMLText.quoted(value)
    }

    private func list(_ items: [String]) -> String {
        "[" + items.map { isJSON ? JSONText.string($0) : scalar($0, quote: nil, inFlow: true) }.joined(separator: ", ") + "]"
    }
}
