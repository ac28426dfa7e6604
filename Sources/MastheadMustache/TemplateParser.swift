/// A template that cannot be read, with where the reading stopped.
package struct TemplateParseError: Error, Sendable {
    package enum Reason: Error, Sendable {
        case sectionCloseNameIncorrect
        case unfinishedName
        case expectedSectionEnd
        case invalidSetDelimiter
        case transformAppliedToInheritanceSection
        case illegalTokenInsideInheritSection
        case invalidConfigVariableSyntax
        case unrecognisedConfigVariable
        /// The text ends where a tag needs more.
        case unexpectedEnd
    }

    package let reason: Reason
    package let line: Int
    package let column: Int

    package var message: String {
        switch reason {
        case .sectionCloseNameIncorrect: "a section is closed with a name that does not match its opening tag"
        case .unfinishedName: "a tag is not closed (missing }})"
        case .expectedSectionEnd: "a section is never closed (missing {{/name}})"
        case .invalidSetDelimiter: "badly formed set-delimiter tag"
        case .transformAppliedToInheritanceSection: "a transform cannot be applied to an inheritance section"
        case .illegalTokenInsideInheritSection: "only block definitions {{$name}} may stand inside {{<parent}}"
        case .invalidConfigVariableSyntax: "badly formed {{% ... }} tag"
        case .unrecognisedConfigVariable: "unknown {{% ... }} setting (CONTENT_TYPE: HTML or TEXT)"
        case .unexpectedEnd: "the template ends inside a tag"
        }
    }
}

/// Reads a template's text into tokens with swift-mustache 2's rules (the dialect Masthead's
/// themes were written for): its tags, delimiters, transforms and inheritance, and its rules
/// for lines that hold only a tag (standalone tags leave no blank line; a standalone partial
/// indents its lines). `TemplateEngineTests` compares the two on every template Masthead ships.
/// Recursive like the sections it reads: `TemplateScanner` has checked the nesting first.
package struct TemplateParser {
    package static func parse(_ text: String) throws(TemplateParseError) -> ParsedTemplate {
        var cursor = Cursor(Array(text))
        do {
            return try parse(&cursor, state: State())
        } catch let reason {
            let (line, column) = cursor.lineAndColumn()
            throw TemplateParseError(reason: reason, line: line, column: column)
        }
    }

    private typealias Reason = TemplateParseError.Reason

    private struct State {
        var sectionName: String?
        var sectionTransforms: [String] = []
        var newLine = true
        /// Inside `{{<parent}}`, and right inside it: where `{{$name}}` defines an override.
        var inParent = false
        var atParentTop = false
        var startDelimiter: [Character] = ["{", "{"]
        var endDelimiter: [Character] = ["}", "}"]
        var parentIndent: ArraySlice<Character>?

        func section(_ name: String, newLine: Bool, transforms: [String] = []) -> State {
            var state = self
            state.sectionName = name
            state.sectionTransforms = transforms
            state.atParentTop = false
            if !newLine { state.newLine = false }
            return state
        }

        func parent(_ name: String) -> State {
            var state = self
            state.sectionName = name
            state.sectionTransforms = []
            state.newLine = true
            state.inParent = true
            state.atParentTop = true
            return state
        }
    }

    private static func parse(_ cursor: inout Cursor, state: State) throws(Reason) -> ParsedTemplate {
        var tokens: [TemplateToken] = []
        var state = state
        var whiteSpaceBefore: ArraySlice<Character> = []
        func flushWhiteSpace() {
            if !whiteSpaceBefore.isEmpty {
                tokens.append(.text(String(whiteSpaceBefore)))
                whiteSpaceBefore = []
            }
        }
        while !cursor.reachedEnd {
            if state.newLine {
                let whiteSpace = cursor.take { $0 == " " || $0 == "\t" }
                if state.inParent, !state.atParentTop {
                    // The first line of a parent's block sets the indentation its other lines lose.
                    if let indent = state.parentIndent {
                        whiteSpaceBefore = whiteSpace.dropFirst(indent.count)
                    } else {
                        state.parentIndent = whiteSpace
                    }
                } else {
                    whiteSpaceBefore = whiteSpace
                }
            }
            let text = try readUntilDelimiterOrNewline(&cursor, state: state)
            if cursor.current.isNewline {
                tokens.append(.text(String(whiteSpaceBefore) + text + String(cursor.current)))
                state.newLine = true
                cursor.advance()
                continue
            }
            if !text.isEmpty {
                tokens.append(.text(String(whiteSpaceBefore) + text))
                whiteSpaceBefore = []
                state.newLine = false
            }
            if cursor.reachedEnd { break }
            var setNewLine = false
            switch cursor.current {
            case "#", "^":
                let inverted = cursor.current == "^"
                cursor.advance()
                let (name, transforms) = try parseName(&cursor, state: state)
                if isStandalone(&cursor, state: state) {
                    setNewLine = true
                } else {
                    flushWhiteSpace()
                }
                let section = try parse(&cursor, state: state.section(name, newLine: setNewLine, transforms: transforms))
                let tag = TemplateName(name, transforms: transforms)
                tokens.append(inverted ? .invertedSection(tag, section) : .section(tag, section))
            case "/":
                cursor.advance()
                let position = cursor.position
                let (name, transforms) = try parseName(&cursor, state: state)
                guard name == state.sectionName, transforms == state.sectionTransforms else {
                    cursor.position = position
                    throw .sectionCloseNameIncorrect
                }
                if !isStandalone(&cursor, state: state) { flushWhiteSpace() }
                return ParsedTemplate(tokens)
            case "!":
                cursor.advance()
                try cursor.skipComment(until: state.endDelimiter)
                setNewLine = isStandalone(&cursor, state: state)
            case "{", "&":
                let braced = cursor.current == "{"
                flushWhiteSpace()
                cursor.advance()
                let (name, transforms) = try parseName(&cursor, state: state)
                if braced {
                    guard try cursor.read("}") else { throw .unfinishedName }
                }
                tokens.append(.variable(TemplateName(name, transforms: transforms), escaped: false))
            case ">":
                cursor.advance()
                cursor.take { $0.isWhitespace }
                let dynamic = cursor.current == "*"
                if dynamic { cursor.advance() }
                let name = try parsePartialName(&cursor, state: state)
                if !whiteSpaceBefore.isEmpty { tokens.append(.text(String(whiteSpaceBefore))) }
                var indentation: String?
                if isStandalone(&cursor, state: state) {
                    setNewLine = true
                    indentation = String(whiteSpaceBefore)
                }
                tokens.append(partial(name, dynamic: dynamic, indentation: indentation, overrides: nil))
                whiteSpaceBefore = []
            case "<":
                cursor.advance()
                cursor.take { $0.isWhitespace }
                let tagName = try parsePartialName(&cursor, state: state)
                let dynamic = tagName.first == "*"
                let name = dynamic ? String(tagName.dropFirst()) : tagName
                if !whiteSpaceBefore.isEmpty { tokens.append(.text(String(whiteSpaceBefore))) }
                if isStandalone(&cursor, state: state) { setNewLine = true }
                let body = try parse(&cursor, state: state.parent(tagName))
                var overrides: [String: ParsedTemplate] = [:]
                for token in body.tokens {
                    switch token {
                    case .blockDefinition(let block, let template): overrides[block] = template
                    case .text: break
                    default: throw .illegalTokenInsideInheritSection
                    }
                }
                tokens.append(partial(name, dynamic: dynamic, indentation: String(whiteSpaceBefore), overrides: overrides))
                whiteSpaceBefore = []
            case "$":
                cursor.advance()
                let (name, transforms) = try parseName(&cursor, state: state)
                guard transforms.isEmpty else { throw .transformAppliedToInheritanceSection }
                if state.atParentTop {
                    if isStandalone(&cursor, state: state) { setNewLine = true }
                    let body = try parse(&cursor, state: state.section(name, newLine: setNewLine))
                    tokens.append(.blockDefinition(name, body))
                } else {
                    if !whiteSpaceBefore.isEmpty { tokens.append(.text(String(whiteSpaceBefore))) }
                    if isStandalone(&cursor, state: state) { setNewLine = true }
                    let body = try parse(&cursor, state: state.section(name, newLine: setNewLine))
                    tokens.append(.blockExpansion(name, default: body, indentation: String(whiteSpaceBefore)))
                    whiteSpaceBefore = []
                }
            case "=":
                cursor.advance()
                try setDelimiters(&cursor, state: &state)
                setNewLine = isStandalone(&cursor, state: state)
            case "%":
                cursor.advance()
                tokens.append(try readSetting(&cursor, state: state))
                setNewLine = isStandalone(&cursor, state: state)
            default:
                flushWhiteSpace()
                let (name, transforms) = try parseName(&cursor, state: state)
                tokens.append(.variable(TemplateName(name, transforms: transforms), escaped: true))
            }
            state.newLine = setNewLine
        }
        guard state.sectionName == nil else { throw .expectedSectionEnd }
        return ParsedTemplate(tokens)
    }

    /// `{{> name}}` or `{{<parent}}`; `{{>*name}}` and `{{<*name}}` take the name from the values.
    private static func partial(_ name: String, dynamic: Bool, indentation: String?, overrides: [String: ParsedTemplate]?) -> TemplateToken {
        dynamic
            ? .dynamicPartial(TemplateName(name), indentation: indentation, overrides: overrides)
            : .partial(name, indentation: indentation, overrides: overrides)
    }

    /// Text up to a start delimiter (read past) or a line break (not read).
    private static func readUntilDelimiterOrNewline(_ cursor: inout Cursor, state: State) throws(Reason) -> String {
        let first = state.startDelimiter[0]
        var text = ""
        while !cursor.reachedEnd {
            text += String(cursor.take { $0 != "\n" && $0 != "\r\n" && $0 != first })
            if cursor.current.isNewline {
                break
            } else if cursor.current == first {
                if try cursor.read(state.startDelimiter) { break }
                text.append(first)
                cursor.advance()
            }
        }
        return text
    }

    private static let nameCharacters = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
    private static let nameOrTransformCharacters = nameCharacters.union("()")
    private static let partialNameCharacters = nameOrTransformCharacters.union("/")

    /// A name and its transforms, `first(second(name))`, up to and past the end delimiter.
    private static func parseName(_ cursor: inout Cursor, state: State) throws(Reason) -> (String, [String]) {
        cursor.take { $0.isWhitespace }
        let text = cursor.take { nameOrTransformCharacters.contains($0) }
        cursor.take { $0.isWhitespace }
        guard try cursor.read(state.endDelimiter) else { throw .unfinishedName }
        var name = Cursor(Array(text))
        let first = String(name.take { nameCharacters.contains($0) })
        if name.reachedEnd { return (String(text), []) }
        guard name.current == "(" else { throw .unfinishedName }
        name.advance()
        var transforms = [first]
        while true {
            let part = String(name.take { nameCharacters.contains($0) })
            switch name.current {
            case ")":
                name.advance()
                // One `)` for each transform, and nothing after them.
                guard name.take(while: { $0 == ")" }).count + 1 == transforms.count, name.reachedEnd else { throw .unfinishedName }
                return (part, transforms)
            case "(":
                name.advance()
                transforms.append(part)
            default:
                throw .unfinishedName
            }
        }
    }

    private static func parsePartialName(_ cursor: inout Cursor, state: State) throws(Reason) -> String {
        cursor.take { $0.isWhitespace }
        let text = String(cursor.take { partialNameCharacters.contains($0) })
        cursor.take { $0.isWhitespace }
        guard try cursor.read(state.endDelimiter) else { throw .unfinishedName }
        return text
    }

    /// `{{=<% %>=}}`
    private static func setDelimiters(_ cursor: inout Cursor, state: inout State) throws(Reason) {
        cursor.take { $0.isWhitespace }
        guard let start = cursor.takeUp(to: { $0.isWhitespace }) else { throw .invalidSetDelimiter }
        cursor.take { $0.isWhitespace }
        guard let end = cursor.takeUp(to: { $0 == "=" || $0.isWhitespace }) else { throw .invalidSetDelimiter }
        cursor.take { $0.isWhitespace }
        guard try cursor.read("=") else { throw .invalidSetDelimiter }
        guard try cursor.read(state.endDelimiter) else { throw .invalidSetDelimiter }
        guard !start.isEmpty, !end.isEmpty else { throw .invalidSetDelimiter }
        state.startDelimiter = Array(start)
        state.endDelimiter = Array(end)
        state.atParentTop = false
    }

    /// `{{% CONTENT_TYPE: TEXT}}`
    private static func readSetting(_ cursor: inout Cursor, state: State) throws(Reason) -> TemplateToken {
        cursor.take { $0.isWhitespace }
        let setting = String(cursor.take { nameCharacters.contains($0) })
        cursor.take { $0.isWhitespace }
        guard (try? cursor.read(":")) == true else { throw .invalidConfigVariableSyntax }
        cursor.take { $0.isWhitespace }
        let value = String(cursor.take { nameCharacters.contains($0) })
        cursor.take { $0.isWhitespace }
        guard (try? cursor.read(state.endDelimiter)) == true else { throw .invalidConfigVariableSyntax }
        guard !setting.isEmpty, !value.isEmpty else { throw .invalidConfigVariableSyntax }
        switch (setting, value) {
        case ("CONTENT_TYPE", "HTML"): return .escaping(true)
        case ("CONTENT_TYPE", "TEXT"): return .escaping(false)
        default: throw .unrecognisedConfigVariable
        }
    }

    /// Whether the tag just read stands alone on its line; if so, its line break is read too.
    private static func isStandalone(_ cursor: inout Cursor, state: State) -> Bool {
        guard state.newLine else { return false }
        if cursor.reachedEnd { return true }
        var ahead = cursor
        ahead.take { $0 == " " || $0 == "\t" }
        guard ahead.current.isNewline else { return false }
        ahead.advance()
        cursor.position = ahead.position
        return true
    }

    /// The template's characters (graphemes, as swift-mustache reads them) and a position in them.
    private struct Cursor {
        let characters: [Character]
        var position = 0

        init(_ characters: [Character]) {
            self.characters = characters
        }

        var reachedEnd: Bool { position == characters.count }
        /// "\0" at the end.
        var current: Character { reachedEnd ? "\0" : characters[position] }

        mutating func advance() {
            position += 1
        }

        @discardableResult
        mutating func take(while matches: (Character) -> Bool) -> ArraySlice<Character> {
            let start = position
            while position < characters.count, matches(characters[position]) { position += 1 }
            return characters[start..<position]
        }

        /// Up to the first character that matches; nil, and nothing read, when none does.
        mutating func takeUp(to matches: (Character) -> Bool) -> ArraySlice<Character>? {
            let start = position
            while position < characters.count {
                if matches(characters[position]) { return characters[start..<position] }
                position += 1
            }
            position = start
            return nil
        }

        /// Reads `expected` if the text goes on with it; an error when fewer characters are left.
        mutating func read(_ expected: [Character]) throws(Reason) -> Bool {
            guard characters.count - position >= expected.count else { throw .unexpectedEnd }
            guard characters[position..<position + expected.count].elementsEqual(expected) else { return false }
            position += expected.count
            return true
        }

        mutating func read(_ expected: Character) throws(Reason) -> Bool {
            try read([expected])
        }

        /// Past the end delimiter that closes a comment. A mismatch starts the delimiter again
        /// from the next character, as swift-mustache matches.
        mutating func skipComment(until end: [Character]) throws(Reason) {
            let start = position
            var matched = 0
            while position < characters.count {
                if characters[position] == end[matched] {
                    matched += 1
                    if matched == end.count {
                        position += 1
                        return
                    }
                } else {
                    matched = 0
                }
                position += 1
            }
            position = start
            throw .unexpectedEnd
        }

        /// 1-based; the column counts characters back to the last "\n", the line every line break.
        func lineAndColumn() -> (line: Int, column: Int) {
            var column = 1
            var index = position
            while index > 0 {
                index -= 1
                if characters[index] == "\n" { break }
                column += 1
            }
            let line = characters[..<min(position, characters.count)].lazy.filter(\.isNewline).count + 1
            return (line, column)
        }
    }
}
