/// Reads code a byte at a time for the hand-written lexers and collects their tokens: each a run
/// of bytes and its class as Pygments and Chroma name it (`k`, `nf`, `s2`, …; empty for plain text).
/// Bytes of 0x80 and above (the rest of a UTF-8 character) count as letters, so a token never
/// splits a character.
struct CodeScanner {
    /// The code, from index 0; a scanner over part of it (`init(slice:range:)`) shares the bytes and
    /// ends earlier, so a line or an interpolation does not copy everything before it.
    let bytes: ArraySlice<UInt8>
    var index = 0
    private(set) var tokens: [(start: Int, end: Int, kind: String)] = []
    /// How many interpolations (`${…}` in a template string in `${…}` …) this scanner is inside.
    private(set) var depth = 0
    /// Whether the code nests interpolations deeper than `maxDepth`: those past it were read as
    /// string, and the block is better shown plain (`CodeHighlighter.render`).
    private(set) var tooDeep = false
    /// Deeper than any code a person writes; each level reads its part of the code once more.
    static let maxDepth = 16

    init(_ code: String) {
        bytes = ArraySlice(code.utf8)
    }

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

    func byte(at offset: Int) -> UInt8 {
        index + offset < bytes.count ? bytes[index + offset] : 0
    }

    /// Whether the text at the scanner (or `offset` bytes after it) starts with `text`.
    func starts(with text: String, offset: Int = 0) -> Bool {
        var position = index + offset
        for byte in text.utf8 {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
        }
        return true
    }

    /// Whether only spaces and tabs stand between the start of the line and the scanner.
    var atLineStart: Bool {
        var position = index - 1
        while position >= 0, bytes[position] == 0x20 || bytes[position] == 0x09 { position -= 1 }
        return position < 0 || bytes[position] == 0x0A
    }

    /// Adds a token of `length` bytes from the scanner, joined to the last one when of the same class.
    mutating func emit(_ kind: String, _ length: Int) {
        let end = min(index + max(length, 1), bytes.count)
        if let last = tokens.last, last.kind == kind, last.end == index {
            tokens[tokens.count - 1].end = end
        } else {
            tokens.append((index, end, kind))
        }
        index = end
    }

    // MARK: Lengths of what starts at the scanner

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x5F || byte >= 0x80
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Letters, digits, `_`, and the bytes of `extra` (`-` in CSS and shell words, `$` in JavaScript).
    func identifierLength(extra: ByteSet = "") -> Int {
        guard Self.isLetter(current) || extra.contains(current) else { return 0 }
        var position = index
        while position < bytes.count, Self.isLetter(bytes[position]) || Self.isDigit(bytes[position]) || extra.contains(bytes[position]) {
            position += 1
        }
        return position - index
    }

    func identifier(extra: ByteSet = "") -> String {
        String(decoding: bytes[index..<index + identifierLength(extra: extra)], as: UTF8.self)
    }

    /// A number: `42`, `0x2A`, `1_000`, `1.5e3`. Its length and whether it is a float or hexadecimal.
    func numberLength() -> (length: Int, kind: String) {
        guard Self.isDigit(current) || (current == 0x2E && Self.isDigit(byte(at: 1))) else { return (0, "") }
        var position = index
        if current == 0x30, byte(at: 1) | 0x20 == 0x78 {
            position += 2
            while position < bytes.count, Self.isDigit(bytes[position]) || (0x61...0x66).contains(bytes[position] | 0x20) || bytes[position] == 0x5F {
                position += 1
            }
            return (position - index, "mh")
        }
        var float = false
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isDigit(byte) || byte == 0x5F {
                position += 1
            } else if byte == 0x2E, !float, position + 1 < bytes.count, Self.isDigit(bytes[position + 1]) {
                float = true
                position += 1
            } else if byte | 0x20 == 0x65, position + 1 < bytes.count,
                Self.isDigit(bytes[position + 1]) || (bytes[position + 1] == 0x2D || bytes[position + 1] == 0x2B)
            {
                float = true
                position += 2
            } else {
                break
            }
        }
        return (position - index, float ? "mf" : "mi")
    }

    /// Bytes up to the end of the line (the newline not included).
    func restOfLineLength() -> Int {
        var position = index
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
        return position - index
    }

    /// Bytes up to and including `end`, searched from `skip` bytes on; to the end of the code when it never comes.
    func lengthThrough(_ end: String, skip: Int = 0) -> Int {
        let pattern = Array(end.utf8)
        var position = index + skip
        while position + pattern.count <= bytes.count {
            if bytes[position..<position + pattern.count].elementsEqual(pattern) { return position + pattern.count - index }
            position += 1
        }
        return bytes.count - index
    }

    /// Spaces and tabs and newlines: plain text.
    mutating func skipSpace() -> Bool {
        var position = index
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        guard position > index else { return false }
        emit("", position - index)
        return true
    }

    /// A quoted string opened at the scanner by `quote`, with backslash escapes, ended by the quote
    /// (or the line's end when `singleLine`); `interpolation` opens code inside it (`${` or `\(`),
    /// lexed by `code` up to the matching close (`}` or `)`), marked `si`.
    mutating func string(
        quote: String, kind: String, escapes: Bool = true, singleLine: Bool = false, interpolation: (open: String, close: UInt8)? = nil,
        code: ((inout CodeScanner) -> Void)? = nil
    ) {
        emit(kind, quote.utf8.count)
        var start = index
        func flush(_ scanner: inout CodeScanner) {
            guard scanner.index > start else { return }
            let end = scanner.index
            scanner.index = start
            scanner.emit(kind, end - start)
        }
        while !atEnd {
            if starts(with: quote) {
                flush(&self)
                emit(kind, quote.utf8.count)
                return
            }
            if singleLine, current == 0x0A { break }
            if escapes, current == 0x5C, index + 1 < bytes.count {
                if let interpolation, starts(with: interpolation.open) {
                    flush(&self)
                    self.interpolation(open: interpolation.open, close: interpolation.close, code: code)
                    start = index
                    continue
                }
                index += 2
                continue
            }
            if let interpolation, starts(with: interpolation.open) {
                flush(&self)
                self.interpolation(open: interpolation.open, close: interpolation.close, code: code)
                start = index
                continue
            }
            index += 1
        }
        flush(&self)
    }

    /// `${ code }` inside a string: the delimiters `si`, the code as its language lexes it, to the matching close.
    private mutating func interpolation(open: String, close: UInt8, code: ((inout CodeScanner) -> Void)?) {
        emit("si", open.utf8.count)
        // Too deep: the code inside is left as string, not lexed (no recursion without end, no
        // stack overflow), and the block is marked to be shown plain.
        var code = code
        if depth >= Self.maxDepth {
            tooDeep = true
            code = nil
        }
        let opener = open.utf8.last ?? 0
        var opened = 0
        var position = index
        while position < bytes.count {
            if bytes[position] == opener { opened += 1 }
            if bytes[position] == close {
                if opened == 0 { break }
                opened -= 1
            }
            position += 1
        }
        if let code, position > index {
            var inner = CodeScanner(slice: bytes, range: index..<position)
            inner.depth = depth + 1
            code(&inner)
            if inner.tooDeep { tooDeep = true }
            for token in inner.tokens {
                index = token.start
                emit(token.kind, token.end - token.start)
            }
        }
        index = position
        if !atEnd { emit("si", 1) }
    }

    /// A scanner over part of the code, its tokens at the same offsets.
    init(slice: ArraySlice<UInt8>, range: Range<Int>) {
        bytes = slice[..<range.upperBound]
        index = range.lowerBound
    }
}

/// Where a pattern next occurs, remembered between questions: a lexer that asks at every byte of
/// a long line ("is this `[` closed before the line ends?") would read the rest of the line each
/// time, quadratic in its length. A position found from `from` is still the answer for any start
/// between `from` and it, and lexers ask from further on as they go, so each byte is read about once.
struct NextMatch {
    private var found: [String: (from: Int, at: Int?)] = [:]

    /// The first index at or after `start` where `pattern` occurs in `bytes`, or nil.
    mutating func index(of pattern: String, from start: Int, in bytes: ArraySlice<UInt8>) -> Int? {
        if let known = found[pattern], known.from <= start, known.at.map({ start <= $0 }) ?? true { return known.at }
        let needle = Array(pattern.utf8)
        var position = max(start, 0)
        var at: Int?
        while position + needle.count <= bytes.count {
            if bytes[position] == needle[0], bytes[position..<position + needle.count].elementsEqual(needle) {
                at = position
                break
            }
            position += 1
        }
        found[pattern] = (start, at)
        return at
    }

    private var foundAny: (from: Int, at: Int?)?

    /// The first index at or after `start` of a byte of `set` (one set per `NextMatch`), or nil.
    mutating func index(ofAny set: ByteSet, from start: Int, in bytes: ArraySlice<UInt8>) -> Int? {
        if let known = foundAny, known.from <= start, known.at.map({ start <= $0 }) ?? true { return known.at }
        var position = max(start, 0)
        while position < bytes.count, !set.contains(bytes[position]) { position += 1 }
        let at = position < bytes.count ? position : nil
        foundAny = (start, at)
        return at
    }
}

/// Whether only spaces and tabs stand between the start of the line and a position, for a lexer
/// whose position only moves forward: the bytes passed are read once (`CodeScanner.atLineStart`
/// reads back over every space before the position, each time).
struct LineStart {
    private var checked = 0
    private var blank = true

    mutating func isAt(_ scanner: CodeScanner) -> Bool {
        while checked < scanner.index {
            let byte = scanner.bytes[checked]
            if byte == 0x0A {
                blank = true
            } else if byte != 0x20 && byte != 0x09 {
                blank = false
            }
            checked += 1
        }
        return blank
    }
}
