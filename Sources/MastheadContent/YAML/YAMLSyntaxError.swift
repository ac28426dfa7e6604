import CYaml
import MastheadSupport

/// libyaml's errors in Masthead's words, at the position libyaml gives, with the
/// line of the construct it was reading ("the list opened at line 3") where that helps.
enum YAMLSyntaxError {
    /// libyaml's own limit on nested lists and mappings (`MAX_NESTING_LEVEL`, left at its default).
    static let maximumDepth = 1000

    static func diagnostic(
        _ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, file: String, lineOffset: Int,
        syntax: YAMLNode.Syntax
    ) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? ""
        let prefix = "\(syntax.name) syntax: "
        switch parser.error {
        case YAML_READER_ERROR:
            let (line, column) = position(ofByte: parser.problem_offset, in: bytes)
            let message =
                switch problem {
                case "control characters are not allowed":
                    "the character \(codePoint(parser.problem_value)) is a control character, which \(syntax.name) does not allow: remove it"
                case let problem where problem.contains("UTF") || problem.contains("Unicode"):
                    "the text is not valid UTF-8 here: save the file as UTF-8"
                default:
                    problem
                }
            return Diagnostic(.error, prefix + message, file: file, line: line + lineOffset, column: column)
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            let context = parser.context.map { String(cString: $0) }
            let contextLine = Int(parser.context_mark.line) + 1 + lineOffset
            // The one limit rather than a mistake: said as such, without "syntax".
            let message =
                problem.hasPrefix("Maximum nesting level reached")
                ? "\(syntax.name) nested deeper than \(maximumDepth) levels of lists and mappings"
                : prefix + sentence(problem: problem, context: context, contextLine: contextLine)
            return Diagnostic(
                .error, message, file: file,
                line: Int(parser.problem_mark.line) + 1 + lineOffset, column: Int(parser.problem_mark.column) + 1)
        default:
            return Diagnostic(.error, "out of memory while reading \(syntax.name)", file: file, line: lineOffset + 1, column: 1)
        }
    }

    /// One sentence for each error an editor is likely to meet; libyaml's own words, which
    /// are plain English, for the rest.
    static func sentence(problem: String, context: String?, contextLine: Int) -> String {
        switch (problem, context ?? "") {
        case ("did not find expected key", "while parsing a block mapping"):
            return "expected a 'key: value' line at the indentation of the mapping that starts at line \(contextLine): "
                + "check the indentation, and quotes around values"
        case ("did not find expected '-' indicator", _):
            return "expected a list item ('- ') at the indentation of the list that starts at line \(contextLine): check the indentation"
        case ("mapping values are not allowed in this context", _):
            return "a ':' cannot come here: put the value in quotes if it holds ': ', or check the indentation"
        case ("block sequence entries are not allowed in this context", _):
            return "a list item ('- ') cannot start here: put it on a line of its own, under its key"
        case ("could not find expected ':'", _):
            return "a key must be followed by ':' on the same line (the key starts at line \(contextLine)); "
                + "put the text in quotes if it is a value"
        case ("found character that cannot start any token", _):
            return "a value cannot start with this character (a tab, '@' or '`'): put the value in quotes, and indent with spaces"
        case ("found a tab character that violates indentation", _), ("found a tab character where an indentation space is expected", _):
            return "a tab is used for indentation: indent with spaces"
        case ("found unexpected end of stream", let context) where context.contains("quoted scalar"):
            return "the quoted text that opens at line \(contextLine) is never closed"
        case ("found unexpected document indicator", let context) where context.contains("quoted scalar"):
            return "the quoted text that opens at line \(contextLine) is not closed before this '---' or '...'"
        case ("found unknown escape character", _), ("found invalid Unicode character escape code", _):
            return "unknown escape after '\\' in double-quoted text: write '\\\\' for a backslash, or use single quotes"
        case ("did not find expected ',' or ']'", _):
            return "expected ',' or ']' in the list that opens with '[' at line \(contextLine)"
        case ("did not find expected ',' or '}'", _):
            return "expected ',' or '}' in the mapping that opens with '{' at line \(contextLine)"
        case ("found undefined tag handle", _):
            return "unknown tag (a '!' before the value): remove it, or put the value in quotes"
        case ("found unknown directive name", _):
            return "unknown directive (a line starting with '%'): remove it"
        case ("did not find expected node content", _):
            return "expected a value here"
        case ("did not find expected alphabetic or numeric character", let context) where context.contains("anchor") || context.contains("alias"):
            return "an anchor or alias needs a name of letters and digits after '&' or '*'"
        case ("found an indentation indicator equal to 0", _):
            return "the indentation after '|' or '>' must be a digit from 1 to 9"
        case ("did not find expected <document start>", _):
            return "text after the end of the document: look for a stray ']' or '}', or a '%' line with no '---' after it"
        case ("did not find expected hexdecimal number", _):
            return "expected hexadecimal digits after '\\x', '\\u' or '\\U' in double-quoted text"
        default:
            guard let place = place(context) else { return problem }
            return "\(problem) (\(place) at line \(contextLine))"
        }
    }

    /// libyaml's "while scanning a block scalar" as "in the text block": where the error is, without its jargon.
    static func place(_ context: String?) -> String? {
        guard let context else { return nil }
        let places: [(String, String)] = [
            ("block scalar", "in the text block ('|' or '>')"), ("quoted scalar", "in the quoted text"), ("plain scalar", "in the value"),
            ("simple key", "in the key"), ("anchor", "in the anchor"), ("alias", "in the alias"), ("directive", "in the directive"),
            ("tag", "in the tag"), ("mapping", "in the mapping"), ("sequence", "in the list"), ("collection", "in the list"),
            ("node", "in the value")
        ]
        return places.first { context.contains($0.0) }?.1
    }

    /// 1-based line and column (in characters) of a byte offset into the UTF-8 text.
    static func position(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1
        var column = 1
        for byte in bytes[..<end] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {  // not a continuation byte: a new character
                column += 1
            }
        }
        return (line, column)
    }

    private static func codePoint(_ value: Int32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
