/// HTML, Markdown and diffs: the languages read as text with marks in it.
enum MarkupLexers {
    /// Tags (`p` for `<`, `</`, `>`, `nt` for the name), attributes (`na`, `o`, `s`), entities
    /// (`ni`), comments (`cm`) and the doctype (`cp`); text between tags plain.
    static func html(_ scanner: inout CodeScanner) {
        while !scanner.atEnd {
            if scanner.starts(with: "<!--") {
                scanner.emit("cm", scanner.lengthThrough("-->", skip: 4))
            } else if scanner.starts(with: "<!") {
                scanner.emit("cp", scanner.lengthThrough(">", skip: 2))
            } else if scanner.current == UInt8(ascii: "<"), CodeScanner.isLetter(scanner.byte(at: 1)) || scanner.byte(at: 1) == UInt8(ascii: "/") {
                tag(&scanner)
            } else if scanner.current == UInt8(ascii: "&"), let length = entityLength(scanner) {
                scanner.emit("ni", length)
            } else {
                scanner.emit("", 1)
            }
        }
    }

    private static func tag(_ scanner: inout CodeScanner) {
        scanner.emit("p", scanner.byte(at: 1) == UInt8(ascii: "/") ? 2 : 1)
        scanner.emit("nt", max(scanner.identifierLength(extra: "-:"), 0))
        while !scanner.atEnd {
            if scanner.skipSpace() { continue }
            if scanner.current == UInt8(ascii: ">") {
                scanner.emit("p", 1)
                return
            }
            if scanner.starts(with: "/>") {
                scanner.emit("p", 2)
                return
            }
            if scanner.current == UInt8(ascii: "=") {
                scanner.emit("o", 1)
                // On the scanner itself: a copy that emits copies every token so far (quadratic).
                _ = scanner.skipSpace()
                let quote = scanner.current
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    scanner.emit("s", scanner.lengthThrough(String(decoding: [quote], as: UTF8.self), skip: 1))
                } else {
                    var position = scanner.index
                    while position < scanner.bytes.count, !CodeScanner.isSpace(scanner.bytes[position]), scanner.bytes[position] != UInt8(ascii: ">")
                    {
                        position += 1
                    }
                    scanner.emit("s", position - scanner.index)
                }
                continue
            }
            let length = scanner.identifierLength(extra: "-:.")
            scanner.emit(length > 0 ? "na" : "err", length)
        }
    }

    /// `&amp;`, `&#233;`, `&#x2014;`.
    private static func entityLength(_ scanner: CodeScanner) -> Int? {
        var position = scanner.index + 1
        while position < scanner.bytes.count, position - scanner.index < 32,
            CodeScanner.isLetter(scanner.bytes[position]) || CodeScanner.isDigit(scanner.bytes[position])
                || scanner.bytes[position] == UInt8(ascii: "#")
        {
            position += 1
        }
        guard position > scanner.index + 1, position < scanner.bytes.count, scanner.bytes[position] == UInt8(ascii: ";") else { return nil }
        return position + 1 - scanner.index
    }

    /// Headings (`gh` for `#`, `gu` below), list markers and quote marks (`k`), `*emphasis*` (`ge`),
    /// `**strong**` (`gs`), `` `code` `` (`sb`), links' text (`nt`) and address (`na`); fenced code plain.
    static func markdown(_ scanner: inout CodeScanner) {
        var inFence = false
        // Searches remembered, so that a long line of `*[` is read once, not once per byte.
        var next = NextMatch()
        var lineStart = LineStart()
        while !scanner.atEnd {
            guard lineStart.isAt(scanner) else {
                inline(&scanner, &next)
                continue
            }
            if scanner.starts(with: "```") || scanner.starts(with: "~~~") {
                inFence.toggle()
                scanner.emit("sb", scanner.restOfLineLength())
                scanner.emit("", 1)
                continue
            }
            if inFence {
                scanner.emit("", scanner.restOfLineLength() + 1)
                continue
            }
            if scanner.skipSpace() { continue }
            if scanner.current == UInt8(ascii: "#") {
                scanner.emit(scanner.byte(at: 1) == UInt8(ascii: "#") ? "gu" : "gh", scanner.restOfLineLength())
            } else if ByteSet("-*+").contains(scanner.current), scanner.byte(at: 1) == 0x20 {
                scanner.emit("k", 1)
            } else if scanner.current == UInt8(ascii: ">") {
                scanner.emit("k", scanner.byte(at: 1) == 0x20 ? 2 : 1)
                scanner.emit("ge", scanner.restOfLineLength())
            } else if CodeScanner.isDigit(scanner.current) {
                let (length, _) = scanner.numberLength()
                var marker = scanner
                marker.index += length
                if marker.current == UInt8(ascii: "."), marker.byte(at: 1) == 0x20 { scanner.emit("k", length + 1) } else { inline(&scanner, &next) }
            } else {
                inline(&scanner, &next)
            }
        }
    }

    private static func inline(_ scanner: inout CodeScanner, _ next: inout NextMatch) {
        let byte = scanner.current
        if byte == 0x0A {
            scanner.emit("", 1)
        } else if scanner.starts(with: "**"), let length = closedLength(scanner, "**", skip: 2, &next) {
            scanner.emit("gs", length)
        } else if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_"),
            let length = closedLength(scanner, byte == UInt8(ascii: "*") ? "*" : "_", skip: 1, &next)
        {
            scanner.emit("ge", length)
        } else if byte == UInt8(ascii: "`"), let length = closedLength(scanner, "`", skip: 1, &next) {
            scanner.emit("sb", length)
        } else if byte == UInt8(ascii: "["), let text = closedLength(scanner, "]", skip: 1, &next), scanner.byte(at: text) == UInt8(ascii: "(") {
            var link = scanner
            link.index += text + 1
            guard let address = closedLength(link, ")", skip: 0, &next) else {
                scanner.emit("", 1)
                return
            }
            scanner.emit("", 1)
            scanner.emit("nt", text - 2)
            scanner.emit("", 2)
            scanner.emit("na", address - 1)
            scanner.emit("", 1)
        } else {
            scanner.emit("", 1)
        }
    }

    /// The length through `close` when it comes on the same line, after `skip` bytes and at least one more.
    private static func closedLength(_ scanner: CodeScanner, _ close: String, skip: Int, _ next: inout NextMatch) -> Int? {
        let count = scanner.bytes.count
        let line = (next.index(of: "\n", from: scanner.index, in: scanner.bytes) ?? count) - scanner.index
        let length = (next.index(of: close, from: scanner.index + skip + 1, in: scanner.bytes).map { $0 + close.utf8.count } ?? count) - scanner.index
        return length <= line && length > skip + close.utf8.count ? length : nil
    }

    /// A unified diff, line by line: `diff`/`index` lines `gh`, `-` lines `gd`, `+` lines `gi`, hunks `gu`.
    static func diff(_ scanner: inout CodeScanner) {
        while !scanner.atEnd {
            let length = scanner.restOfLineLength()
            let kind: String
            if scanner.starts(with: "diff ") || scanner.starts(with: "index ") {
                kind = "gh"
            } else if scanner.starts(with: "@@") {
                kind = "gu"
            } else if scanner.current == UInt8(ascii: "-") {
                kind = "gd"
            } else if scanner.current == UInt8(ascii: "+") {
                kind = "gi"
            } else {
                kind = ""
            }
            if length > 0 { scanner.emit(kind, length) }
            if !scanner.atEnd { scanner.emit("", 1) }
        }
    }
}
