/// What sets one language of the "words, strings, numbers and operators" family apart, as a
/// table: its comments, its quotes, its words and their classes (as Pygments names them).
/// `WordLexer` reads every language described this way; the others have lexers of their own.
struct CodeLanguage: Sendable {
    var lineComments: [String] = []
    var blockComment: (open: String, close: String, kind: String)?
    /// Each opening quote and the class of the string it opens, longest first (`"""` before `"`).
    var quotes: [(quote: String, kind: String)] = []
    /// Code inside a string opened by this quote (`\(` in Swift, `${` in a JavaScript template).
    var interpolations: [String: (open: String, close: UInt8)] = [:]
    /// Words and their class; SQL's are matched in upper case.
    var words: [String: String] = [:]
    var caseInsensitiveWords = false
    /// The class of any other word (`n`, `nx` in JavaScript).
    var name = "n"
    /// Classes of the word after a word (`def` → `nf`, `class` → `nc`, `import` → `nn`).
    var nameAfter: [String: String] = [:]
    /// The class of a word right before `(` that has no class of its own.
    var call: String?
    /// The class of a word after `:` (TypeScript's types).
    var afterColon: String?
    /// Punctuation of more than one character, read before operators (Swift's `->`).
    var longPunctuation: [String] = []
    var operators: ByteSet = "+-*/%=<>!&|^~?"
    var punctuation: ByteSet = "()[]{},;.:"
    /// Characters that may continue a word.
    var wordExtra: ByteSet = ""
    /// The class of every number (JavaScript's are all `mf`), else `mi`, `mf` or `mh` as written.
    var number: String?
    /// `@name`: a decorator or attribute (`nd`).
    var decorators = false
    /// Prefix letters that may come before a quote (`f"…"`, `r'…'`), marked `sa`.
    var stringPrefixes: ByteSet = ""
    /// A string that starts a line with this quote is a docstring (`sd`).
    var docQuote: String?

    static func words(_ kind: String, _ list: String) -> [String: String] {
        Dictionary(list.split(separator: " ").map { (String($0), kind) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Reads a language described by a `CodeLanguage` table.
struct WordLexer {
    let language: CodeLanguage

    func lex(_ scanner: inout CodeScanner) {
        var previousWord = ""
        var afterColon = false
        while !scanner.atEnd {
            if scanner.skipSpace() { continue }
            let wasAfterColon = afterColon
            afterColon = false
            if let comment = language.lineComments.first(where: { scanner.starts(with: $0) }) {
                let kind = comment == "#" && scanner.index == 0 && scanner.starts(with: "#!") ? "ch" : "c1"
                scanner.emit(kind, scanner.restOfLineLength())
                continue
            }
            if let block = language.blockComment, scanner.starts(with: block.open) {
                scanner.emit(block.kind, scanner.lengthThrough(block.close, skip: block.open.utf8.count))
                continue
            }
            if let prefixLength = stringPrefixLength(scanner), let (quote, kind) = quoteAt(scanner, offset: prefixLength) {
                // Python's f-strings hold code in braces.
                let formatted = scanner.bytes[scanner.index..<scanner.index + prefixLength].contains { $0 | 0x20 == UInt8(ascii: "f") }
                if prefixLength > 0 { scanner.emit("sa", prefixLength) }
                let isDoc = language.docQuote == quote && scanner.atLineStart && prefixLength == 0
                let interpolation = formatted ? ("{", UInt8(ascii: "}")) : prefixLength > 0 ? nil : language.interpolations[quote]
                scanner.string(
                    quote: quote, kind: isDoc ? "sd" : kind, escapes: true, singleLine: quote.utf8.count == 1 && quote != "`",
                    interpolation: interpolation, code: { self.lex(&$0) })
                previousWord = ""
                continue
            }
            let (numberLength, numberKind) = scanner.numberLength()
            if numberLength > 0 {
                scanner.emit(language.number ?? numberKind, numberLength)
                continue
            }
            if language.decorators, scanner.current == UInt8(ascii: "@"), CodeScanner.isLetter(scanner.byte(at: 1)) {
                scanner.index += 1
                let length = scanner.identifierLength(extra: ".")
                scanner.index -= 1
                scanner.emit("nd", length + 1)
                continue
            }
            let length = scanner.identifierLength(extra: language.wordExtra)
            if length > 0 {
                let word = scanner.identifier(extra: language.wordExtra)
                let key = language.caseInsensitiveWords ? word.uppercased() : word
                var kind = language.words[key]
                if kind == nil || kind == "nb", let after = language.nameAfter[previousWord] {
                    // Python's `def __init__`: a magic method, as Pygments has it.
                    kind = after == "nf" && word.hasPrefix("__") && word.hasSuffix("__") ? "fm" : after
                }
                if kind == nil, wasAfterColon, let typeKind = language.afterColon { kind = typeKind }
                if kind == nil, let call = language.call, nextNonSpace(scanner, after: length) == UInt8(ascii: "(") { kind = call }
                scanner.emit(kind ?? language.name, length)
                previousWord = key
                continue
            }
            let byte = scanner.current
            afterColon = byte == UInt8(ascii: ":")
            if let long = language.longPunctuation.first(where: { scanner.starts(with: $0) }) {
                scanner.emit("p", long.utf8.count)
            } else if language.operators.contains(byte) {
                scanner.emit("o", 1)
            } else if language.punctuation.contains(byte) {
                scanner.emit("p", 1)
                // `x.y`: what follows a dot is a member, not the word after a keyword.
                if byte == UInt8(ascii: ".") { previousWord = "" }
            } else {
                scanner.emit("", 1)
            }
            if byte != UInt8(ascii: ".") && byte != UInt8(ascii: ",") { previousWord = "" }
        }
    }

    private func stringPrefixLength(_ scanner: CodeScanner) -> Int? {
        var length = 0
        while length < 3, language.stringPrefixes.contains(scanner.byte(at: length) | 0x20) { length += 1 }
        if length > 0, quoteAt(scanner, offset: length) != nil {
            // A prefix is a whole word: `if"` is not one.
            return scanner.index == 0 || !CodeScanner.isLetter(scanner.bytes[scanner.index - 1]) ? length : nil
        }
        return quoteAt(scanner, offset: 0) != nil ? 0 : nil
    }

    private func quoteAt(_ scanner: CodeScanner, offset: Int) -> (String, String)? {
        language.quotes.first { scanner.starts(with: $0.quote, offset: offset) }
    }

    private func nextNonSpace(_ scanner: CodeScanner, after length: Int) -> UInt8 {
        var position = scanner.index + length
        while position < scanner.bytes.count, scanner.bytes[position] == 0x20 { position += 1 }
        return position < scanner.bytes.count ? scanner.bytes[position] : 0
    }
}
