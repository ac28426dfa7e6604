import CMarkGFM
import Foundation

/// cmark-gfm's plain-text rendering (`cmark_render_plaintext` with no options and no width),
/// written again in linear time: Debian's cmark-gfm 0.29.0.gfm.6 walks up to a node's block, and
/// up to its nearest extension, at every node, and counts an ordered list item's number from the
/// first item each time, so nested lists, nested emphasis and long ordered lists took time that
/// grew with the square of their size (100,000 nested `- ` took 95 s). Same text to the byte:
/// word counts, summaries and heading ids come from it.
struct PlainText {
    private var buffer: [UInt8] = []
    /// Spaces that start every line inside list items and footnotes.
    private var prefix: [UInt8] = []
    /// 1: a line break before the next text; 2: a blank line.
    private var needNewline = 0
    private var beginLine = true
    private var noLinebreaks = false
    private var inTightListItem = false
    private var footnoteIndex = 0
    /// The block each open node is in, and whether its nearest node made by an extension is a
    /// table's (cmark escapes `|` in a table's text).
    private var blocks: [OpaquePointer] = []
    private var inTable: [Bool] = []
    /// The number the next item of each open list takes.
    private var listNumbers: [(list: OpaquePointer, next: Int)] = []

    /// The plain text of `node` and everything in it.
    static func of(_ node: OpaquePointer) -> String {
        var text = PlainText()
        text.render(node)
        return String(decoding: text.buffer, as: UTF8.self)
    }

    private static func isBlock(_ node: OpaquePointer) -> Bool {
        cmark_node_get_type(node).rawValue & 0xc000 == 0x8000  // CMARK_NODE_TYPE_MASK, CMARK_NODE_TYPE_BLOCK
    }

    private static func isLeaf(_ type: cmark_node_type) -> Bool {
        [
            CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK, CMARK_NODE_CODE_BLOCK, CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK,
            CMARK_NODE_LINEBREAK, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE
        ].contains(type)
    }

    private enum Extension {
        case table, tableRow, tableCell, strikethrough, tasklist, other
    }

    private static func syntaxExtension(of node: OpaquePointer) -> Extension? {
        guard cmark_node_get_syntax_extension(node) != nil else { return nil }
        switch cmark_node_get_type_string(node).map({ String(cString: $0) }) {
        case "table": return .table
        case "table_header", "table_row": return .tableRow
        case "table_cell": return .tableCell
        case "strikethrough": return .strikethrough
        case "tasklist": return .tasklist
        default: return .other
        }
    }

    private mutating func render(_ root: OpaquePointer) {
        // What lies above the root counts too (a heading rendered alone inside a table cell or an item).
        var ancestor = cmark_node_parent(root)
        var aboveInTable = false
        while let node = ancestor {
            if let kind = Self.syntaxExtension(of: node) {
                aboveInTable = kind == .table || kind == .tableRow || kind == .tableCell
                break
            }
            ancestor = cmark_node_parent(node)
        }
        inTable = [aboveInTable]
        if let parent = cmark_node_parent(root), let block = Self.containingBlock(parent) { blocks = [block] }

        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            let type = cmark_node_get_type(node)
            let kind = Self.syntaxExtension(of: node)
            let opens = entering && !Self.isLeaf(type)
            if opens {
                if Self.isBlock(node) { blocks.append(node) }
                inTable.append(kind.map { $0 == .table || $0 == .tableRow || $0 == .tableCell } ?? inTable.last!)
            }
            renderNode(node, type: type, kind: kind, entering: entering)
            if !entering {
                // Every item counts towards the next one's number, task items too.
                if type == CMARK_NODE_ITEM, !listNumbers.isEmpty { listNumbers[listNumbers.count - 1].next += 1 }
                if Self.isBlock(node), !blocks.isEmpty { blocks.removeLast() }
                if inTable.count > 1 { inTable.removeLast() }
            }
        }
        if buffer.last != UInt8(ascii: "\n") { buffer.append(UInt8(ascii: "\n")) }
    }

    private static func containingBlock(_ node: OpaquePointer) -> OpaquePointer? {
        var current: OpaquePointer? = node
        while let node = current {
            if isBlock(node) { return node }
            current = cmark_node_parent(node)
        }
        return nil
    }

    private mutating func renderNode(_ node: OpaquePointer, type: cmark_node_type, kind: Extension?, entering: Bool) {
        // "Don't adjust tight list status til we've started the list", as cmark does.
        if !(type == CMARK_NODE_ITEM && cmark_node_previous(node) == nil && entering) {
            let block = Self.isBlock(node) ? node : blocks.last
            inTightListItem =
                block.map { block in
                    if cmark_node_get_type(block) == CMARK_NODE_ITEM, let list = cmark_node_parent(block), cmark_node_get_list_tight(list) != 0 {
                        return true
                    }
                    if let parent = cmark_node_parent(block), cmark_node_get_type(parent) == CMARK_NODE_ITEM,
                        let list = cmark_node_parent(parent), cmark_node_get_list_tight(list) != 0
                    {
                        return true
                    }
                    return false
                } ?? false
        }

        if let kind, kind != .other {
            renderExtension(node, kind: kind, entering: entering)
            return
        }
        switch type {
        case CMARK_NODE_LIST:
            if entering {
                listNumbers.append((node, Int(cmark_node_get_list_start(node))))
            } else {
                listNumbers.removeLast()
                if let next = cmark_node_next(node), [CMARK_NODE_CODE_BLOCK, CMARK_NODE_LIST].contains(cmark_node_get_type(next)) {
                    newline()
                }
            }
        case CMARK_NODE_ITEM:
            renderItem(node, entering: entering)
        case CMARK_NODE_HEADING:
            if entering {
                noLinebreaks = true
            } else {
                noLinebreaks = false
                blankLine()
            }
        case CMARK_NODE_CODE_BLOCK:
            let firstInItem = cmark_node_previous(node) == nil && cmark_node_parent(node).map { cmark_node_get_type($0) == CMARK_NODE_ITEM } == true
            if !firstInItem { blankLine() }
            out(node, literal(node), literal: true)
            blankLine()
        case CMARK_NODE_THEMATIC_BREAK:
            blankLine()
        case CMARK_NODE_PARAGRAPH:
            if !entering { blankLine() }
        case CMARK_NODE_TEXT:
            out(node, literal(node), literal: false)
        case CMARK_NODE_LINEBREAK:
            newline()
        case CMARK_NODE_SOFTBREAK:
            if noLinebreaks { out(node, Array(" ".utf8), literal: true) } else { newline() }
        case CMARK_NODE_CODE:
            out(node, literal(node), literal: true)
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            if entering { out(node, Array("[^".utf8) + literal(node) + Array("]".utf8), literal: true) }
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            if entering {
                footnoteIndex += 1
                out(node, Array("[^\(footnoteIndex)]: ".utf8), literal: true)
                prefix += Array("    ".utf8)
            } else {
                prefix.removeLast(min(4, prefix.count))
            }
        default:
            break
        }
    }

    private mutating func renderItem(_ node: OpaquePointer, entering: Bool) {
        guard let list = cmark_node_parent(node) else { return }
        let marker: [UInt8]
        if cmark_node_get_list_type(list) == CMARK_BULLET_LIST {
            marker = Array("  - ".utf8)
        } else {
            // The list's start and the items before this one (counted here only for an item rendered alone).
            var number = Int(cmark_node_get_list_start(list))
            if let open = listNumbers.last, open.list == list {
                number = open.next
            } else {
                var item = cmark_node_previous(node)
                while let previous = item {
                    number += 1
                    item = cmark_node_previous(previous)
                }
            }
            let delimiter = cmark_node_get_list_delim(list) == CMARK_PAREN_DELIM ? ")" : "."
            marker = Array("\(Int32(truncatingIfNeeded: number))\(delimiter)\(number < 10 ? "  " : " ")".utf8)
        }
        if entering {
            out(node, marker, literal: true)
            prefix += Array(repeating: UInt8(ascii: " "), count: marker.count)
        } else {
            prefix.removeLast(min(marker.count, prefix.count))
            newline()
        }
    }

    private mutating func renderExtension(_ node: OpaquePointer, kind: Extension, entering: Bool) {
        switch kind {
        case .table:
            blankLine()
        case .tableRow:
            if entering {
                newline()
                out(node, Array("|".utf8), literal: true)
            }
        case .tableCell:
            if entering {
                out(node, Array(" ".utf8), literal: true)
                return
            }
            out(node, Array(" |".utf8), literal: true)
            guard let row = cmark_node_parent(node), cmark_gfm_extensions_get_table_row_is_header(row) != 0, cmark_node_next(node) == nil,
                let table = cmark_node_parent(row)
            else { return }
            newline()
            out(node, Array("|".utf8), literal: true)
            let columns = Int(cmark_gfm_extensions_get_table_columns(table))
            if let alignments = cmark_gfm_extensions_get_table_alignments(table) {
                for column in 0..<columns {
                    switch alignments[column] {
                    case 0: out(node, Array(" --- |".utf8), literal: true)
                    case UInt8(ascii: "l"): out(node, Array(" :-- |".utf8), literal: true)
                    case UInt8(ascii: "c"): out(node, Array(" :-: |".utf8), literal: true)
                    case UInt8(ascii: "r"): out(node, Array(" --: |".utf8), literal: true)
                    default: break
                    }
                }
            }
            newline()
        case .strikethrough:
            out(node, Array("~".utf8), literal: true)
        case .tasklist:
            if entering {
                newline()
                out(node, Array((cmark_gfm_extensions_get_tasklist_item_checked(node) ? "- [x] " : "- [ ] ").utf8), literal: true)
                prefix += Array("  ".utf8)
            } else {
                prefix.removeLast(min(2, prefix.count))
                newline()
            }
        case .other:
            break
        }
    }

    private func literal(_ node: OpaquePointer) -> [UInt8] {
        guard let pointer = cmark_node_get_literal(node) else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }

    private mutating func newline() { needNewline = max(needNewline, 1) }

    private mutating func blankLine() { needNewline = max(needNewline, 2) }

    /// cmark's `S_out` with no width: pending line breaks first (with the prefix after a blank
    /// line), then the text, with the prefix at the start of each line.
    private mutating func out(_ node: OpaquePointer, _ text: [UInt8], literal: Bool) {
        let escapesBars = inTable.last == true && Self.syntaxExtension(of: node).map { $0 != .table && $0 != .tableRow && $0 != .tableCell } ?? true
        if inTightListItem && needNewline > 1 { needNewline = 1 }
        var last = buffer.count - 1
        while needNewline > 0 {
            if last < 0 || buffer[last] == UInt8(ascii: "\n") {
                last -= 1
            } else {
                buffer.append(UInt8(ascii: "\n"))
                if needNewline > 1 { buffer += prefix }
            }
            beginLine = true
            needNewline -= 1
        }
        guard !text.isEmpty else { return }
        // Most text has no bar to escape and no line to prefix: it is copied whole.
        if !(escapesBars && text.contains(UInt8(ascii: "|"))) && !(literal && text.contains(UInt8(ascii: "\n"))) {
            if beginLine { buffer += prefix }
            buffer += text
            beginLine = false
            return
        }
        for byte in text {
            if beginLine { buffer += prefix }
            if escapesBars && byte == UInt8(ascii: "|") { buffer.append(UInt8(ascii: "\\")) }
            buffer.append(byte)
            // A line feed in literal text starts a line; elsewhere it is written as it is.
            beginLine = literal && byte == UInt8(ascii: "\n")
        }
    }
}
