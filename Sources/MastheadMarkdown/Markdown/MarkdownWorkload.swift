/// Work that Debian's cmark-gfm 0.29.0.gfm.6 does in time growing with the square of a
/// paragraph, estimated before it reads the text (upstream fixed these in 0.29.0.gfm.7 to .10):
/// each `<?` or `<![CDATA[` that never closes is searched to the end of its paragraph; each link
/// walks back over every `[` before it; each cell of a table row counts the cells before it.
/// 100,000 `<?` in one 200 KB paragraph took 5 s, a million `![[]()` minutes. Counted in one
/// pass, paragraph by paragraph (text between blank lines).
struct MarkdownWorkload {
    /// Steps (characters or cells walked) one paragraph may cost: about a tenth of a second.
    static let budget = 100_000_000
    /// A table's rows × columns²; tables are rendered faster per step.
    static let tableBudget = 1_000_000_000

    struct Problem: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// Openers of a construct that cmark searches forward for its closer.
    private struct Unclosed {
        let opener: [UInt8]
        let closer: [UInt8]
        var count = 0
        /// The sum of their offsets, and the first one, since the last closer.
        var offsets = 0
        var first: (line: Int, column: Int)?

        init(_ opener: String, _ closer: String) {
            self.opener = Array(opener.utf8)
            self.closer = Array(closer.utf8)
        }

        func cost(upTo end: Int) -> Int { count * end - offsets }

        /// A closer settles every opener before it; an opener after the last closer is searched on.
        mutating func read(_ text: UnsafeBufferPointer<UInt8>, at index: Int, place: (line: Int, column: Int)) {
            if MarkdownWorkload.matches(closer, in: text, at: index) {
                count = 0
                offsets = 0
                first = nil
            } else if MarkdownWorkload.matches(opener, in: text, at: index) {
                count += 1
                offsets += index
                if first == nil { first = place }
            }
        }
    }

    private let text: UnsafeBufferPointer<UInt8>

    static func firstProblem(in text: UnsafeBufferPointer<UInt8>) -> Problem? {
        MarkdownWorkload(text: text).scan()
    }

    private static func matches(_ pattern: [UInt8], in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + pattern.count <= text.count && text[index..<index + pattern.count].elementsEqual(pattern)
    }

    private func scan() -> Problem? {
        let newline = UInt8(ascii: "\n")
        var line = 1
        var lineStart = 0
        var instructions = Unclosed("<?", "?>")
        var data = Unclosed("<![CDATA[", "]]>")
        var brackets = 0
        var linkSteps = 0
        var firstLink: (line: Int, column: Int)?
        var table: (line: Int, columns: Int, rows: Int)?

        func endParagraph(at end: Int) -> Problem? {
            defer {
                instructions = Unclosed("<?", "?>")
                data = Unclosed("<![CDATA[", "]]>")
                brackets = 0
                linkSteps = 0
                firstLink = nil
                table = nil
            }
            for unclosed in [instructions, data] where unclosed.cost(upTo: end) > Self.budget {
                let opener = String(decoding: unclosed.opener, as: UTF8.self)
                let closer = String(decoding: unclosed.closer, as: UTF8.self)
                return Problem(
                    line: unclosed.first?.line ?? line, column: unclosed.first?.column ?? 1,
                    message: "Markdown: \(unclosed.count) \(opener) with no \(closer) after them in one paragraph would take "
                        + "cmark-gfm minutes to read; write \\\(opener) for a literal \(opener)")
            }
            if linkSteps > Self.budget, let first = firstLink {
                return Problem(
                    line: first.line, column: first.column,
                    message: "Markdown: links after \(brackets) [ in one paragraph would take cmark-gfm minutes to read; "
                        + "split the paragraph")
            }
            if let table, table.rows * table.columns * table.columns > Self.tableBudget {
                return Problem(
                    line: table.line, column: 1,
                    message: "Markdown: a table of \(table.columns) columns and \(table.rows) rows would take cmark-gfm minutes "
                        + "to render; split it into narrower tables")
            }
            return nil
        }

        while lineStart <= text.count {
            var end = lineStart
            while end < text.count, text[end] != newline { end += 1 }
            let content = text[lineStart..<end]
            if content.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
                if let problem = endParagraph(at: lineStart) { return problem }
            } else {
                if var current = table {
                    current.rows += 1
                    table = current
                } else if Self.isDelimiterRow(content) {
                    table = (
                        line,
                        content.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: true)
                            .filter { $0.contains(UInt8(ascii: "-")) }.count, 0
                    )
                }
                var index = lineStart
                while index < end {
                    let byte = text[index]
                    let place = (line, index - lineStart + 1)
                    if byte == UInt8(ascii: "[") {
                        brackets += 1
                    } else if byte == UInt8(ascii: "]"), index + 1 < end, text[index + 1] == UInt8(ascii: "(") {
                        linkSteps += brackets
                        if firstLink == nil { firstLink = place }
                    } else if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "]") {
                        instructions.read(text, at: index, place: place)
                        data.read(text, at: index, place: place)
                    }
                    index += 1
                }
            }
            lineStart = end + 1
            line += 1
        }
        return endParagraph(at: text.count)
    }

    /// `|---|:-:|`: pipes, dashes, colons and spaces, with at least one dash and one pipe.
    private static func isDelimiterRow(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        line.contains(UInt8(ascii: "-")) && line.contains(UInt8(ascii: "|"))
            && line.allSatisfy { "|-: \t\r".utf8.contains($0) }
    }
}
