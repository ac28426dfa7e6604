// libyaml, as built by the Yams package. Its events are read directly rather than through
// `Yams.compose`, which hashes whole nodes to find duplicate keys (an alias to a large node
// used as a key never finishes), keeps no trace of where an alias was written, and puts the
// whole document into its messages.
import CYaml
import MastheadSupport

/// Builds a `YAMLNode` tree from libyaml's events, one document per text.
///
/// An alias shares the storage of the node it names, so memory stays linear in the text.
/// What it cannot bound is the tree that readers walk: nine lines of ten aliases each name
/// a billion values. So every alias adds the size of the node it names to a running count of
/// values, and a document whose aliases expand past `aliasBudget(writtenNodes:)` is an error
/// at the alias that crossed the line. Keys must be text (a scalar, or an alias to one), and
/// a key given twice in one mapping is an error at the second one.
struct YAMLComposer {
    let file: String
    let lineOffset: Int
    let syntax: YAMLNode.Syntax

    /// Values a document may expand to whatever its size: far more than any hand-written
    /// configuration uses, and walked in milliseconds.
    static let minimumAliasBudget = 100_000
    /// Past the minimum, a document may expand to this many times the values written in it,
    /// so a large catalog that shares a few anchored values on every row still reads, while
    /// the work done on the tree stays proportional to the file.
    static let aliasBudgetPerWrittenNode = 10

    static func aliasBudget(writtenNodes: Int) -> Int {
        max(
            minimumAliasBudget,
            writtenNodes.multipliedReportingOverflow(by: aliasBudgetPerWrittenNode).overflow
                ? Int.max : writtenNodes * aliasBudgetPerWrittenNode)
    }

    /// A finished node and the number of values it stands for once its aliases are expanded.
    private struct Sized {
        var node: YAMLNode
        var size: Int
    }

    /// A sequence or mapping whose end event has not come yet.
    private struct Open {
        var location: SourceLocation
        var anchor: String?
        var size = 1
        var isMapping: Bool
        var items: [YAMLNode] = []
        var entries: [YAMLNode.Entry] = []
        /// A mapping's key waiting for its value.
        var key: (text: String, location: SourceLocation)?
        /// Where each key of a mapping was first given, to report repeats.
        var keys: [String: SourceLocation] = [:]

        var awaitsKey: Bool { isMapping && key == nil }
    }

    private var anchors: [String: Sized] = [:]
    private var open: [Open] = []
    private var root: YAMLNode?
    private var documents = 0
    private var writtenNodes = 0
    private var expandedNodes = 0
    /// The running count of values after each alias, to find the one that crossed the budget.
    private var aliasTotals: [(total: Int, location: SourceLocation, name: String)] = []

    init(file: String, lineOffset: Int, syntax: YAMLNode.Syntax) {
        self.file = file
        self.lineOffset = lineOffset
        self.syntax = syntax
    }

    /// The document's root; an empty mapping for a text with no document (empty, or comments only).
    mutating func compose(_ text: String) throws(Diagnostic) -> YAMLNode {
        let empty = YAMLNode(kind: .mapping([]), location: SourceLocation(file: file, line: lineOffset + 1, column: 1))
        guard !text.isEmpty else { return empty }
        var text = text
        // The parser is allocated, not a local: libyaml keeps a pointer to it for its string input.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw Diagnostic(.error, "out of memory while reading \(syntax.name)", file: file, line: lineOffset + 1, column: 1)
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        // libyaml reads the text through this pointer, valid only inside `withUTF8`: the whole parse runs here.
        let result: Result<YAMLNode?, Diagnostic> = text.withUTF8 { bytes in
            yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
            do throws(Diagnostic) {
                try readEvents(parser, bytes: bytes)
                try checkAliasBudget()
                return .success(root)
            } catch {
                return .failure(error)
            }
        }
        return try result.get() ?? empty
    }

    private mutating func readEvents(_ parser: UnsafeMutablePointer<yaml_parser_t>, bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) {
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else {
                throw YAMLSyntaxError.diagnostic(parser.pointee, bytes: bytes, file: file, lineOffset: lineOffset, syntax: syntax)
            }
            // The event owns its scalar and anchor names: each is copied into a String before this frees them.
            defer { yaml_event_delete(&event) }
            let location = location(event.start_mark)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw .error(
                        "a second \(syntax.name) document starts here, where only one is read: "
                            + "remove this part or the '---' line before it", at: location)
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
                if isPlain, syntax == .json { try checkJSONLiteral(text, at: location) }
                let isNull = isPlain && ["", "~", "null", "Null", "NULL"].contains(text)
                countWrittenNode()
                try add(
                    Sized(node: YAMLNode(kind: isNull ? .null : .scalar(text), location: location), size: 1),
                    anchor: Self.name(scalar.anchor))
            case YAML_ALIAS_EVENT:
                try addAlias(Self.name(event.data.alias.anchor) ?? "", at: location)
            case YAML_SEQUENCE_START_EVENT:
                try startCollection(isMapping: false, anchor: Self.name(event.data.sequence_start.anchor), at: location)
            case YAML_MAPPING_START_EVENT:
                try startCollection(isMapping: true, anchor: Self.name(event.data.mapping_start.anchor), at: location)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let collection = open.popLast() else { continue }
                let kind: YAMLNode.Kind = collection.isMapping ? .mapping(collection.entries) : .sequence(collection.items)
                try add(Sized(node: YAMLNode(kind: kind, location: collection.location), size: collection.size), anchor: collection.anchor)
            default:
                continue  // stream start, document end
            }
        }
    }

    private mutating func startCollection(isMapping: Bool, anchor: String?, at location: SourceLocation) throws(Diagnostic) {
        if open.last?.awaitsKey == true {
            throw .error("a key must be text, not \(isMapping ? "a mapping" : "a list")", at: location)
        }
        countWrittenNode()
        open.append(Open(location: location, anchor: anchor, isMapping: isMapping))
    }

    private mutating func addAlias(_ name: String, at location: SourceLocation) throws(Diagnostic) {
        guard let target = anchors[name] else {
            throw .error("the alias *\(name) names no anchor: write &\(name) on a value above it", at: location)
        }
        writtenNodes += 1
        expandedNodes = Self.sum(expandedNodes, target.size)
        aliasTotals.append((expandedNodes, location, name))
        var node = target.node
        node.location = location
        if open.last?.awaitsKey == true, node.entries != nil || node.items != nil {
            throw .error("a key must be text, not \(node.kindName) (the alias *\(name))", at: location)
        }
        try add(Sized(node: node, size: target.size), anchor: nil)
    }

    /// Puts a finished node into the collection that holds it, or makes it the root.
    private mutating func add(_ value: Sized, anchor: String?) throws(Diagnostic) {
        if let anchor { anchors[anchor] = value }
        guard var parent = open.popLast() else {
            root = value.node
            return
        }
        defer { open.append(parent) }
        parent.size = Self.sum(parent.size, value.size)
        if !parent.isMapping {
            parent.items.append(value.node)
        } else if let key = parent.key {
            parent.entries.append(YAMLNode.Entry(key: key.text, keyLocation: key.location, value: value.node))
            parent.key = nil
        } else {
            let text = value.node.string ?? ""
            if let first = parent.keys[text] {
                throw .error(
                    "the key '\(Self.shortened(text))' is given twice in this mapping (first at line \(first.line ?? 0), "
                        + "column \(first.column ?? 0)): remove one", at: value.node.location)
            }
            parent.keys[text] = value.node.location
            parent.key = (text, value.node.location)
        }
    }

    private mutating func countWrittenNode() {
        writtenNodes += 1
        expandedNodes = Self.sum(expandedNodes, 1)
    }

    private func checkAliasBudget() throws(Diagnostic) {
        let budget = Self.aliasBudget(writtenNodes: writtenNodes)
        guard expandedNodes > budget, let last = aliasTotals.last else { return }
        let alias = aliasTotals.first { $0.total > budget } ?? last
        throw .error(
            "YAML aliases expand to more than \(Self.grouped(budget)) values; *\(alias.name) here passes that limit "
                + "(an alias of aliases multiplies them): write the values out, or use fewer nested aliases", at: alias.location)
    }

    /// In a JSON file an unquoted value is a number in JSON's grammar, true, false or null.
    private func checkJSONLiteral(_ text: String, at location: SourceLocation) throws(Diagnostic) {
        if ["true", "false", "null"].contains(text) { return }
        guard Self.isJSONNumber(text.utf8) else {
            let shown = text.isEmpty ? "nothing" : "'\(Self.shortened(text))'"
            throw .error("expected a JSON value (text in double quotes, a number, true, false or null), got \(shown)", at: location)
        }
        guard let value = Double(text), value.isFinite else {
            throw .error("the number \(Self.shortened(text)) is out of range (JSON numbers here go up to about 1.8e308)", at: location)
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, without a regular expression: catalogs hold many numbers.
    static func isJSONNumber(_ text: String.UTF8View) -> Bool {
        var bytes = text[...]
        func digits() -> Int {
            let count = bytes.prefix { (0x30...0x39).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if digits() == 0 { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            if digits() == 0 { return false }
        }
        return bytes.isEmpty
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
    }

    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafePointer($0)) }
    }

    private static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : total
    }

    /// A key or value as messages quote it: one line, at most 40 characters.
    static func shortened(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 40 || line.count < text.count ? String(line.prefix(40)) + "…" : line
    }

    /// 100000 as "100,000".
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
