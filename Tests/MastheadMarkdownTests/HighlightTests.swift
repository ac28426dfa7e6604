import Foundation
import MastheadTesting
import Testing

@testable import MastheadMarkdown

/// Build-time highlighting (`CodeHighlighter`): the classes of each token against Pygments', the
/// fence options, and code blocks Masthead leaves alone.
@Suite("Highlighting")
struct HighlightTests {
    /// One sample per language, named as a fence names it.
    static let samples: [String: String] = [
        "swift": #"""
        import Foundation

        /// Points for a purchase.
        struct Card {
            let id: Int
            var points = 0.5

            func add(_ amount: Int) -> Bool {
                // never negative
                if amount < 0 { return false }
                print("added \(amount)")
                return true
            }
        }
        """#,
        "python": #"""
        import json
        from pathlib import Path

        # Points per purchase
        class Card:
            def __init__(self, points=0):
                self.points = points

            def add(self, amount: int) -> bool:
                """Adds points."""
                if amount < 0 or amount is None:
                    return False
                print(f"added {amount}", 'ok')
                return True
        """#,
        "javascript": #"""
        // Points for a purchase
        const points = 10;
        let total = points * 2.5;
        function add(card, amount) {
          if (amount < 0) { return false; }
          card.points += amount;
          console.log(`added ${amount}`, "ok", 'yes');
          return true;
        }
        /* done */
        export default add;
        """#,
        "typescript": #"""
        interface Card {
          id: number;
          name: string;
        }
        const cards: Card[] = [];
        export function add(card: Card, amount: number): boolean {
          return amount > 0 && card.id !== null;
        }
        """#,
        "json": #"""
        {
          "name": "Crema",
          "points": 120,
          "ratio": 1.5,
          "active": true,
          "tags": ["coffee", null]
        }
        """#,
        "yaml": #"""
        # site settings
        title: Crema
        points: 120
        active: true
        tags:
          - coffee
          - "moka pot"
        toc: { minHeadings: 4 }
        """#,
        "toml": #"""
        # settings
        title = "Crema"
        points = 120
        ratio = 1.5
        active = true

        [server]
        port = 8080
        hosts = ["a", 'b']
        """#,
        "bash": #"""
        #!/bin/sh
        # build the site
        export SITE=./Content
        if [ -d "$SITE" ]; then
          masthead build --site "$SITE" --quiet
        fi
        for f in *.md; do echo 'file:' $f; done
        """#,
        "sql": #"""
        -- points per member
        SELECT m.name, SUM(p.points) AS total
        FROM members m
        JOIN purchases p ON p.member_id = m.id
        WHERE p.date >= '2026-01-01' AND p.points > 10
        GROUP BY m.name
        ORDER BY total DESC;
        """#,
        "html": #"""
        <!DOCTYPE html>
        <html lang="it">
        <!-- a card -->
        <body>
          <a href="/points/" class='card'>Punti &amp; premi</a>
          <img src="moka.jpg" alt="Moka">
        </body>
        </html>
        """#,
        "css": #"""
        /* cards */
        .card > a:hover {
          color: #8a4420;
          margin: 0 1.5rem;
          font-family: "Iowan Old Style", serif;
        }
        @media (min-width: 40rem) {
          #main { display: grid !important; }
        }
        """#,
        "markdown": #"""
        # Crema

        Some *emphasis* and **strong** text with `code`.

        ## Points

        - first item
        - [a link](https://example.com)

        > a quote
        """#,
        "diff": #"""
        diff --git a/site.yml b/site.yml
        --- a/site.yml
        +++ b/site.yml
        @@ -1,3 +1,3 @@
         title: Crema
        -pageSize: 10
        +pageSize: 12
         language: it
        """#
    ]

    /// Where Masthead's lexers and Pygments 2.14 (Debian's python3-pygments) part, as
    /// `text: pygments→masthead`; docs/content.md, "Highlighted code", says why. Any other
    /// difference fails.
    static let documentedDifferences: [String: Set<String>] = [
        // `from pathlib import Path`: the name imported is a namespace too (Pygments: a plain name).
        "python": ["Path: n→nn"],
        // As Pygments 2.17 and later name them (2.14 has every SQL word `k`).
        "sql": ["AND: k→ow", "SUM: k→nf"]
    ]

    /// Pygments' classes for each character of `code`, from its HTML without a wrapper.
    static func pygmentsClasses(_ code: String, language: String) throws -> [(Character, String)] {
        let process = Process()
        let debian = "/usr/bin/pygmentize"
        process.executableURL = URL(fileURLWithPath: FileManager.default.isExecutableFile(atPath: debian) ? debian : "/usr/bin/env")
        process.arguments = (process.executableURL?.path == debian ? [] : ["pygmentize"]) + ["-l", language, "-f", "html", "-O", "nowrap"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(code.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "pygmentize failed for \(language)")
        var html = Substring(String(decoding: data, as: UTF8.self))
        var classes: [(Character, String)] = []
        func add(_ text: Substring, _ kind: String) {
            let plain = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
            for character in plain { classes.append((character, kind == "w" ? "" : kind)) }
        }
        while !html.isEmpty {
            if html.hasPrefix("<span class=\""), let close = html.range(of: "\">"), let end = html.range(of: "</span>") {
                let kind = html[html.index(html.startIndex, offsetBy: 13)..<close.lowerBound].split(separator: " ").first.map(String.init) ?? ""
                add(html[close.upperBound..<end.lowerBound], kind)
                html = html[end.upperBound...]
            } else {
                let next = html.range(of: "<span")?.lowerBound ?? html.endIndex
                add(html[..<next], "")
                html = html[next...]
            }
        }
        return classes
    }

    /// Runs of text where the two disagree, outside whitespace, as `text: pygments→masthead`.
    static func differences(_ code: String, language: String) throws -> Set<String> {
        let theirs = try pygmentsClasses(code, language: language)
        let tokens = try #require(CodeHighlighter.tokens(code, language: language))
        let ours = tokens.flatMap { token in token.text.map { ($0, token.kind) } }
        // Pygments ends the code with a newline of its own.
        #expect(String(ours.map(\.0)) == String(theirs.map(\.0).prefix(ours.count)), "\(language): the tokens are the code")
        var found = Set<String>()
        var run = ""
        var runKinds = ("", "")
        func flush() {
            let text = run.trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty, runKinds.0 != runKinds.1 { found.insert("\(text): \(runKinds.0)→\(runKinds.1)") }
            run = ""
        }
        for (index, (character, ourKind)) in ours.enumerated() where index < theirs.count {
            if character.isWhitespace {
                flush()
                continue
            }
            let kinds = (theirs[index].1, ourKind)
            if kinds != runKinds { flush() }
            runKinds = kinds
            run.append(character)
        }
        flush()
        return found
    }

    @Test("each language's sample has Pygments' classes, token by token, but for the documented differences", arguments: samples.keys.sorted())
    func againstPygments(language: String) throws {
        let code = try #require(Self.samples[language]) + "\n"
        let found = try Self.differences(code, language: language)
        let allowed = Self.documentedDifferences[language] ?? []
        #expect(found.subtracting(allowed).sorted() == [], "\(language): undocumented differences")
        let tokens = try #require(CodeHighlighter.tokens(code, language: language))
        #expect(tokens.filter { !$0.kind.isEmpty }.count >= 5, "\(language): the sample is highlighted")
    }

    @Test("an unknown language, and a block with no language, stay escaped and plain as cmark writes them")
    func unknownLanguage() throws {
        let renderer = MarkdownRenderer(options: MarkdownOptions())
        let html = renderer.render("```cobol\nDISPLAY '<b>'.\n```\n\n```\nplain & simple\n```\n", file: "x.md").html
        #expect(html == "<pre lang=\"cobol\"><code>DISPLAY '&lt;b&gt;'.\n</code></pre>\n<pre><code>plain &amp; simple\n</code></pre>\n")
        #expect(CodeHighlighter.tokens("x", language: "cobol") == nil)
    }

    @Test("a known language is highlighted in Chroma's markup, a token over two lines closed and opened on each")
    func markup() throws {
        let renderer = MarkdownRenderer(options: MarkdownOptions())
        let html = renderer.render("```swift\nlet a = \"<x>\" /* one\ntwo */\n```\n", file: "x.md").html
        #expect(
            html == "<div class=\"highlight\"><pre tabindex=\"0\" class=\"chroma\"><code class=\"language-swift\" data-lang=\"swift\">"
                + "<span class=\"line\"><span class=\"cl\"><span class=\"kd\">let</span> <span class=\"nv\">a</span> <span class=\"p\">=</span> "
                + "<span class=\"s\">&quot;&lt;x&gt;&quot;</span> <span class=\"cm\">/* one</span>\n</span></span>"
                + "<span class=\"line\"><span class=\"cl\"><span class=\"cm\">two */</span>\n</span></span></code></pre></div>\n")
    }

    @Test("fence options: numbered lines from linenostart, highlighted lines and ranges, as Hugo spells them")
    func fenceOptions() throws {
        let renderer = MarkdownRenderer(options: MarkdownOptions())
        let code = "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\nf: 6\n"
        let html = renderer.render("```yaml {linenos=true hl_lines=[2,\"4-5\"] linenostart=10}\n\(code)```\n", file: "x.md").html
        let lines = html.components(separatedBy: "<span class=\"line").dropFirst().map { "<span class=\"line" + $0 }
        #expect(lines.count == 6)
        #expect(lines.map { $0.hasPrefix("<span class=\"line hl\">") } == [false, true, false, true, true, false])
        #expect(lines[0].hasPrefix("<span class=\"line\"><span class=\"ln\">10</span><span class=\"cl\"><span class=\"nt\">a</span>"))
        #expect(lines[5].hasPrefix("<span class=\"line\"><span class=\"ln\">15</span>"))
        // Hugo's other spellings: quoted, space-separated, commas between options.
        #expect(FenceOptions(info: "go {linenos=table, hl_lines=\"1 3-4\"}").highlightedLines == [1, 3, 4])
        #expect(FenceOptions(info: "go {linenos=table, hl_lines=\"1 3-4\"}").lineNumbers)
        #expect(FenceOptions(info: "Python").language == "python")
        // Options on a language Masthead does not know: numbered, plain.
        let plain = renderer.render("```cobol {linenos=true}\nSTOP RUN.\n```\n", file: "x.md").html
        #expect(plain.contains("<span class=\"line\"><span class=\"ln\">1</span><span class=\"cl\">STOP RUN.\n</span></span>"))
    }

    @Test("a bad fence option is an error at the option, an unknown one a warning")
    func badFenceOptions() throws {
        let renderer = MarkdownRenderer(options: MarkdownOptions())
        let rendered = renderer.render("Text.\n\n```python {linenos=maybe hl_lines=[x] wrap=true}\npass\n```\n", file: "a.md", lineOffset: 4)
        #expect(
            rendered.diagnostics.map(\.description) == [
                "a.md:7:12: error: linenos: expected true, false, inline or table, got \"maybe\"",
                "a.md:7:26: error: hl_lines: expected line numbers like [2, \"4-6\"], got \"x\"",
                "a.md:7:39: warning: unknown code block option \"wrap\"; Masthead reads linenos, linenostart and hl_lines"
            ])
    }

    /// WCAG's relative luminance of `#rrggbb`.
    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { channel -> Double in
            let c = Double(channel) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }

    static func contrast(_ first: String, _ second: String) -> Double {
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    @Test("every colour of the default stylesheet's light and dark code themes reads at 4.5:1 on the code's backgrounds")
    func contrastOfThemes() throws {
        let css = try String(contentsOf: repositoryRoot.appendingPathComponent("Content/static/css/site.css"), encoding: .utf8)
        // The two `.highlight { --code-*: … }` rules: the light one, then the dark one.
        let themes = css.components(separatedBy: ".highlight {\n").dropFirst().map { String($0.prefix { $0 != "}" }) }
        #expect(themes.count == 2)
        for theme in themes {
            var colours: [String: String] = [:]
            for declaration in theme.split(separator: ";") {
                let parts = declaration.split(separator: ":").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                if parts.count == 2, parts[0].hasPrefix("--code-") { colours[parts[0]] = parts[1] }
            }
            let backgrounds = try [#require(colours["--code-bg"]), #require(colours["--code-hl-bg"])]
            let foregrounds = colours.filter { !$0.key.hasSuffix("bg") }
            #expect(foregrounds.count >= 15)
            for (name, colour) in foregrounds.sorted(by: { $0.key < $1.key }) {
                for background in backgrounds {
                    #expect(Self.contrast(colour, background) >= 4.5, "\(name) \(colour) on \(background): \(Self.contrast(colour, background))")
                }
            }
        }
        // Every class a lexer writes has a colour or a weight in the stylesheet, or is plain on purpose (`n`, `nx`, `p`).
        let kinds = Set(Self.samples.flatMap { CodeHighlighter.tokens($0.value, language: $0.key) ?? [] }.map(\.kind))
        for kind in kinds.subtracting(["", "n", "nx", "p", "l"]).sorted() {
            #expect(css.contains(".\(kind),") || css.contains(".\(kind))") || css.contains(".\(kind) {"), "no rule for .\(kind)")
        }
    }
}
