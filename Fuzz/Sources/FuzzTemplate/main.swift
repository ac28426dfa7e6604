import Foundation
import FuzzDriver
import MastheadRender

/// Any text as a Mustache template (with itself as a partial named `self` and a layout
/// named `base`), rendered against a context shaped like an article page's.
@_cdecl("FuzzTemplate_main")
public func fuzzTemplateMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    masthead_fuzz_main(argc, argv) { data, size in
        guard let data else { return 0 }
        return fuzzTemplate(data, size)
    }
}

func fuzzTemplate(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let (templates, diagnostics) = TemplateSet.parse([
        "page": ("Templates/page.mustache", text),
        "self": ("Templates/self.mustache", text),
        "base": ("Templates/base.mustache", "<main>{{$main}}{{/main}}</main>"),
        "card": ("Templates/card.mustache", "<a href=\"{{url}}\">{{title}}</a>")
    ])
    guard !diagnostics.contains(where: { $0.severity == .error }) else { return 0 }
    let card: [String: Any] = ["title": "A <b>", "url": "/a/", "featured": true, "tags": ["x", "y"]]
    let context: [String: Any] = [
        "site": ["title": "Fuzz", "categories": [card, card]],
        "page": ["title": "T", "kind": "article"],
        "article": card.merging(["content": "<p>x</p>", "related": [card], "gallery": []]) { $1 },
        "articles": [card, card, card],
        "empty": [String]()
    ]
    _ = templates.render(context, template: "page")
    return 0
}
