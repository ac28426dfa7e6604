import Foundation
import MastheadTesting
import Testing

@testable import MastheadImages
@testable import MastheadMarkdown

/// Every enabled example of the GitHub Flavored Markdown spec (Tests/Fixtures/gfm/spec.txt, CC-BY-SA 4.0)
/// through Masthead's article path: the Markdown renderer with all its post-processing (heading ids,
/// figures, image markers, highlighting), then the image fill, as an article's body is made. Each
/// body is compared with the spec's HTML after the differences docs/content.md documents ("Masthead's
/// Markdown and the GFM spec"), with raw HTML on and off. A difference not documented fails.
@Suite("GFM spec")
struct GFMSpecTests {
    struct Example {
        var number: Int
        var line: Int
        var markdown: String
        var html: String
    }

    /// The spec's examples: between a line of 32 backticks and `example` (and an extension's name)
    /// and one of 32 backticks, the Markdown, a line `.`, the HTML; `→` stands for a tab.
    static let examples: [Example] = {
        let url = repositoryRoot.appendingPathComponent("Tests/Fixtures/gfm/spec.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        let fence = String(repeating: "`", count: 32)
        var examples: [Example] = []
        var number = 0
        var current: (line: Int, markdown: [String], html: [String], inHTML: Bool, enabled: Bool)?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if current == nil, line.hasPrefix(fence + " example") {
                number += 1
                current = (index + 1, [], [], false, !line.hasSuffix("disabled"))
            } else if let open = current {
                if line == fence {
                    if open.enabled {
                        let markdown = open.markdown.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
                        let html = open.html.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
                        examples.append(Example(number: number, line: open.line, markdown: markdown, html: html))
                    }
                    current = nil
                } else if line == ".", !open.inHTML {
                    current?.inHTML = true
                } else if open.inHTML {
                    current?.html.append(line)
                } else {
                    current?.markdown.append(line)
                }
            }
        }
        return examples
    }()

    /// An example's body as an article gets it: no images on the site, so a photo is its plain `<img>`.
    static func articleBody(_ markdown: String, rawHTML: Bool) -> String {
        var options = MarkdownOptions()
        options.rawHTML = rawHTML
        // The spec's quotes are straight: smart punctuation is the site's choice, off here.
        options.smartPunctuation = false
        let rendered = MarkdownRenderer(options: options).render(markdown, file: "spec.md")
        return ImageMarkup.fill(rendered.html, images: rendered.images, table: SiteImages(), firstIsProminent: false, link: { $0 })
    }

    /// A documented difference, and what undoes it.
    enum Difference: String, CaseIterable {
        case headingIDs = "heading ids and anchors"
        case tableAlignment = "table alignment as style"
        case taskLabels = "task list labels"
        case figures = "titled images alone in a paragraph as figures"
        case photos = "site photos written by Masthead"
        case preLang = "a code block's language as <pre lang>"
        case highlighting = "code in a known language highlighted"
        case tagfilter = "the tagfilter on every example (raw HTML on)"
        case autolinks = "the autolink extension on every example"
        case rawHTMLOmitted = "raw HTML omitted (raw HTML off)"
    }

    static func replacing(_ pattern: String, in text: String, with template: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return text }
        return regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }

    /// `html` with each documented difference undone, and the differences it had.
    static func normalised(_ html: String) -> (html: String, differences: Set<Difference>) {
        var html = html
        var differences = Set<Difference>()
        func undo(_ difference: Difference, _ pattern: String, _ template: String) {
            let undone = replacing(pattern, in: html, with: template)
            if undone != html { differences.insert(difference) }
            html = undone
        }
        undo(.headingIDs, "<a class=\"heading-anchor\" href=\"#[^\"]*\" aria-label=\"[^\"]*\">#</a>", "")
        undo(.headingIDs, "<h([1-6]) id=\"[^\"]*\">", "<h$1>")
        undo(.tableAlignment, " style=\"text-align: (left|center|right)\"", " align=\"$1\"")
        undo(.taskLabels, " aria-label=\"(done|to do)\"", "")
        undo(.figures, "<figure>\n(<img [^>]*?) />\n<figcaption>([^<]*)</figcaption>\n</figure>\n", "<p>$1 title=\"$2\" /></p>\n")
        undo(.preLang, "<pre lang=\"([^\"]*)\"><code>", "<pre><code class=\"language-$1\">")
        undo(.photos, "<img (src=\"/[^\"]*\" alt=\"[^\"]*\"(?: title=\"[^\"]*\")?)>", "<img $1 />")
        return (html, differences)
    }

    /// Whether `html` is the spec's `expected` but for code highlighted, raw HTML left out or filtered,
    /// or an address made a link in an example of the core spec.
    static func onlyUnnormalisable(_ html: String, expected: String, rawHTML: Bool) -> Difference? {
        let tags = "script|style|title|textarea|xmp|iframe|noembed|noframes|plaintext"
        if rawHTML, replacing("&lt;(/?(?:\(tags)))", in: html, with: "<$1") == expected { return .tagfilter }
        if replacing("<a href=\"[^\"]*\">([^<]*)</a>", in: html, with: "$1") == expected { return .autolinks }
        if html.contains("<div class=\"highlight\">"), expected.contains("<pre><code class=\"language-") { return .highlighting }
        if !rawHTML, html.contains("<!-- raw HTML omitted -->") || html.contains("href=\"\"") || html.contains("src=\"\"") {
            return .rawHTMLOmitted
        }
        return nil
    }

    @Test("every enabled example, raw HTML on and off: the spec's HTML but for documented differences", arguments: [true, false])
    func spec(rawHTML: Bool) {
        let examples = Self.examples
        #expect(examples.count == 671)
        var identical = 0
        var counts: [Difference: Int] = [:]
        var undocumented: [String] = []
        for example in examples {
            let body = Self.articleBody(example.markdown, rawHTML: rawHTML)
            if body == example.html {
                identical += 1
                continue
            }
            let (normalised, differences) = Self.normalised(body)
            if normalised == example.html {
                for difference in differences { counts[difference, default: 0] += 1 }
                continue
            }
            if let difference = Self.onlyUnnormalisable(normalised, expected: example.html, rawHTML: rawHTML) {
                counts[difference, default: 0] += 1
                continue
            }
            undocumented.append(
                "example \(example.number) (spec.txt:\(example.line)):\n\(example.markdown)--- expected\n\(example.html)--- got\n\(body)")
        }
        let summary = Difference.allCases.compactMap { difference in counts[difference].map { "\(difference.rawValue): \($0)" } }.joined(
            separator: ", ")
        print("GFM spec, raw HTML \(rawHTML ? "on" : "off"): \(examples.count) examples, \(identical) identical; \(summary)")
        #expect(undocumented.isEmpty, "\(undocumented.count) undocumented differences:\n\(undocumented.prefix(10).joined(separator: "\n\n"))")
    }
}
