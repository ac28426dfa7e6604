/// JSON, YAML and TOML: keys `nt` (TOML's `n`), strings, numbers, and the words `true`, `false`, `null` (`kc`).
enum DataLexers {
    static func json(_ scanner: inout CodeScanner) {
        while !scanner.atEnd {
            if scanner.skipSpace() { continue }
            let byte = scanner.current
            if byte == UInt8(ascii: "\"") {
                let length = quotedLength(scanner)
                var after = scanner.index + length
                while after < scanner.bytes.count, CodeScanner.isSpace(scanner.bytes[after]) { after += 1 }
                let isKey = after < scanner.bytes.count && scanner.bytes[after] == UInt8(ascii: ":")
                scanner.emit(isKey ? "nt" : "s2", length)
            } else if byte == UInt8(ascii: "-") || CodeScanner.isDigit(byte) {
                scanner.index += byte == UInt8(ascii: "-") ? 1 : 0
                let (length, kind) = scanner.numberLength()
                scanner.index -= byte == UInt8(ascii: "-") ? 1 : 0
                scanner.emit(length > 0 ? kind : "err", length + (byte == UInt8(ascii: "-") ? 1 : 0))
            } else if scanner.identifierLength() > 0 {
                let word = scanner.identifier()
                scanner.emit(word == "true" || word == "false" || word == "null" ? "kc" : "err", word.utf8.count)
            } else {
                scanner.emit(ByteSet("{}[],:").contains(byte) ? "p" : "err", 1)
            }
        }
    }

    /// A double-quoted string with backslash escapes, on one line.
    static func quotedLength(_ scanner: CodeScanner) -> Int {
        var position = scanner.index + 1
        while position < scanner.bytes.count, scanner.bytes[position] != UInt8(ascii: "\""), scanner.bytes[position] != 0x0A {
            position += scanner.bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(position + 1, scanner.bytes.count) - scanner.index
    }

    /// Line by line: `key:` (`nt` and `p`), `- ` and flow brackets (`p`), comments, quoted
    /// strings (`s`), and plain scalars (`l`, or `nv` inside `{}` and `[]`, as Pygments has them).
    static func yaml(_ scanner: inout CodeScanner) {
        var flowDepth = 0
        while !scanner.atEnd {
            if scanner.skipSpace() { continue }
            let byte = scanner.current
            if byte == UInt8(ascii: "#"), scanner.index == 0 || CodeScanner.isSpace(scanner.bytes[scanner.index - 1]) {
                scanner.emit("c1", scanner.restOfLineLength())
            } else if scanner.starts(with: "---") || scanner.starts(with: "..."), scanner.atLineStart {
                scanner.emit("nn", 3)
            } else if ByteSet("{}[],").contains(byte) {
                flowDepth += byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? 1 : byte == UInt8(ascii: ",") ? 0 : -1
                flowDepth = max(flowDepth, 0)
                scanner.emit("p", 1)
            } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "?")) && CodeScanner.isSpace(scanner.byte(at: 1)) {
                scanner.emit("p", 1)
            } else if byte == UInt8(ascii: ":") && (CodeScanner.isSpace(scanner.byte(at: 1)) || scanner.byte(at: 1) == 0) {
                scanner.emit("p", 1)
            } else if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "*") {
                scanner.emit("nl", plainLength(scanner, flow: true))
            } else if byte == UInt8(ascii: "|") || byte == UInt8(ascii: ">") {
                // A block scalar: its lines, more indented than the key, are its text.
                scanner.emit("p", scanner.restOfLineLength())
                let indent = lineIndent(scanner, before: scanner.index)
                while scanner.current == 0x0A {
                    var next = scanner.index + 1
                    while next < scanner.bytes.count, scanner.bytes[next] == 0x20 { next += 1 }
                    let blank = next < scanner.bytes.count && scanner.bytes[next] == 0x0A
                    guard blank || next - scanner.index - 1 > indent, next < scanner.bytes.count else { break }
                    scanner.emit("", next - scanner.index)
                    if !blank { scanner.emit("s", scanner.restOfLineLength()) }
                }
            } else if byte == UInt8(ascii: "\"") {
                scanner.emit("s", quotedLength(scanner))
            } else if byte == UInt8(ascii: "'") {
                scanner.emit("s", scanner.lengthThrough("'", skip: 1))
            } else {
                let length = plainLength(scanner, flow: flowDepth > 0)
                var after = scanner.index + length
                while after < scanner.bytes.count, scanner.bytes[after] == 0x20 { after += 1 }
                let isKey = after < scanner.bytes.count && scanner.bytes[after] == UInt8(ascii: ":")
                scanner.emit(isKey ? "nt" : flowDepth > 0 ? "nv" : "l", length)
            }
        }
    }

    /// A plain scalar: to the end of the line, a `: ` or a ` #`, and in flow also `,`, `}` or `]`; trailing spaces left out.
    private static func plainLength(_ scanner: CodeScanner, flow: Bool) -> Int {
        var position = scanner.index
        var end = position
        while position < scanner.bytes.count {
            let byte = scanner.bytes[position]
            if byte == 0x0A { break }
            if byte == UInt8(ascii: ":"), position + 1 >= scanner.bytes.count || CodeScanner.isSpace(scanner.bytes[position + 1]) { break }
            if byte == UInt8(ascii: "#"), position > scanner.index, scanner.bytes[position - 1] == 0x20 { break }
            if flow, ByteSet(",]}").contains(byte) { break }
            position += 1
            if byte != 0x20 { end = position }
        }
        return max(end - scanner.index, 1)
    }

    private static func lineIndent(_ scanner: CodeScanner, before index: Int) -> Int {
        var start = index
        while start > 0, scanner.bytes[start - 1] != 0x0A { start -= 1 }
        var position = start
        while position < scanner.bytes.count, scanner.bytes[position] == 0x20 { position += 1 }
        return position - start
    }

    /// TOML: `[table]` headers (`k`), then each line as `CodeLanguages.toml` reads it.
    static func toml(_ scanner: inout CodeScanner) {
        let words = WordLexer(language: CodeLanguages.toml)
        while !scanner.atEnd {
            if scanner.skipSpace() { continue }
            if scanner.current == UInt8(ascii: "["), scanner.atLineStart {
                scanner.emit("k", scanner.restOfLineLength())
                continue
            }
            var line = CodeScanner(slice: scanner.bytes, range: scanner.index..<scanner.index + scanner.restOfLineLength())
            words.lex(&line)
            for token in line.tokens {
                scanner.index = token.start
                scanner.emit(token.kind, token.end - token.start)
            }
        }
    }
}
