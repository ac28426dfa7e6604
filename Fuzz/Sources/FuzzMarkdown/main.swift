import Foundation
import FuzzDriver
import MastheadMarkdown

/// Any text as a Markdown body, with raw HTML on and off.
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
    return 0
}
