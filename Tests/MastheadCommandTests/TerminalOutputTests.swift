import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// What `masthead` prints, as a person at a terminal and a script reading a pipe see it:
/// the progress line, colours, source lines with carets, `--quiet`, `--verbose` and `--format json`.
@Suite("terminal output")
struct TerminalOutputTests {
    static let escape = "\u{1B}"
    /// Whether the text holds `ESC[...m`: a colour or bold.
    static func hasColours(_ text: String) -> Bool {
        text.contains(#/\x1B\[[0-9;]*m/#)
    }

    /// A site with one warning (an unknown front matter key) and, when asked, one error (a bad date).
    static func site(error: Bool, articles: Int = 1) throws -> TestSite {
        let site = try TestSite()
        for index in 0..<articles {
            try site.article("a\(index).md", "title: A \(index)\ndate: 2026-01-01\ncategory: coffee-culture")
        }
        try site.article("warned.md", "title: Warned\ndate: 2026-01-01\ncategory: coffee-culture\nsubtitel: x")
        if error { try site.article("broken.md", "title: Broken\ndate: someday\ncategory: coffee-culture") }
        return site
    }

    /// The diagnostic lines of text output: `path:line:column: severity: message`.
    static func headlines(_ errors: String) -> [String] {
        errors.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") || $0.contains(": warning: ") }
    }

    @Test("through a pipe: no escape codes and no carriage returns, even with the progress line due at once")
    func pipeIsPlain() throws {
        for withError in [false, true] {
            let site = try Self.site(error: withError)
            let run = try MastheadCommand.run(["build", "--site", site.root.path], environment: ["MASTHEAD_PROGRESS_AFTER": "0"])
            #expect(run.status == (withError ? 1 : 0), "\(run.errors)")
            #expect(run.errors.contains("Content/articles/warned.md:5:1: warning: unknown front matter key 'subtitel'"))
            for text in [run.output, run.errors] {
                #expect(!text.contains(Self.escape), "\(text)")
                #expect(!text.contains("\r"), "\(text)")
            }
        }
    }

    @Test("on a terminal: the progress line is drawn in place and cleared, and problems are in colour")
    func terminalShowsProgressAndColours() throws {
        let site = try Self.site(error: true, articles: 20)
        let (status, screen) = try MastheadCommand.runInTerminal(
            ["build", "--site", site.root.path],
            environment: ["MASTHEAD_PROGRESS_AFTER": "0"])
        #expect(status == 1)
        // Drawn over itself (carriage return, text, erase to the end of the line), then erased.
        #expect(screen.contains("\r"))
        #expect(screen.contains("reading"), "\(screen)")
        #expect(screen.contains("\(Self.escape)[K"))
        #expect(screen.contains("\r\(Self.escape)[K\(Self.escape)[1mContent/articles/"), "the line is cleared before the diagnostics: \(screen)")
        let escape = Self.escape
        #expect(screen.contains("\(escape)[1mContent/articles/broken.md:3:7:\(escape)[0m \(escape)[1;31merror:\(escape)[0m date:"))
        #expect(screen.contains("\(Self.escape)[1;33mwarning:\(Self.escape)[0m unknown front matter key 'subtitel'"))
    }

    @Test("a build quicker than the delay draws no progress line on a terminal")
    func quickBuildDrawsNothing() throws {
        let site = try Self.site(error: false)
        let (status, screen) = try MastheadCommand.runInTerminal(
            ["build", "--site", site.root.path],
            environment: ["MASTHEAD_PROGRESS_AFTER": "600"])
        #expect(status == 0)
        #expect(!screen.contains("\(Self.escape)[K"), "\(screen)")
        #expect(screen.contains("Built 1 home"))
    }

    @Test("NO_COLOR, and --color never, turn the colours off on a terminal; --color always turns them on in a pipe")
    func colourChoice() throws {
        let site = try Self.site(error: true)
        for (arguments, environment) in [([String](), ["NO_COLOR": "1"]), (["--color", "never"], [:])] {
            let (status, screen) = try MastheadCommand.runInTerminal(
                ["build", "--site", site.root.path] + arguments,
                environment: environment.merging(["MASTHEAD_PROGRESS_AFTER": "0"]) { $1 })
            #expect(status == 1)
            #expect(screen.contains("Content/articles/broken.md:3:7: error: date:"), "\(screen)")
            #expect(!Self.hasColours(screen), "\(screen)")
            #expect(screen.contains("reading"), "the progress line stays, without colours")
        }
        // An empty NO_COLOR is no request.
        let (_, coloured) = try MastheadCommand.runInTerminal(["build", "--site", site.root.path], environment: ["NO_COLOR": ""])
        #expect(coloured.contains("\(Self.escape)[1;31merror:"))
        let piped = try MastheadCommand.run(["build", "--site", site.root.path, "--color", "always"])
        #expect(piped.errors.contains("\(Self.escape)[1;31merror:\(Self.escape)[0m date:"))
        #expect(!piped.errors.contains("\r"), "no progress line in a pipe, whatever the colours")
        let wrong = try MastheadCommand.run(["build", "--site", site.root.path, "--color", "sometimes"])
        #expect(wrong.status == 2)
    }

    @Test("the source line is printed under a diagnostic, with the caret under its column")
    func excerptUnderDiagnostic() throws {
        let site = try Self.site(error: true)
        let run = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(
            run.errors.contains(
                """
                Content/articles/broken.md:3:7: error: date: expected a date like 2026-03-14 or 2026-03-14T09:30:00+01:00, got "someday"
                 3 | date: someday
                   |       ^

                """), "\(run.errors)")
    }

    @Test("the caret sits under the right character after multi-byte, wide and tab characters")
    func caretAfterWideCharacters() throws {
        let site = try TestSite()
        try site.write("Content/static/a.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        // é is two bytes and one column, 日 and 本 three bytes and two columns each, 🙂 four bytes and two columns.
        try site.article(
            "wide.md",
            "title: Wide\ndate: 2026-01-01\ncategory: coffee-culture\n"
                + "cover: { alt: \"日本🙂é\tx\", src: /a.svg, size: 3 }")
        let run = try MastheadCommand.run(["build", "--site", site.root.path])
        // 'size' is the 38th character of the line: the diagnostic counts characters, not bytes.
        #expect(run.errors.contains("Content/articles/wide.md:5:38: warning: unknown cover key 'size'"), "\(run.errors)")
        // Under `cover: { alt: "` (15 columns), 日本🙂 (6), é (1), the tab (kept), `x", src: /a.svg, ` (17).
        let padding = String(repeating: " ", count: 15 + 6 + 1) + "\t" + String(repeating: " ", count: 17)
        #expect(
            run.errors.contains(
                """
                 5 | cover: { alt: "日本🙂é\tx", src: /a.svg, size: 3 }
                   | \(padding)^

                """), "\(run.errors)")
    }

    @Test("in a CSV file the caret sits under the field the diagnostic names, on the line where it starts")
    func caretUnderCSVField() throws {
        // Row 3 starts on line 4: the title of row 2 holds a line break.
        let csv = "key,title,category,points\nmoka,\"Moka\nda 3 tazze\",caffè,1200\ncup,\"Tazza 日本\",caffè,molti\n"
        let site = try CatalogFixture.site(csv: csv)
        let run = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(run.status == 1)
        let headline = try #require(Self.headlines(run.errors).first { $0.contains("Content/catalogs/prizes.csv:3:4:") }, "\(run.errors)")
        #expect(headline.contains("error:"))
        // Under `cup,"Tazza ` (11 columns), 日本 (4), `",caffè,` (8).
        #expect(
            run.errors.contains(
                """
                \(headline)
                 4 | cup,"Tazza 日本",caffè,molti
                   | \(String(repeating: " ", count: 23))^

                """), "\(run.errors)")
    }

    @Test("in a Markdown body too the column counts characters, and the caret sits under the link")
    func caretUnderMarkdownLink() throws {
        let site = try CatalogFixture.site(csv: "key,title,category,points\nmoka,Moka,caffè,1200\n")
        try site.article("a.md", "title: A\ndate: 2026-01-01\ncategory: coffee-culture", body: "Caffè è [la moka](prize:nothing-here).")
        let run = try MastheadCommand.run(["build", "--site", site.root.path])
        #expect(
            run.errors.contains(
                """
                Content/articles/a.md:6:9: error: unknown prize 'nothing-here'
                 6 | Caffè è [la moka](prize:nothing-here).
                   |         ^

                """), "\(run.errors)")
    }

    @Test("--quiet prints errors only: no warnings, no summary")
    func quiet() throws {
        let failing = try Self.site(error: true)
        let run = try MastheadCommand.run(["build", "--site", failing.root.path, "--quiet"])
        #expect(run.status == 1)
        #expect(run.errors.contains("Content/articles/broken.md:3:7: error: date:"))
        #expect(!run.errors.contains("warning:"))
        #expect(run.output.isEmpty)
        let passing = try Self.site(error: false)
        let quiet = try MastheadCommand.run(["build", "--site", passing.root.path, "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.output.isEmpty && quiet.errors.isEmpty, "\(quiet.output)\(quiet.errors)")
        #expect(try MastheadCommand.run(["build", "--site", passing.root.path, "--quiet", "--verbose"]).status == 2)
    }

    @Test("--verbose adds each stage's time, as MASTHEAD_TIMINGS=1 does")
    func verbose() throws {
        let site = try Self.site(error: false)
        let verbose = try MastheadCommand.run(["build", "--site", site.root.path, "--verbose", "--no-cache"])
        let alias = try MastheadCommand.run(["build", "--site", site.root.path, "--no-cache"], environment: ["MASTHEAD_TIMINGS": "1"])
        let plain = try MastheadCommand.run(["build", "--site", site.root.path, "--no-cache"])
        for run in [verbose, alias] {
            #expect(run.status == 0)
            #expect(run.errors.contains("masthead: documents parsed "), "\(run.errors)")
            #expect(run.errors.contains("masthead: pages rendered "))
            // Each line: the stage, its wall-clock seconds, the CPU seconds it took, the peak memory so far.
            #expect(
                run.errors.contains(/masthead: documents parsed \d+\.\d{3} s \(CPU \d+\.\d{3} s, peak memory \d+ MB\)\n/), "\(run.errors)")
        }
        #expect(!plain.errors.contains("masthead: documents parsed"))
    }

    @Test("the summary ends with where the site went")
    func summaryEndsWithOutputFolder() throws {
        let site = try Self.site(error: false)
        let output = site.root.appendingPathComponent("out").path
        let built = try MastheadCommand.run(["build", "--site", site.root.path, "--output", output])
        let again = try MastheadCommand.run(["build", "--site", site.root.path, "--output", output])
        #expect(built.output.hasSuffix(" to \(output)\n"), "\(built.output)")
        #expect(built.output.contains("Built 1 home, 2 article, "))
        #expect(again.output.hasSuffix("up to date in \(output)\n"), "\(again.output)")
    }

    @Test("--format json prints one object on standard output, listing the diagnostics the text shows")
    func jsonListsTheSameDiagnostics() throws {
        let site = try Self.site(error: true)
        let text = try MastheadCommand.run(["build", "--site", site.root.path])
        let json = try MastheadCommand.run(["build", "--site", site.root.path, "--format", "json"])
        #expect(json.status == 1)
        #expect(json.errors.isEmpty, "the problems are in the object: \(json.errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["command"] as? String == "build")
        #expect(object["status"] as? String == "failed")
        #expect(object["errors"] as? Int == 1)
        #expect(object["warnings"] as? Int == 1)
        #expect(object["output"] as? String == site.root.appendingPathComponent("public").path)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let described = diagnostics.map { item in
            var place = item["file"] as? String ?? ""
            if let line = item["line"] as? Int { place += ":\(line)" }
            if let column = item["column"] as? Int { place += ":\(column)" }
            return "\(place): \(item["severity"] as? String ?? ""): \(item["message"] as? String ?? "")"
        }
        #expect(described == Self.headlines(text.errors), "\(json.output)\n\(text.errors)")
        #expect(diagnostics.allSatisfy { Set($0.keys) == ["severity", "file", "line", "column", "message"] })
    }

    @Test("--format json for a built site, an up-to-date one, and masthead check")
    func jsonSummaries() throws {
        let site = try Self.site(error: false)
        let first = try MastheadCommand.run(["build", "--site", site.root.path, "--format", "json"])
        let built = try #require(try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any], "\(first.output)")
        #expect(built["status"] as? String == "built")
        #expect((built["pages"] as? [String: Int])?["article"] == 2)
        let files = try #require(built["files"] as? [String: Int])
        #expect(files["written"] ?? 0 > 0)
        #expect(built["bytes"] as? Int ?? 0 > 0)
        #expect(built["seconds"] is Double || built["seconds"] is Int)
        let warning = (built["diagnostics"] as? [[String: Any]])?.first
        #expect(warning?["message"] as? String == "unknown front matter key 'subtitel'; did you mean 'subtitle'?")

        let second = try MastheadCommand.run(["build", "--site", site.root.path, "--format", "json"])
        let upToDate = try #require(try JSONSerialization.jsonObject(with: Data(second.output.utf8)) as? [String: Any])
        #expect(upToDate["status"] as? String == "upToDate")
        #expect(upToDate["pages"] as? [String: Int] == built["pages"] as? [String: Int])
        #expect(upToDate["bytes"] as? Int == built["bytes"] as? Int)
        let repeated = try #require(upToDate["diagnostics"] as? [[String: Any]])
        #expect(repeated.first?["line"] as? Int == 5 && repeated.first?["column"] as? Int == 1, "the cached warnings keep their place")

        let check = try MastheadCommand.run(["check", "--site", site.root.path, "--format", "json"])
        let checked = try #require(try JSONSerialization.jsonObject(with: Data(check.output.utf8)) as? [String: Any], "\(check.output)")
        #expect(checked["command"] as? String == "check")
        #expect(checked["checkedPages"] as? Int ?? 0 > 0)
        #expect(checked["files"] == nil && checked["output"] == nil)
        #expect(checked["pages"] as? [String: Int] == built["pages"] as? [String: Int])
    }

    @Test("masthead serve shows its first build's progress on a terminal, then the address")
    func serveShowsFirstBuild() throws {
        let site = try Self.site(error: false)
        let (_, screen) = try MastheadCommand.runInTerminal(
            ["serve", "--site", site.root.path, "--port", "0"],
            environment: ["MASTHEAD_PROGRESS_AFTER": "0"], interruptAfter: "Ctrl-C stops")
        let progress = try #require(screen.range(of: "reading"), "\(screen)")
        let cleared = try #require(screen.range(of: "\r\(Self.escape)[K", options: .backwards), "\(screen)")
        let summary = try #require(screen.range(of: "build 1 in "), "\(screen)")
        let address = try #require(screen.range(of: "http://127.0.0.1:"), "\(screen)")
        #expect(progress.lowerBound < cleared.lowerBound && cleared.lowerBound < summary.lowerBound, "cleared before the summary")
        #expect(summary.lowerBound < address.lowerBound, "the summary ends with the address: \(screen)")
    }
}
