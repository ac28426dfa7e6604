/// CSS and the shell: languages whose words mean what their place says.
enum StyleAndShellLexers {
    /// Selectors (`nt` for a tag, `nc` for `.class`, `nn` for `#id`, `nd` for `:hover`), at-rules
    /// (`k`), properties (`k`), and values: numbers with their unit (`kt`), colours (`mh`), strings,
    /// words (`k`), `!important` (`cp`); comments `c`.
    static func css(_ scanner: inout CodeScanner) {
        var inBlock = 0
        var inValue = false
        // Where each declaration's `;`, `{` or `}` is, remembered: `a:b a:b …` read once, not once per word.
        var declarationEnd = NextMatch()
        while !scanner.atEnd {
            if scanner.skipSpace() { continue }
            let byte = scanner.current
            if scanner.starts(with: "/*") {
                scanner.emit("c", scanner.lengthThrough("*/", skip: 2))
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                scanner.emit(byte == UInt8(ascii: "\"") ? "s2" : "s1", scanner.lengthThrough(String(UnicodeScalar(byte)), skip: 1))
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") {
                inBlock += byte == UInt8(ascii: "{") ? 1 : -1
                inValue = false
                scanner.emit("p", 1)
            } else if byte == UInt8(ascii: ";") {
                inValue = false
                scanner.emit("p", 1)
            } else if byte == UInt8(ascii: "@") {
                scanner.emit("p", 1)
                scanner.emit("k", scanner.identifierLength(extra: "-"))
            } else if byte == UInt8(ascii: "!") {
                scanner.index += 1
                let length = scanner.identifierLength()
                scanner.index -= 1
                scanner.emit("cp", length + 1)
            } else if isDeclaration(scanner, inBlock: inBlock, &declarationEnd) || inValue {
                value(&scanner, inValue: &inValue)
            } else if byte == UInt8(ascii: "."), CodeScanner.isLetter(scanner.byte(at: 1)) || scanner.byte(at: 1) == UInt8(ascii: "-") {
                scanner.emit("p", 1)
                scanner.emit("nc", scanner.identifierLength(extra: "-"))
            } else if byte == UInt8(ascii: "#") {
                scanner.emit("p", 1)
                scanner.emit("nn", scanner.identifierLength(extra: "-"))
            } else if byte == UInt8(ascii: ":"), !CodeScanner.isSpace(scanner.byte(at: 1)) {
                scanner.emit("p", scanner.byte(at: 1) == UInt8(ascii: ":") ? 2 : 1)
                scanner.emit("nd", scanner.identifierLength(extra: "-"))
            } else if scanner.identifierLength(extra: "-") > 0 {
                scanner.emit("nt", scanner.identifierLength(extra: "-"))
            } else if scanner.numberLength().length > 0 {
                // A number in an at-rule's condition (`min-width: 40rem`), a name to Pygments.
                scanner.emit("nt", scanner.numberLength().length)
                scanner.emit("nt", scanner.identifierLength())
            } else if ByteSet("()").contains(byte) {
                scanner.emit("o", 1)
            } else if ByteSet("[],").contains(byte) {
                scanner.emit("p", 1)
            } else {
                scanner.emit("o", 1)
            }
        }
    }

    /// Inside braces, a word followed by `:` and not by a selector's `{` is a property.
    private static func isDeclaration(_ scanner: CodeScanner, inBlock: Int, _ declarationEnd: inout NextMatch) -> Bool {
        guard inBlock > 0, scanner.identifierLength(extra: "-") > 0 else { return false }
        var position = scanner.index + scanner.identifierLength(extra: "-")
        while position < scanner.bytes.count, scanner.bytes[position] == 0x20 { position += 1 }
        guard position < scanner.bytes.count, scanner.bytes[position] == UInt8(ascii: ":") else { return false }
        guard let end = declarationEnd.index(ofAny: ";{}", from: position, in: scanner.bytes) else { return true }
        return scanner.bytes[end] != UInt8(ascii: "{")
    }

    private static func value(_ scanner: inout CodeScanner, inValue: inout Bool) {
        let byte = scanner.current
        if !inValue {
            scanner.emit("k", scanner.identifierLength(extra: "-"))
            inValue = true
            return
        }
        if byte == UInt8(ascii: "#") {
            var position = scanner.index + 1
            while position < scanner.bytes.count, CodeScanner.isLetter(scanner.bytes[position]) || CodeScanner.isDigit(scanner.bytes[position]) {
                position += 1
            }
            scanner.emit("mh", position - scanner.index)
            return
        }
        if byte == UInt8(ascii: "-"), CodeScanner.isDigit(scanner.byte(at: 1)) || scanner.byte(at: 1) == UInt8(ascii: ".") {
            scanner.emit("o", 1)
            return
        }
        let (length, kind) = scanner.numberLength()
        if length > 0 {
            scanner.emit(kind, length)
            let unit = scanner.current == UInt8(ascii: "%") ? 1 : scanner.identifierLength()
            if unit > 0 { scanner.emit("kt", unit) }
            return
        }
        let word = scanner.identifierLength(extra: "-")
        if word > 0 {
            let name = scanner.identifier(extra: "-")
            scanner.emit(
                ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "inherit", "initial", "unset"].contains(name) ? "kc" : "k",
                word)
            if scanner.current == UInt8(ascii: "(") { scanner.emit("p", 1) }
            return
        }
        scanner.emit(byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") ? "p" : "o", 1)
    }

    static let shellKeywords: Set<String> = [
        "if", "then", "else", "elif", "fi", "for", "in", "do", "done", "while", "until", "case", "esac", "function", "select", "return"
    ]
    static let shellBuiltins: Set<String> = [
        "echo", "export", "cd", "pwd", "read", "printf", "set", "unset", "source", "exit", "alias", "test", "local", "shift", "exec", "eval",
        "trap", "wait", "type", "true", "false"
    ]

    /// Keywords (`k`), builtins (`nb`), variables (`nv`: `$NAME`, `${NAME}`, `NAME=`), strings
    /// (`s2` with variables inside, `s1`), comments (`c1`, `ch` for `#!`), `[ ]` and `=` (`o`),
    /// `;` (`p`); commands and their arguments plain.
    static func shell(_ scanner: inout CodeScanner) {
        while !scanner.atEnd {
            if scanner.skipSpace() { continue }
            let byte = scanner.current
            if byte == UInt8(ascii: "#"), scanner.index == 0 || CodeScanner.isSpace(scanner.bytes[scanner.index - 1]) {
                scanner.emit(scanner.index == 0 && scanner.byte(at: 1) == UInt8(ascii: "!") ? "ch" : "c1", scanner.restOfLineLength())
            } else if byte == UInt8(ascii: "'") {
                scanner.emit("s1", scanner.lengthThrough("'", skip: 1))
            } else if byte == UInt8(ascii: "\"") {
                doubleQuoted(&scanner)
            } else if byte == UInt8(ascii: "$") {
                variable(&scanner)
            } else if ByteSet("[]|&<>=").contains(byte) {
                scanner.emit("o", 1)
            } else if ByteSet(";(){}").contains(byte) {
                scanner.emit("p", 1)
            } else {
                word(&scanner)
            }
        }
    }

    /// What ends a shell word besides white space.
    private static let shellWordEnds: ByteSet = ";|&<>()\"'$=`"

    private static func word(_ scanner: inout CodeScanner) {
        let name = scanner.identifier()
        if !name.isEmpty, scanner.byte(at: name.utf8.count) == UInt8(ascii: "=") {
            scanner.emit("nv", name.utf8.count)
            return
        }
        var position = scanner.index
        while position < scanner.bytes.count, !CodeScanner.isSpace(scanner.bytes[position]), !shellWordEnds.contains(scanner.bytes[position]) {
            position += 1
        }
        let length = max(position - scanner.index, 1)
        let word = String(decoding: scanner.bytes[scanner.index..<scanner.index + length], as: UTF8.self)
        scanner.emit(shellKeywords.contains(word) ? "k" : shellBuiltins.contains(word) ? "nb" : "", length)
    }

    private static func variable(_ scanner: inout CodeScanner) {
        if scanner.byte(at: 1) == UInt8(ascii: "{") {
            scanner.emit("nv", scanner.lengthThrough("}", skip: 2))
        } else if scanner.byte(at: 1) == UInt8(ascii: "(") {
            scanner.emit("si", 1)
        } else {
            scanner.index += 1
            let length = max(scanner.identifierLength(), CodeScanner.isDigit(scanner.current) || ByteSet("?@#$!*-").contains(scanner.current) ? 1 : 0)
            scanner.index -= 1
            scanner.emit("nv", length + 1)
        }
    }

    private static func doubleQuoted(_ scanner: inout CodeScanner) {
        scanner.emit("s2", 1)
        while !scanner.atEnd {
            let byte = scanner.current
            if byte == UInt8(ascii: "\"") {
                scanner.emit("s2", 1)
                return
            }
            if byte == UInt8(ascii: "$"), CodeScanner.isLetter(scanner.byte(at: 1)) || scanner.byte(at: 1) == UInt8(ascii: "{") {
                variable(&scanner)
            } else {
                scanner.emit("s2", byte == UInt8(ascii: "\\") ? 2 : 1)
            }
        }
    }
}
