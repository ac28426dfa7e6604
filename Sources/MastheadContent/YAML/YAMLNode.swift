import Foundation
import MastheadSupport

/// A YAML tree that remembers where each value came from, so that every
/// problem found while reading configuration or front matter can name its line and column.
package struct YAMLNode: Sendable {
    package enum Kind: Sendable {
        case null
        case scalar(String)
        case sequence([YAMLNode])
        case mapping([Entry])
    }

    package struct Entry: Sendable {
        package var key: String
        package var keyLocation: SourceLocation
        package var value: YAMLNode
    }

    package var kind: Kind
    package var location: SourceLocation

    package init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    package var string: String? {
        if case .scalar(let text) = kind { return text }
        return nil
    }

    package var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    package var entries: [Entry]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    package var items: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    package subscript(key: String) -> YAMLNode? {
        entries?.last { $0.key == key }?.value
    }

    /// What the value is, for messages like "expected a list, got a mapping".
    package var kindName: String {
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
    package enum Syntax: Sendable {
        case yaml, json

        /// For messages: "YAML syntax: ...", "JSON syntax: ...".
        var name: String { self == .yaml ? "YAML" : "JSON" }
    }

    /// Parses YAML text. `lineOffset` is added to every line number, for YAML
    /// embedded in a larger file (front matter, fenced blocks).
    package static func parse(_ text: String, file: String, lineOffset: Int = 0, syntax: Syntax = .yaml) -> Result<YAMLNode, Diagnostic> {
        var composer = YAMLComposer(file: file, lineOffset: lineOffset, syntax: syntax)
        do {
            return .success(try composer.compose(text))
        } catch {
            return .failure(error)
        }
    }
}
