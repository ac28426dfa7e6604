import Foundation
import FuzzDriver
import MastheadContent
import MastheadMarkdown
import MastheadRender
import MastheadSite
import MastheadSupport

/// Any text as the *values* of a fixed template: as a plain value, as list items (one
/// per line), and as front matter values (title, subtitle, summary of an article)
/// flowing through the article parser. Every value is rendered with `{{...}}` in text,
/// double- and single-quoted attributes and a partial, and the output must stay
/// well-formed: no `<`, `>`, `"` or `'` from a value, every `&` an entity. `XML.escape`
/// (feeds, sitemaps, SVG) is held to the same rule and must drop control characters.
/// A broken rule stops the fuzzer with the offending text.
@_cdecl("FuzzTemplateValues_main")
public func fuzzTemplateValuesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    masthead_fuzz_main(argc, argv) { data, size in
        guard let data else { return 0 }
        return fuzzTemplateValues(data, size)
    }
}

/// Wraps each value in the output, so the checks see exactly what a value became.
let markScalar: Unicode.Scalar = "\u{E000}"
let mark = String(markScalar)

let valueTemplates: TemplateSet? = {
    let page = """
        <title>\(mark){{title}}\(mark)</title>
        <p class="\(mark){{x}}\(mark)" data-x='\(mark){{x}}\(mark)'>\(mark){{x}}\(mark)</p>
        <ul>{{#items}}<li title="\(mark){{.}}\(mark)">\(mark){{.}}\(mark)</li>{{/items}}</ul>
        {{#article}}<h1>\(mark){{title}}\(mark)</h1><h2>\(mark){{subtitle}}\(mark)</h2><p>\(mark){{summary}}\(mark)</p>{{/article}}
        {{#cards}}{{> card}}{{/cards}}
        """
    let (templates, diagnostics) = TemplateSet.parse([
        "page": ("Templates/page.mustache", page),
        "card": ("Templates/card.mustache", "<a href=\"\(mark){{url}}\(mark)\">\(mark){{title}}\(mark)</a>")
    ])
    return diagnostics.contains { $0.severity == .error } ? nil : templates
}()

let valueParser: DocumentParser? = SiteConfigLoader.parse("title: Fuzz\ncategories:\n  - name: Coffee\n").0.map {
    DocumentParser(config: $0, markdown: MarkdownRenderer(options: $0.markdown))
}

/// A YAML double-quoted scalar holding exactly `text`.
func yamlQuoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case " "..."~": result.unicodeScalars.append(scalar)
        default: result += String(format: "\\U%08X", scalar.value)
        }
    }
    return result + "\""
}

/// Why `rendered` (what one value became) is not safe HTML/XML text, or nil.
func unsafeness(_ rendered: String, droppingControls: Bool) -> String? {
    let scalars = Array(rendered.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
        switch scalar {
        case "<", ">", "\"", "'":
            return "unescaped \(scalar) at scalar \(index)"
        case "&":
            // Compared by scalar: String.hasPrefix compares Characters, and `;` + a combining mark is one.
            let rest = scalars[index...]
            guard ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].contains(where: { rest.starts(with: $0.unicodeScalars) }) else {
                return "a bare & at scalar \(index)"
            }
        default:
            if droppingControls, scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" {
                return "control character U+\(String(scalar.value, radix: 16)) at scalar \(index)"
            }
        }
    }
    return nil
}

func fail(_ what: String, _ value: String) -> Never {
    // stderr is unbuffered: the message must be out before abort().
    FileHandle.standardError.write(Data("FuzzTemplateValues: \(what) in \(value.debugDescription)\n".utf8))
    abort()
}

func fuzzTemplateValues(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let templates = valueTemplates, let parser = valueParser else { return 0 }
    let decoded = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let text = String(String.UnicodeScalarView(decoded.unicodeScalars.filter { $0 != markScalar }))

    if let problem = unsafeness(XML.escape(text), droppingControls: true) { fail("XML.escape: " + problem, text) }

    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var context: [String: Any] = [
        "title": lines.first ?? "", "x": text, "items": lines,
        "cards": lines.prefix(3).map { ["title": $0, "url": $0] }
    ]
    let article = """
        ---
        title: \(yamlQuoted(lines.first ?? "x"))
        subtitle: \(yamlQuoted(lines.dropFirst().first ?? "y"))
        summary: \(yamlQuoted(text))
        category: Coffee
        date: 2026-11-23
        ---
        Body.
        """
    if let document = parser.parse(SourceFile(path: "Content/articles/fuzz.md", data: Data(article.utf8)), kind: .article).0 {
        context["article"] = ["title": document.title, "subtitle": document.subtitle ?? "", "summary": document.summary]
    }
    guard let output = templates.render(context, template: "page") else { return 0 }
    // Split by scalar: a value starting with a combining mark makes one Character of it and the mark.
    let pieces = output.unicodeScalars.split(separator: markScalar, omittingEmptySubsequences: false)
        .map { String(String.UnicodeScalarView($0)) }
    for index in stride(from: 1, to: pieces.count, by: 2) {
        if let problem = unsafeness(pieces[index], droppingControls: false) { fail("template value \(index / 2): " + problem, pieces[index]) }
    }
    return 0
}
