/// How deep lists and block quotes nest, read line by line before cmark-gfm sees the text.
///
/// Each line first continues the containers open above it (`>` again for a quote, enough
/// indentation for a list item), then may open more: `>`, `-`, `+`, `*`, `1.` or `1)`, as many
/// as stand one after another (`> - 1. text`). This follows CommonMark's rules closely enough
/// to count what a reader sees, and never counts less than cmark for markers on one line, which
/// is where deep nesting is cheap to write: 40,000 `- ` on one line made a 40,000-deep list.
/// Lines in code blocks are read the same way (a conservative count). One pass, no recursion.
struct MarkdownNesting {
    private enum Container {
        case quote
        /// A list item whose text starts this many columns in.
        case item(width: Int)
    }

    private let text: UnsafeBufferPointer<UInt8>
    private let limit: Int
    private var containers: [Container] = []

    /// The place (1-based line and column) of the first marker that nests deeper than `limit`.
    static func firstTooDeep(in text: UnsafeBufferPointer<UInt8>, limit: Int) -> (line: Int, column: Int)? {
        var nesting = MarkdownNesting(text: text, limit: limit)
        var line = 1
        var start = 0
        while start <= text.count {
            var end = start
            while end < text.count, text[end] != UInt8(ascii: "\n") { end += 1 }
            let contentEnd = end > start && text[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
            if let column = nesting.read(start, contentEnd) { return (line, column) }
            start = end + 1
            line += 1
        }
        return nil
    }

    private init(text: UnsafeBufferPointer<UInt8>, limit: Int) {
        self.text = text
        self.limit = limit
    }

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// Reads one line; returns the column of a marker that goes past the limit.
    private mutating func read(_ start: Int, _ end: Int) -> Int? {
        var position = start
        var column = 0
        let blank = text[start..<end].allSatisfy { $0 == Self.space || $0 == Self.tab }

        // Spaces and tabs from `position`: how many columns, and where they end.
        func indentation() -> (columns: Int, end: Int) {
            var columns = column
            var index = position
            while index < end, text[index] == Self.space || text[index] == Self.tab {
                columns = text[index] == Self.tab ? (columns / 4 + 1) * 4 : columns + 1
                index += 1
            }
            return (columns - column, index)
        }
        func skip(columns wanted: Int) {
            let target = column + wanted
            while column < target, position < end, text[position] == Self.space || text[position] == Self.tab {
                column = text[position] == Self.tab ? (column / 4 + 1) * 4 : column + 1
                position += 1
            }
        }

        var matched = 0
        continuing: for container in containers {
            let (indent, indentEnd) = indentation()
            switch container {
            case .quote:
                guard indent <= 3, indentEnd < end, text[indentEnd] == UInt8(ascii: ">") else { break continuing }
                column += indent + 1
                position = indentEnd + 1
                if position < end, text[position] == Self.space || text[position] == Self.tab { skip(columns: 1) }
            case .item(let width):
                guard blank || indent >= width else { break continuing }
                skip(columns: width)
            }
            matched += 1
        }
        containers.removeLast(containers.count - matched)

        // Where the text stops being a thematic break of `-`, and of `*`: each is looked for once.
        var notBreakBefore: [UInt8: Int] = [:]
        while true {
            let (indent, markerStart) = indentation()
            guard indent <= 3, markerStart < end else { return nil }
            let byte = text[markerStart]
            var markerEnd = markerStart + 1
            if byte == UInt8(ascii: ">") {
                containers.append(.quote)
                if containers.count > limit { return markerStart - start + 1 }
                column += indent + 1
                position = markerEnd
                if position < end, text[position] == Self.space || text[position] == Self.tab { skip(columns: 1) }
                continue
            }
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
                // `- - -` and `* * *` are thematic breaks, not lists.
                if byte != UInt8(ascii: "+"), markerStart >= notBreakBefore[byte] ?? 0 {
                    guard let other = firstNotThematicBreak(from: markerStart, to: end, of: byte) else { return nil }
                    notBreakBefore[byte] = other
                }
            } else {
                while markerEnd < end, markerEnd - markerStart < 10, text[markerEnd] >= UInt8(ascii: "0"), text[markerEnd] <= UInt8(ascii: "9") {
                    markerEnd += 1
                }
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), markerEnd - markerStart <= 9, markerEnd < end,
                    text[markerEnd] == UInt8(ascii: ".") || text[markerEnd] == UInt8(ascii: ")")
                else { return nil }
                markerEnd += 1
            }
            guard markerEnd == end || text[markerEnd] == Self.space || text[markerEnd] == Self.tab else { return nil }
            let markerWidth = indent + markerEnd - markerStart
            column += markerWidth
            position = markerEnd
            let (spaces, contentStart) = indentation()
            // Text that starts five or more columns after the marker is code in an item one column wide.
            let width = markerWidth + (contentStart == end || spaces >= 5 ? 1 : spaces)
            containers.append(.item(width: width))
            if containers.count > limit { return markerStart - start + 1 }
            guard contentStart < end, spaces < 5 else { return nil }
            column += spaces
            position = contentStart
        }
    }

    /// Where the line from `start` stops being only `marker`s, spaces and tabs (nil: it never
    /// does, and holds three or more markers: a thematic break).
    private func firstNotThematicBreak(from start: Int, to end: Int, of marker: UInt8) -> Int? {
        var count = 0
        for index in start..<end {
            if text[index] == marker {
                count += 1
            } else if text[index] != Self.space && text[index] != Self.tab {
                return index
            }
        }
        return count >= 3 ? nil : end
    }
}
