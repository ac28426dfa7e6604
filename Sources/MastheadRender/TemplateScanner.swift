/// What one template holds that matters across templates: the partials, parents and blocks it
/// names, how deep its sections go, or the first problem that stops it being read.
struct TemplateOutline: Sendable {
    enum Kind: Sendable {
        /// `{{> name}}`
        case partial
        /// `{{< name}}`, a layout the template fills in.
        case parent
        /// `{{$ name}}` outside a parent: a block that an override of that name may replace.
        case block
    }

    struct Reference: Sendable {
        var kind: Kind
        var name: String
        /// `{{>*name}}`: the template's name is read from the page's values when it renders.
        var isDynamic: Bool
        var line: Int
        var column: Int
        /// Sections open around the tag.
        var depth: Int
        /// The overrides (`{{$name}}` right inside a `{{<parent}}`) the tag stands in, outermost
        /// first, as indexes into `overrides`: their text is rendered wherever the parent shows the block.
        var overrides: [Int]
    }

    struct Override: Sendable {
        var name: String
        /// Sections open inside it, itself included.
        var depth: Int
        /// The deepest nesting reached inside it.
        var deepest: Int
    }

    struct Problem: Sendable {
        var message: String
        /// Nil for a problem with the whole template.
        var line: Int?
        var column: Int?
    }

    var references: [Reference] = []
    var overrides: [Override] = []
    /// The deepest section nesting in the template.
    var deepest = 0
    var problem: Problem?
}

/// Reads a Mustache template tag by tag the way `TemplateParser` does (the same delimiters,
/// also when `{{=<% %>=}}` changes them for the rest of a section, the same sigils, names and
/// nesting), in one pass and without recursion. The parser and the renderer go through sections
/// and partials by recursion, so a template they are given must be known to nest no deeper than
/// `maxNesting`: this is where that is found out, and the text is never handed over otherwise.
struct TemplateScanner {
    let maxNesting: Int

    private struct Scope {
        var start: [Character] = ["{", "{"]
        var end: [Character] = ["}", "}"]
        /// Right inside `{{<parent}}`: `{{$name}}` is an override there, not a block.
        var holdsOverrides = false
    }

    private struct OpenSection {
        var name: Substring
        var tag: String.Index
        /// The scope around the section: delimiters changed inside it end with it.
        var outer: Scope
        var override: Int?
        var deepest: Int
    }

    private enum Failure: Error {
        case at(String.Index, String)
    }

    private static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
    private static let nameOrTransformCharacters = nameCharacters.union("()")
    private static let partialNameCharacters = nameOrTransformCharacters.union("/")

    func outline(of text: String) -> TemplateOutline {
        var outline = TemplateOutline()
        var positions = LineCounter(text: text)
        do {
            try read(text, into: &outline, positions: &positions)
        } catch Failure.at(let index, let message) {
            let (line, column) = positions.position(of: index)
            outline.problem = .init(message: message, line: line, column: column)
        } catch {}
        return outline
    }

    private func read(_ text: String, into outline: inout TemplateOutline, positions: inout LineCounter) throws {
        var cursor = Cursor(text: text)
        var scope = Scope()
        var open: [OpenSection] = []

        func push(_ name: Substring, tag: String.Index, inner: Scope, override: Int? = nil) throws {
            guard open.count < maxNesting else { throw Failure.at(tag, "sections nested deeper than \(maxNesting) levels") }
            open.append(OpenSection(name: name, tag: tag, outer: scope, override: override, deepest: open.count + 1))
            outline.deepest = max(outline.deepest, open.count)
            scope = inner
        }
        func reference(_ kind: TemplateOutline.Kind, _ name: Substring, dynamic: Bool, tag: String.Index) {
            let (line, column) = positions.position(of: tag)
            outline.references.append(
                .init(
                    kind: kind, name: String(name), isDynamic: dynamic, line: line, column: column,
                    depth: open.count, overrides: open.compactMap(\.override)))
        }

        while let tag = try cursor.skipText(until: scope.start) {
            guard let sigil = cursor.current else { break }
            // The parser reads a start delimiter followed by a line break as text.
            if sigil.isNewline {
                cursor.advance()
                continue
            }
            switch sigil {
            case "#", "^":
                cursor.advance()
                let name = try readName(&cursor, scope: scope, tag: tag)
                try push(name, tag: tag, inner: Scope(start: scope.start, end: scope.end))
            case "/":
                cursor.advance()
                let name = try readName(&cursor, scope: scope, tag: tag)
                guard let section = open.last, section.name == name else {
                    throw Failure.at(tag, "a section is closed with a name that does not match its opening tag")
                }
                open.removeLast()
                if let override = section.override { outline.overrides[override].deepest = section.deepest }
                if !open.isEmpty { open[open.count - 1].deepest = max(open[open.count - 1].deepest, section.deepest) }
                scope = section.outer
            case "!":
                cursor.advance()
                guard cursor.skipComment(until: scope.end) else { throw Failure.at(tag, "a comment is not closed (missing \(String(scope.end)))") }
            case "{":
                cursor.advance()
                _ = try readName(&cursor, scope: scope, tag: tag)
                guard cursor.current == "}" else { throw Failure.at(tag, "a tag is not closed (missing \(String(scope.end))})") }
                cursor.advance()
            case "&":
                cursor.advance()
                _ = try readName(&cursor, scope: scope, tag: tag)
            case ">":
                cursor.advance()
                cursor.skip { $0.isWhitespace }
                let dynamic = cursor.current == "*"
                if dynamic { cursor.advance() }
                let name = try readPartialName(&cursor, scope: scope, tag: tag)
                if dynamic || !name.isEmpty { reference(.partial, name, dynamic: dynamic, tag: tag) }
            case "<":
                cursor.advance()
                cursor.skip { $0.isWhitespace }
                let name = try readPartialName(&cursor, scope: scope, tag: tag)
                let dynamic = name.first == "*"
                reference(.parent, dynamic ? name.dropFirst() : name, dynamic: dynamic, tag: tag)
                try push(name, tag: tag, inner: Scope(start: scope.start, end: scope.end, holdsOverrides: true))
            case "$":
                cursor.advance()
                let name = try readName(&cursor, scope: scope, tag: tag)
                guard !name.contains("(") else { throw Failure.at(tag, "a transform cannot be applied to an inheritance section") }
                var override: Int?
                if scope.holdsOverrides {
                    override = outline.overrides.count
                    outline.overrides.append(.init(name: String(name), depth: open.count + 1, deepest: open.count + 1))
                } else {
                    reference(.block, name, dynamic: false, tag: tag)
                }
                try push(name, tag: tag, inner: Scope(start: scope.start, end: scope.end), override: override)
            case "=":
                cursor.advance()
                guard let delimiters = cursor.readDelimiters(closedBy: scope.end) else { throw Failure.at(tag, "badly formed set-delimiter tag") }
                scope = Scope(start: delimiters.start, end: delimiters.end)
            case "%":
                cursor.advance()
                guard cursor.readSetting(closedBy: scope.end) else { throw Failure.at(tag, "badly formed {{% ... }} tag") }
            default:
                _ = try readName(&cursor, scope: scope, tag: tag)
            }
        }
        if let section = open.last {
            throw Failure.at(section.tag, "a section is never closed (missing \(String(scope.start))/\(section.name)\(String(scope.end)))")
        }
    }

    /// A variable or section name, with its transforms (`uppercased(name)`), up to the end delimiter.
    private func readName(_ cursor: inout Cursor, scope: Scope, tag: String.Index) throws -> Substring {
        cursor.skip { $0.isWhitespace }
        let name = cursor.skip { Self.nameOrTransformCharacters.contains($0) }
        cursor.skip { $0.isWhitespace }
        guard cursor.read(scope.end) == true else { throw Failure.at(tag, "a tag is not closed (missing \(String(scope.end)))") }
        try checkTransforms(name, tag: tag)
        return name
    }

    /// `first(second(name))`: as many `)` at the end as `(` before the name, nothing after them.
    private func checkTransforms(_ name: Substring, tag: String.Index) throws {
        guard name.contains("(") || name.contains(")") else { return }
        let malformed = Failure.at(tag, "badly formed transforms in a tag: write them as first(second(name))")
        var rest = name.drop { Self.nameCharacters.contains($0) }
        guard rest.first == "(" else { throw malformed }
        var opened = 0
        while rest.first == "(" {
            opened += 1
            guard opened <= maxNesting else { throw Failure.at(tag, "more than \(maxNesting) transforms in one tag") }
            rest = rest.dropFirst().drop { Self.nameCharacters.contains($0) }
        }
        guard rest.count == opened, rest.allSatisfy({ $0 == ")" }) else { throw malformed }
    }

    private func readPartialName(_ cursor: inout Cursor, scope: Scope, tag: String.Index) throws -> Substring {
        cursor.skip { $0.isWhitespace }
        let name = cursor.skip { Self.partialNameCharacters.contains($0) }
        cursor.skip { $0.isWhitespace }
        guard cursor.read(scope.end) == true else { throw Failure.at(tag, "a tag is not closed (missing \(String(scope.end)))") }
        return name
    }

    /// A position in the text, read one character (grapheme) at a time as the parser does.
    private struct Cursor {
        let text: String
        var index: String.Index
        init(text: String) {
            self.text = text
            index = text.startIndex
        }

        var current: Character? { index < text.endIndex ? text[index] : nil }

        mutating func advance() {
            index = text.index(after: index)
        }

        @discardableResult
        mutating func skip(while matches: (Character) -> Bool) -> Substring {
            let start = index
            while index < text.endIndex, matches(text[index]) { advance() }
            return text[start..<index]
        }

        /// Moves past `string` if the text goes on with it. Nil when the text ends before as many
        /// characters as `string` has: the parser stops with an error there.
        mutating func read(_ string: [Character]) -> Bool? {
            guard let end = text.index(index, offsetBy: string.count, limitedBy: text.endIndex) else { return nil }
            guard text[index..<end].elementsEqual(string) else { return false }
            index = end
            return true
        }

        /// Moves past text to just after the next start delimiter and returns where the delimiter
        /// began; nil at the end of the text.
        mutating func skipText(until delimiter: [Character]) throws -> String.Index? {
            guard let first = delimiter.first else { return nil }
            while index < text.endIndex {
                if text[index] == first {
                    let tag = index
                    switch read(delimiter) {
                    case true?: return tag
                    case false?: advance()
                    case nil: throw Failure.at(tag, "the template ends inside a tag (\(String(delimiter)) expected)")
                    }
                } else {
                    advance()
                }
            }
            return nil
        }

        /// Moves past the end delimiter that closes a comment; false when there is none. Matches
        /// as the parser does: a mismatch starts the delimiter again from the next character.
        mutating func skipComment(until end: [Character]) -> Bool {
            var matched = 0
            while index < text.endIndex {
                if text[index] == end[matched] {
                    matched += 1
                    if matched == end.count {
                        advance()
                        return true
                    }
                } else {
                    matched = 0
                }
                advance()
            }
            return false
        }

        /// The rest of a `{{=<% %>=}}` tag: the new start and end delimiters.
        mutating func readDelimiters(closedBy end: [Character]) -> (start: [Character], end: [Character])? {
            skip { $0.isWhitespace }
            let start = skip { !$0.isWhitespace }
            guard current != nil else { return nil }
            skip { $0.isWhitespace }
            let newEnd = skip { $0 != "=" && !$0.isWhitespace }
            guard current != nil else { return nil }
            skip { $0.isWhitespace }
            guard current == "=" else { return nil }
            advance()
            guard read(end) == true, !start.isEmpty, !newEnd.isEmpty else { return nil }
            return (Array(start), Array(newEnd))
        }

        /// The rest of a `{{% NAME: value }}` tag.
        mutating func readSetting(closedBy end: [Character]) -> Bool {
            skip { $0.isWhitespace }
            let name = skip { TemplateScanner.nameCharacters.contains($0) }
            skip { $0.isWhitespace }
            guard current == ":" else { return false }
            advance()
            skip { $0.isWhitespace }
            let value = skip { TemplateScanner.nameCharacters.contains($0) }
            skip { $0.isWhitespace }
            return read(end) == true && !name.isEmpty && !value.isEmpty
        }
    }

    /// Turns positions into 1-based line and column (in characters), walking the text once
    /// for positions asked in order.
    private struct LineCounter {
        let text: String
        var index: String.Index
        var line = 1
        var column = 1

        init(text: String) {
            self.text = text
            index = text.startIndex
        }

        mutating func position(of target: String.Index) -> (line: Int, column: Int) {
            if target < index {
                index = text.startIndex
                line = 1
                column = 1
            }
            while index < target {
                if text[index].isNewline {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                index = text.index(after: index)
            }
            return (line, column)
        }
    }
}
