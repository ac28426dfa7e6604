import Foundation
import MastheadSupport

/// A YAML tree that remembers where each value came from, so that every
/// problem found while reading configuration or front matter can name its line and column.
public struct YAMLNode: Sendable {
    public enum Kind: Sendable {
        case null
        case scalar(String)
        case sequence([YAMLNode])
        case mapping([Entry])
    }

    public struct Entry: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: YAMLNode
    }

    public var kind: Kind
    public var location: SourceLocation

    package init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    public var string: String? {
        if case .scalar(let text) = kind { return text }
        return nil
    }

    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    public var entries: [Entry]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    public var items: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    public subscript(key: String) -> YAMLNode? {
        entries?.last { $0.key == key }?.value
    }

    /// What the value is, for messages like "expected a list, got a mapping".
    public var kindName: String {
        switch kind {
        case .null: "nothing"
        case .scalar(let text): "\"\(text.prefix(40))\""
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

extension YAMLNode {
    /// The grammar a text is read with. JSON is read as YAML (its flow syntax), so both give
    /// a line and column for every value; JSON's unquoted values must also be JSON's.
    public enum Syntax: Sendable {
        case yaml, json

        /// For messages: "YAML syntax: ...", "JSON syntax: ...".
        var name: String { self == .yaml ? "YAML" : "JSON" }
    }

    /// Parses YAML text. `lineOffset` is added to every line number, for YAML
    /// embedded in a larger file (front matter, fenced blocks).
    public static func parse(_ text: String, file: String, lineOffset: Int = 0, syntax: Syntax = .yaml) -> Result<YAMLNode, Diagnostic> {
        var composer = YAMLComposer(file: file, lineOffset: lineOffset, syntax: syntax)
        do {
            return .success(try composer.compose(text))
        } catch {
            return .failure(error)
        }
    }
}
