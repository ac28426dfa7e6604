/// A content file split into its YAML front matter and its body.
package struct FrontMatter: Sendable {
    package var yaml: String
    package var body: String
    /// Lines before the YAML (the opening `---`): added to YAML line numbers.
    package var yamlLineOffset: Int
    /// Lines before the body: added to Markdown line numbers.
    package var bodyLineOffset: Int

    /// Splits `---\nyaml\n---\nbody`. Nil when the file has no front matter.
    package static func split(_ text: String) -> FrontMatter? {
        if !text.containsByte(UInt8(ascii: "\r")) { return splitLF(text) }
        // "\r\n" is one Character in Swift, so both line endings are named.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        guard let first = lines.first, first.trimmingTrailingCR() == "---" else { return nil }
        lines.removeFirst()
        guard
            let end = lines.firstIndex(where: {
                let line = $0.trimmingTrailingCR()
                return line == "---" || line == "..."
            })
        else {
            return nil
        }
        let yaml = lines[..<end].map { $0.trimmingTrailingCR() }.joined(separator: "\n")
        let body = lines[(end + 1)...].joined(separator: "\n")
        return FrontMatter(yaml: yaml, body: body, yamlLineOffset: 1, bodyLineOffset: end + 2)
    }

    /// The same split for text with only `\n` line endings (the usual case), on UTF-8
    /// offsets: no array of lines, and the YAML and the body are taken as they are.
    private static func splitLF(_ text: String) -> FrontMatter? {
        let bytes = text.utf8
        let newline = UInt8(ascii: "\n")
        func lineEnd(from start: String.Index) -> String.Index {
            bytes[start...].firstIndex(of: newline) ?? bytes.endIndex
        }
        let firstEnd = lineEnd(from: bytes.startIndex)
        guard text[..<firstEnd] == "---", firstEnd < bytes.endIndex else { return nil }
        let yamlStart = bytes.index(after: firstEnd)
        var lineStart = yamlStart
        var lineNumber = 0  // lines after the opening one
        while true {
            let end = lineEnd(from: lineStart)
            let line = text[lineStart..<end]
            if line == "---" || line == "..." {
                let yaml = lineNumber == 0 ? "" : String(text[yamlStart..<bytes.index(before: lineStart)])
                let body = end < bytes.endIndex ? String(text[bytes.index(after: end)...]) : ""
                return FrontMatter(yaml: yaml, body: body, yamlLineOffset: 1, bodyLineOffset: lineNumber + 2)
            }
            guard end < bytes.endIndex else { return nil }
            lineStart = bytes.index(after: end)
            lineNumber += 1
        }
    }
}

extension Substring {
    func trimmingTrailingCR() -> Substring {
        last == "\r" ? dropLast() : self
    }
}
