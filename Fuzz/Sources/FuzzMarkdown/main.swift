import Foundation
import FuzzDriver
import MastheadMarkdown

/// Any text as a Markdown body, with raw HTML on and off, and as code for every lexer of the highlighter.
@_cdecl("FuzzMarkdown_main")
public func fuzzMarkdownMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    masthead_fuzz_main(argc, argv) { data, size in
        guard let data else { return 0 }
        return fuzzMarkdown(data, size)
    }
}

func fuzzMarkdown(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    var options = MarkdownOptions()
    _ = MarkdownRenderer(options: options, basePath: "/base/").render(text, file: "fuzz.md")
    options.rawHTML = true
    options.smartPunctuation = false
    _ = MarkdownRenderer(options: options).render(text, file: "fuzz.md")
    for language in languages { _ = CodeHighlighter.render(info: language, code: text) }
    return 0
}

/// One name of each lexer, and one with options.
let languages = [
    "swift", "python", "javascript", "typescript", "sql", "json", "yaml", "toml", "html", "markdown", "diff", "css", "shell",
    "go {linenos=true hl_lines=[1,\"2-3\"] linenostart=7}"
]
