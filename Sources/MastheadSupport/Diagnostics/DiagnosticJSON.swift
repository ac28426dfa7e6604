/// A diagnostic as `masthead build --format json` and `masthead check --format json` list it:
/// `{"column": 7, "file": "Content/articles/b.md", "line": 3, "message": "...", "severity": "error"}`,
/// with `line` and `column` null when the problem concerns the whole file.
extension Diagnostic: Encodable {
    private enum CodingKeys: String, CodingKey {
        case severity, file, line, column, message
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity.rawValue, forKey: .severity)
        try container.encode(file, forKey: .file)
        // Present as null rather than left out: every diagnostic has the same five keys.
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(message, forKey: .message)
    }
}
