/// A content file split into its YAML front matter and its body.
public struct FrontMatter: Sendable {
    public var yaml: String
    public var body: String
    /// Lines before the YAML (the opening `---`): added to YAML line numbers.
    public var yamlLineOffset: Int
    /// Lines before the body: added to Markdown line numbers.
    public var bodyLineOffset: Int

    /// Splits `---\nyaml\n---\nbody`. Nil when the file has no front matter.
    public static func split(_ text: String) -> FrontMatter? {
        // "\r\n" is one Character in Swift, so both line endings are named.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        guard let first = lines.first, first.trimmingTrailingCR() == "---" else { return nil }
        lines.removeFirst()
        guard let end = lines.firstIndex(where: { let line = $0.trimmingTrailingCR(); return line == "---" || line == "..." }) else {
            return nil
        }
        let yaml = lines[..<end].map { $0.trimmingTrailingCR() }.joined(separator: "\n")
        let body = lines[(end + 1)...].joined(separator: "\n")
        return FrontMatter(yaml: yaml, body: body, yamlLineOffset: 1, bodyLineOffset: end + 2)
    }
}

extension Substring {
    func trimmingTrailingCR() -> Substring {
        last == "\r" ? dropLast() : self
    }
}
