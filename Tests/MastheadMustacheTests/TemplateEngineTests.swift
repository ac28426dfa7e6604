import Foundation
import MastheadContent
import MastheadTesting
import Mustache
import Testing

@testable import MastheadBuild
@testable import MastheadMustache
@testable import MastheadRender
@testable import MastheadSupport

/// Masthead renders templates with its own engine (`TemplateParser`, `TemplateRenderer`), in the
/// dialect of swift-mustache 2, which the themes were written for. These compare the two: every
/// page of the five sites, a table of the dialect's rules, and templates made at random.
@Suite("Masthead's template engine renders as swift-mustache does")
struct TemplateEngineTests {
    /// swift-mustache with Masthead's HTML escaping (the same five characters, by byte).
    struct MastheadEscaping: MustacheContentType {
        func escapeText(_ text: String) -> String { HTMLEscaping.escape(text) }
    }

    static let registered: Bool = {
        MustacheContentTypes.register(MastheadEscaping(), named: "MASTHEAD_TEST_HTML")
        return true
    }()

    /// The same templates in swift-mustache, escaping as Masthead does: a standalone pragma line
    /// first, which renders nothing.
    static func library(_ sources: [String: String]) throws -> MustacheLibrary {
        #expect(registered)
        return MustacheLibrary(templates: try sources.mapValues { try MustacheTemplate(string: "{{% CONTENT_TYPE: MASTHEAD_TEST_HTML}}\n" + $0) })
    }

    /// Masthead's template values seen through swift-mustache's protocol.
    /// Shown as the value shows itself: some values answer names and also stand for a text
    /// (an image for its URL).
    struct Bridge: MustacheParent, CustomStringConvertible {
        let parent: any TemplateParent

        var description: String { String(describing: parent) }

        func child(named name: String) -> Any? { Bridge.wrap(parent.child(named: name)) }

        static func wrap(_ value: Any?) -> Any? {
            guard let value else { return nil }
            if value is String || value is Bool || value is Int { return value }
            if let parent = value as? any TemplateParent { return Bridge(parent: parent) }
            if let list = value as? [Any] { return list.map { wrap($0)! } }
            return value
        }
    }

    static func ours(_ sources: [String: String], _ values: Any, template: String = "page") throws -> String? {
        TemplateRenderer(templates: try sources.mapValues { try TemplateParser.parse($0) }).render(values, template: template)
    }

    static func theirs(_ sources: [String: String], _ values: Any, template: String = "page") throws -> String? {
        try library(sources).render(values, withTemplate: template)
    }

    @Test("every page of the default site and of each example", arguments: SharedSites.paths)
    func everyPage(_ path: String) throws {
        let directory = repositoryRoot.appendingPathComponent(path)
        var options = BuildOptions(siteFolder: SiteFolder(directory))
        options.now = ContentDate.parse("2026-11-23", timeZone: TimeZone(identifier: "UTC")!)!
        let result = Pipeline.run(options: options)
        let site = try #require(result.site)
        var sources: [String: String] = [:]
        let folder = directory.appendingPathComponent("Templates")
        let files = try #require(FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") })
        for file in files {
            sources[String(file.dropLast(".mustache".count))] = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        }
        let (templates, problems) = TemplateSet.load(siteFolder: SiteFolder(directory), partialsRenderedOnce: false)
        #expect(!problems.hasErrors)
        let theirs = try Self.library(sources)
        var compared = 0
        for language in [site] + site.translations {
            let context = PageContext(site: language, templates: templates)
            for route in language.routes {
                guard let template = route.template, sources[template] != nil, case let values = context.values(for: route) else { continue }
                let ours = templates.render(values, template: template)
                let expected = theirs.render(Bridge(parent: values), withTemplate: template)
                #expect(ours == expected, "\(path) \(route.path)")
                if ours != expected { return }
                compared += 1
            }
        }
        #expect(compared >= 20, "\(path): \(compared) pages")
    }

    nonisolated(unsafe) static let values: [String: Any] = [
        "title": "Alpha & <Omega>", "empty": "", "zero": 0, "count": 3, "yes": true, "no": false,
        "names": ["ann", "bob", "cy"], "none": [String](), "nested": ["inner": ["deep": "found"], "title": "inner title"],
        "items": [["name": "one", "flag": true], ["name": "two", "flag": false], ["name": "three"]],
        "html": "<b>bold</b>", "layout": "base", "pairs": ["b": 2, "a": 1], "set": Set(["only"]), "number": 2.5
    ]

    /// Templates that each exercise one rule of the dialect.
    static let cases: [String] = [
        "{{title}} {{{title}}} {{&title}} {{ title }}",
        "{{nested.inner.deep}} {{nested.title}} {{nested.missing}} {{missing.deep}}",
        "{{#nested}}{{title}} {{.title}} {{count}} {{.count}}{{/nested}}",
        "{{#names}}{{.}}{{^last()}}, {{/last()}}{{/names}}",
        "{{#names}}{{index()}}:{{#first()}}F{{/first()}}{{#odd()}}o{{/odd()}}{{#even()}}e{{/even()}}{{/names}}",
        "{{#items}}{{name}}{{#flag}}!{{/flag}}{{^flag}}?{{/flag}}{{#first()}}<first>{{/first()}}{{/items}}",
        "{{^none}}nothing: {{.}}{{/none}}{{^names}}never{{/names}}{{#none}}never{{/none}}",
        "{{#yes}}yes{{/yes}}{{#no}}no{{/no}}{{^no}}not no{{/no}}{{#zero}}zero {{.}}{{/zero}}{{#empty}}[{{.}}]{{/empty}}",
        "{{uppercased(title)}} {{lowercased(title)}} {{capitalized(names)}} {{reversed(title)}}",
        "{{count(names)}} {{first(names)}} {{last(names)}} {{#empty(none)}}empty{{/empty(none)}} {{#reversed(names)}}{{.}}{{/reversed(names)}}",
        "{{plusone(count)}} {{minusone(count)}} {{#even(count)}}even{{/even(count)}}{{#odd(count)}}odd{{/odd(count)}} {{equalzero(zero)}}",
        "{{#sorted(names)}}{{.}}{{/sorted(names)}} {{count(pairs)}} {{#sorted(pairs)}}{{key}}={{value}};{{/sorted(pairs)}}",
        "{{uppercased(first(names))}} {{count(set)}} {{#set}}{{.}}{{/set}} {{number}} {{missing(title)}}",
        "line one\n  {{#yes}}\n  inside\n  {{/yes}}\nline two\n{{! a comment }}\n  {{! indented comment }}  \nend",
        "a\r\n{{#yes}}\r\nb\r\n{{/yes}}\r\nc {{title}}\r\n",
        "{{=<% %>=}}<% title %> {{title}} <%={{ }}=%>{{count}}",
        "before\n  {{> part}}\nafter\n\t{{>part}}\n{{>part}} inline",
        "{{> part}}",
        "{{<base}}{{$main}}main of page {{title}}{{/main}}{{/base}}",
        "{{<base}}\n  {{$main}}\n    indented main\n    second line\n  {{/main}}\n{{/base}}\n",
        "{{$main}}default main{{/main}} {{$other}}{{title}}{{/other}}",
        "{{>*layout}} {{<*layout}}{{$main}}dynamic{{/main}}{{/*layout}}",
        "{{% CONTENT_TYPE: TEXT}}\n{{html}} {{title}}",
        "{{#items}}{{#flag}}{{#first()}}in flag{{/first()}}{{/flag}}{{/items}} {{#names}}{{#yes}}{{#first()}}y{{/first()}}{{/yes}}{{/names}}",
        "{{#nested.inner}}{{deep}} {{title}}{{/nested.inner}} {{#nested}}{{#inner}}{{title}}{{/inner}}{{/nested}}",
        "{{.}}", "{{#title}}{{.}}{{/title}}", "  {{title}}\n", "{{#yes}}  \n{{/yes}}", "\n\n{{#no}}\n{{/no}}\n", "{{ }}"
    ]

    static let partials: [String: String] = [
        "part": "P1 {{title}}\nP2\n  {{#names}}\n  - {{.}}\n  {{/names}}\n",
        "base": "<main>\n  {{$main}}base main{{/main}}\n</main>\n{{$other}}{{/other}}"
    ]

    @Test("each rule of the dialect", arguments: cases)
    func rule(_ template: String) throws {
        var sources = Self.partials
        sources["page"] = template
        #expect(try Self.ours(sources, Self.values) == (try Self.theirs(sources, Self.values)))
    }

    @Test("a few rules, by what they render")
    func renders() throws {
        func render(_ template: String) throws -> String? {
            var sources = Self.partials
            sources["page"] = template
            return try Self.ours(sources, Self.values)
        }
        #expect(try render(Self.cases[0]) == "Alpha &amp; &lt;Omega&gt; Alpha & <Omega> Alpha & <Omega> Alpha &amp; &lt;Omega&gt;")
        #expect(try render(Self.cases[3]) == "ann, bob, cy")
        // A standalone partial indents its lines where a token starts one: swift-mustache's rule,
        // which leaves a section's later lines as they are (docs/templates.md, "Indentation").
        let indented = try render("before\n  {{> part}}\nafter")
        #expect(indented == "before\n  P1 Alpha &amp; &lt;Omega&gt;\n  P2\n    - ann\n  - bob\n  - cy\nafter")
        #expect(try render(Self.cases[18]) == "<main>\n  main of page Alpha &amp; &lt;Omega&gt;\n</main>\n")
    }

    /// Templates of random pieces: text, line breaks, indentation and every kind of tag.
    @Test("templates made at random render alike, or fail alike")
    func random() throws {
        var generator = SplitMix(seed: 42)
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        let names = ["title", "names", "items", "yes", "no", "nested", "none", "count", "name", "flag", ".", "nested.title", "empty"]
        let singles = [
            "text", " ", "  ", "\n", "\r\n", "\t", "{{%@}}", "{{{%@}}}", "{{&%@}}", "{{!c}}", "{{> part}}", "{{uppercased(%@)}}",
            "{{count(%@)}}", "{{$main}}m{{/main}}", "{{=<% %>=}}x<%={{ }}=%>", "&<>\"'"
        ]
        var compared = 0
        for _ in 0..<1500 {
            var open: [String] = []
            var text = ""
            for _ in 0..<pick(14) + 1 {
                let name = names[pick(names.count)]
                switch pick(6) {
                case 0 where open.count < 3:
                    let section = ["#", "^"][pick(2)] + (pick(4) == 0 ? "first()" : name)
                    open.append(String(section.dropFirst()))
                    text += "{{\(section)}}"
                case 1 where !open.isEmpty:
                    text += "{{/\(open.removeLast())}}"
                default:
                    text += singles[pick(singles.count)].replacingOccurrences(of: "%@", with: name)
                }
            }
            while let name = open.popLast() { text += "{{/\(name)}}" }
            var sources = Self.partials
            sources["page"] = text
            let expected = try? Self.theirs(sources, Self.values)
            let parsed = try? sources.mapValues { try TemplateParser.parse($0) }
            #expect((parsed == nil) == (expected == nil), "\(text.debugDescription)")
            guard let expected, let parsed else { continue }
            let ours = TemplateRenderer(templates: parsed).render(Self.values, template: "page")
            #expect(ours == expected, "\(text.debugDescription)")
            if ours != expected { return }
            compared += 1
        }
        #expect(compared > 1000)
    }

    @Test(
        "a template that cannot be read: the same line and column as swift-mustache's",
        arguments: [
            "{{#a}}\nx\n  {{/b}}", "a\n{{#a}}", "{{a", "{{{a}}", "{{=<% %>}}", "x\n\n  {{% CONTENT_TYPE: PDF}}", "{{% nothing }}",
            "{{<base}}{{a}}{{/base}}", "{{$a(b)}}{{/a(b)}}", "{{a(b}}", "{{#a}}{{/a}}{{/a}}", "{{!unclosed"
        ])
    func parseErrors(_ template: String) throws {
        let error = try #require(throws: TemplateParseError.self) { try TemplateParser.parse(template) }
        let theirs = try #require(throws: MustacheTemplate.ParserError.self) { try MustacheTemplate(string: template) }
        #expect(error.line == theirs.context.lineNumber)
        #expect(error.column == theirs.context.columnNumber)
    }
}
