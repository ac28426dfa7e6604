/// YAML written the way a person writes front matter: plain when that reads back as the same
/// string, double-quoted otherwise; lists and small mappings in flow style (`[a, b]`, `{ src: x }`).
enum YAMLText {
    /// `inFlow`: inside `[...]` or `{...}`, where commas and brackets end a plain value.
    static func scalar(_ text: String, inFlow: Bool = false) -> String {
        isPlainSafe(text, inFlow: inFlow) ? text : quoted(text)
    }

    static func list(_ items: [String]) -> String {
        "[" + items.map { scalar($0, inFlow: true) }.joined(separator: ", ") + "]"
    }

    /// `quoting`: keys whose values are always double-quoted (alt texts are sentences, and the
    /// site's files quote them).
    static func mapping(_ entries: [(key: String, value: String)], quoting: Set<String> = []) -> String {
        let written = entries.map { entry in
            "\(entry.key): \(quoting.contains(entry.key) ? quoted(entry.value) : scalar(entry.value, inFlow: true))"
        }
        return "{ " + written.joined(separator: ", ") + " }"
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    result += "\\x" + String(scalar.value, radix: 16).leftPadded(to: 2)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Words YAML 1.1 readers take as booleans or null, and numbers: written plain they would
    /// not read back as text.
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]

    static func isPlainSafe(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if first == " " || last == " " || first == "\t" || last == "\t" { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if reserved.contains(text.lowercased()) || Double(text) != nil { return false }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return false }
        if inFlow && text.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) { return false }
        return !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
