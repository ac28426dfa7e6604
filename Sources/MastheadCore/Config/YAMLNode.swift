import Foundation
import Yams

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
    /// Parses YAML text. `lineOffset` is added to every line number, for YAML
    /// embedded in a larger file (front matter, fenced blocks).
    public static func parse(_ text: String, file: String, lineOffset: Int = 0) -> Result<YAMLNode, Diagnostic> {
        do {
            guard let node = try Yams.compose(yaml: text) else {
                return .success(YAMLNode(kind: .mapping([]), location: SourceLocation(file: file, line: lineOffset + 1, column: 1)))
            }
            return .success(convert(node, file: file, lineOffset: lineOffset))
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, file: file, lineOffset: lineOffset))
        } catch {
            return .failure(Diagnostic(.error, "YAML: \(error)", file: file, line: lineOffset + 1, column: 1))
        }
    }

    private static func diagnostic(for error: YamlError, file: String, lineOffset: Int) -> Diagnostic {
        func at(_ mark: Mark, _ problem: String, _ context: YamlError.Context?) -> Diagnostic {
            var message = "YAML syntax: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line + lineOffset))" }
            return Diagnostic(.error, message, file: file, line: mark.line + lineOffset, column: mark.column)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _): return at(mark, problem, context)
        case .parser(let context, let problem, let mark, _): return at(mark, problem, context)
        case .composer(let context, let problem, let mark, _): return at(mark, problem, context)
        case .reader(let problem, _, _, _):
            return Diagnostic(.error, "YAML: \(problem)", file: file, line: lineOffset + 1, column: 1)
        default:
            return Diagnostic(.error, "YAML: \(error)", file: file, line: lineOffset + 1, column: 1)
        }
    }

    private static func convert(_ node: Node, file: String, lineOffset: Int) -> YAMLNode {
        let mark = node.mark
        let location = SourceLocation(file: file, line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) {
                return YAMLNode(kind: .null, location: location)
            }
            return YAMLNode(kind: .scalar(scalar.string), location: location)
        case .sequence(let sequence):
            return YAMLNode(kind: .sequence(sequence.map { convert($0, file: file, lineOffset: lineOffset) }), location: location)
        case .mapping(let mapping):
            let entries = mapping.map { key, value in
                let keyNode = convert(key, file: file, lineOffset: lineOffset)
                return Entry(key: keyNode.string ?? "", keyLocation: keyNode.location, value: convert(value, file: file, lineOffset: lineOffset))
            }
            return YAMLNode(kind: .mapping(entries), location: location)
        case .alias:
            return YAMLNode(kind: .null, location: location)
        }
    }
}
