import Foundation

/// A content file as the editor changes it: the front matter as its own lines, each top-level
/// field the run of lines it spans, and the body as it is. Only the fields the editor sets or
/// removes are rewritten; every other line (comments, order, quoting, blank lines) and the body
/// keep their bytes, so `text` of an unchanged file is the file.
struct FrontMatterText: Sendable, Equatable {
    /// The opening `---` line with its line ending; empty for a file without front matter.
    private(set) var opening: String
    /// The lines between the fences, each with its line ending.
    private(set) var lines: [String]
    /// The closing `---` (or `...`) line with its line ending.
    private(set) var closing: String
    /// Everything after the closing fence, byte for byte.
    var body: String
    /// The line ending new lines get: the file's own.
    let newline: String

    /// Nil when the bytes are not UTF-8 (the editor does not guess an encoding).
    init?(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        self.init(text)
    }

    init(_ text: String) {
        let all = Self.splitLines(text)
        newline = all.first { $0.hasSuffix("\r\n") } != nil ? "\r\n" : "\n"
        if let first = all.first, Self.content(of: first) == "---",
            let end = all.dropFirst().firstIndex(where: { Self.content(of: $0) == "---" || Self.content(of: $0) == "..." })
        {
            opening = first
            lines = Array(all[1..<end])
            closing = all[end]
            body = all[(end + 1)...].joined()
        } else {
            opening = ""
            lines = []
            closing = ""
            body = text
        }
    }

    var hasFrontMatter: Bool { !opening.isEmpty }

    /// The file's text: the same bytes as read when nothing was changed.
    var text: String { opening + lines.joined() + closing + body }

    /// The YAML between the fences, as the build parses it (line endings as `\n`).
    var yaml: String { lines.map(Self.content(of:)).joined(separator: "\n") }

    /// The top-level keys in their order.
    var keys: [String] { lines.compactMap(Self.key(of:)) }

    /// The lines of a field as written (its key line and its indented lines), or nil.
    func source(of key: String) -> String? {
        extent(of: key).map { lines[$0].joined() }
    }

    /// Puts `yaml` (whole lines, `key: value`, without the final line ending) in place of
    /// the field's lines, or after the last field when the file has no such field.
    mutating func set(_ key: String, yaml: String) {
        let newLines = Self.splitLines(yaml.replacingOccurrences(of: "\r\n", with: "\n")).map { line in
            Self.content(of: line) + newline
        }
        if !hasFrontMatter {
            opening = "---" + newline
            closing = "---" + newline
            // A body that began at once keeps its first line apart from the front matter.
            if !body.isEmpty && !body.hasPrefix("\n") && !body.hasPrefix("\r\n") { body = newline + body }
        }
        if let range = extent(of: key) {
            lines.replaceSubrange(range, with: newLines)
        } else {
            // After the last non-blank line, so trailing blank lines stay before the fence.
            let end = (lines.lastIndex { !Self.content(of: $0).trimmingCharacters(in: .whitespaces).isEmpty } ?? -1) + 1
            if end > 0 && lines[end - 1].utf8.last != UInt8(ascii: "\n") { lines[end - 1] += newline }
            lines.insert(contentsOf: newLines, at: end)
        }
    }

    /// Takes the field's lines out; nothing when it is not there.
    mutating func remove(_ key: String) {
        if let range = extent(of: key) { lines.removeSubrange(range) }
    }

    /// The lines a field spans: its key line and the lines after it up to the next key, less
    /// trailing blank lines and comments at the margin (they separate fields and stay).
    private func extent(of key: String) -> Range<Int>? {
        guard let start = lines.firstIndex(where: { Self.key(of: $0) == key }) else { return nil }
        var end = start + 1
        while end < lines.count, Self.key(of: lines[end]) == nil { end += 1 }
        while end > start + 1 {
            let line = Self.content(of: lines[end - 1])
            guard line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") else { break }
            end -= 1
        }
        return start..<end
    }

    /// `title: x` gives `title`; an indented line, a list item, a comment or a blank line gives nil.
    static func key(of line: String) -> String? {
        guard let first = line.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return nil }
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let key = line[..<colon]
        guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
        let after = line[line.index(after: colon)...].unicodeScalars.first
        guard after == nil || after == " " || after == "\t" || after == "\n" || after == "\r" else { return nil }
        return String(key)
    }

    /// A line without its line ending.
    static func content(of line: String) -> String {
        var scalars = Substring(line).unicodeScalars
        if scalars.last == "\n" { scalars.removeLast() }
        if scalars.last == "\r" { scalars.removeLast() }
        return String(scalars)
    }

    /// The lines of `text`, each with its `\n` (the last one without when the text does not end in one).
    static func splitLines(_ text: String) -> [String] {
        var result: [String] = []
        var start = text.utf8.startIndex
        for index in text.utf8.indices where text.utf8[index] == UInt8(ascii: "\n") {
            let next = text.utf8.index(after: index)
            result.append(String(text[start..<next]))
            start = next
        }
        if start < text.utf8.endIndex { result.append(String(text[start...])) }
        return result
    }
}
