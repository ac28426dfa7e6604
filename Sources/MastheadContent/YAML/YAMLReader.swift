import Foundation
import MastheadSupport

/// Reads typed values out of a YAML mapping, collecting a diagnostic for every
/// value of the wrong type and a warning for every unknown key.
package struct YAMLReader {
    package let node: YAMLNode
    package private(set) var diagnostics: [Diagnostic] = []
    /// What the mapping is, for messages ("front matter", "categories[2]").
    let context: String

    package init(_ node: YAMLNode, context: String) {
        self.node = node
        self.context = context
        if node.entries == nil, !node.isNull {
            diagnostics.append(.error("\(context): expected a mapping of keys and values, got \(node.kindName)", at: node.location))
        }
    }

    package var location: SourceLocation { node.location }

    package mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(.error(message, at: location))
    }

    /// Warns about keys not in `known`, suggesting the closest known one.
    package mutating func warnAboutUnknownKeys(_ known: [String], what: String) {
        for entry in node.entries ?? [] where !known.contains(entry.key) {
            diagnostics.append(
                .warning(
                    "unknown \(what) key '\(entry.key)'\(Suggestion.didYouMean(entry.key, in: known))",
                    at: entry.keyLocation))
        }
    }

    package func has(_ key: String) -> Bool { node[key].map { !$0.isNull } ?? false }

    package mutating func string(_ key: String, required: Bool = false) -> String? {
        guard let value = node[key], !value.isNull else {
            if required { missing(key) }
            return nil
        }
        guard let text = value.string else {
            error("\(key): expected text, got \(value.kindName)", at: value.location)
            return nil
        }
        if required, Self.isBlank(text) {
            error("\(key): must not be empty", at: value.location)
            return nil
        }
        return text
    }

    /// Nothing but spaces and tabs, as `trimmingCharacters(in: .whitespaces)` sees them. A text
    /// that starts with a visible ASCII character is answered without Foundation, which took
    /// 1% of a large build's CPU for every article's title.
    private static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first > 0x20, first < 0x7F { return false }
        return text.trimmingCharacters(in: .whitespaces).isEmpty
    }

    package mutating func bool(_ key: String) -> Bool? {
        guard let value = node[key], !value.isNull else { return nil }
        switch value.string?.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            error("\(key): expected true or false, got \(value.kindName)", at: value.location)
            return nil
        }
    }

    package mutating func integer(_ key: String, minimum: Int? = nil) -> Int? {
        guard let value = node[key], !value.isNull else { return nil }
        guard let text = value.string, let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
            error("\(key): expected a whole number, got \(value.kindName)", at: value.location)
            return nil
        }
        if let minimum, number < minimum {
            error("\(key): must be at least \(minimum), got \(number)", at: value.location)
            return nil
        }
        return number
    }

    package mutating func date(_ key: String, timeZone: TimeZone, required: Bool = false) -> Date? {
        guard let value = node[key], !value.isNull else {
            if required { missing(key) }
            return nil
        }
        guard let text = value.string, let date = ContentDate.parse(text, timeZone: timeZone) else {
            error("\(key): expected a date like 2026-03-14 or 2026-03-14T09:30:00+01:00, got \(value.kindName)", at: value.location)
            return nil
        }
        return date
    }

    /// A list of strings; a single string is accepted as a list of one.
    package mutating func strings(_ key: String) -> [String]? {
        guard let value = node[key], !value.isNull else { return nil }
        if let text = value.string { return [text] }
        guard let items = value.items else {
            error("\(key): expected a list, got \(value.kindName)", at: value.location)
            return nil
        }
        var result: [String] = []
        for item in items {
            if let text = item.string {
                result.append(text)
            } else {
                error("\(key): expected text in the list, got \(item.kindName)", at: item.location)
            }
        }
        return result
    }

    /// A list of mappings, each handed to `read` with its own reader.
    package mutating func mappings<T>(_ key: String, _ read: (inout YAMLReader, Int) -> T?) -> [T]? {
        guard let value = node[key], !value.isNull else { return nil }
        guard let items = value.items else {
            error("\(key): expected a list, got \(value.kindName)", at: value.location)
            return nil
        }
        var result: [T] = []
        for (index, item) in items.enumerated() {
            var reader = YAMLReader(item, context: "\(key)[\(index + 1)]")
            if item.entries != nil, let element = read(&reader, index) { result.append(element) }
            diagnostics += reader.diagnostics
        }
        return result
    }

    /// A nested mapping, handed to `read` with its own reader.
    package mutating func mapping<T>(_ key: String, _ read: (inout YAMLReader) -> T?) -> T? {
        guard let value = node[key], !value.isNull else { return nil }
        var reader = YAMLReader(value, context: key)
        let result = value.entries != nil ? read(&reader) : nil
        diagnostics += reader.diagnostics
        return result
    }

    /// Takes the problems a reader of a nested value found, as `mapping` does.
    package mutating func absorb(_ nested: YAMLReader) {
        diagnostics += nested.diagnostics
    }

    package func locationOf(_ key: String) -> SourceLocation {
        node[key]?.location ?? node.location
    }

    private mutating func missing(_ key: String) {
        error("missing required key '\(key)'", at: node.location)
    }
}
