import Foundation
import FuzzDriver
import MastheadContent
import MastheadMarkdown
import MastheadSite

/// Any bytes as an article file: front matter, then Markdown or HTML.
@_cdecl("FuzzFrontMatter_main")
public func fuzzFrontMatterMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    masthead_fuzz_main(argc, argv) { data, size in
        guard let data else { return 0 }
        return fuzzFrontMatter(data, size)
    }
}

func fuzzFrontMatter(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let config = SiteConfigLoader.parse("title: Fuzz\ncategories:\n  - name: Coffee\n").0 else { return 0 }
    let parser = DocumentParser(config: config, markdown: MarkdownRenderer(options: config.markdown))
    for path in ["Content/articles/fuzz.md", "Content/articles/fuzz.html"] {
        _ = parser.parse(SourceFile(path: path, data: data), kind: .article)
    }
    return 0
}
