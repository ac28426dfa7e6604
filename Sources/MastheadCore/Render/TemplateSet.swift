import Foundation
import Mustache

/// The site's Mustache templates, parsed and checked: syntax errors with their line and
/// column, partials that do not exist, and partials that include themselves.
public struct TemplateSet: Sendable {
    public static let folder = "Templates"

    public let library: MustacheLibrary
    public let names: Set<String>
    /// For each template, a fingerprint of its text and of every partial and parent it reaches:
    /// a page needs rendering again only when its template's fingerprint changes.
    public var fingerprints: [String: UInt64] = [:]

    public init(library: MustacheLibrary, names: Set<String>) {
        self.library = library
        self.names = names
    }

    public static func load(siteDirectory: URL) -> (TemplateSet, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var sources: [String: (path: String, text: String)] = [:]
        let paths = ContentLoader.files(in: folder, siteDirectory: siteDirectory, diagnostics: &diagnostics)
            .filter { $0.hasSuffix(".mustache") }
        if !FileManager.default.fileExists(atPath: siteDirectory.appendingPathComponent(folder).path) {
            diagnostics.append(Diagnostic(.error, "missing Templates/ folder: the site needs its Mustache templates", file: folder))
        }
        for path in paths {
            let name = String(path.dropFirst(folder.count + 1).dropLast(".mustache".count))
            guard let data = FileManager.default.contents(atPath: siteDirectory.appendingPathComponent(path).path) else { continue }
            switch SourceFile(path: path, data: data).text() {
            case .success(let text): sources[name] = (path, text)
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        return parse(sources, diagnostics: diagnostics)
    }

    /// `sources` maps a template name (`article`, `partials/card`) to its file path and text.
    public static func parse(_ sources: [String: (path: String, text: String)], diagnostics: [Diagnostic] = []) -> (TemplateSet, [Diagnostic]) {
        var diagnostics = diagnostics
        var templates: [String: MustacheTemplate] = [:]
        for name in sources.keys.sorted() {
            let (path, text) = sources[name]!
            do {
                let parsed = try MustacheTemplate(string: text)
                // The same template with Masthead's faster HTML escaping (same output); parsed
                // as written above first, so errors keep their lines.
                templates[name] = MastheadHTMLContentType.registered
                    ? (try? MustacheTemplate(string: MastheadHTMLContentType.pragma + text)) ?? parsed : parsed
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(Diagnostic(.error, "template: \(describe(error.error))", file: path,
                                              line: error.context.lineNumber, column: error.context.columnNumber))
            } catch {
                diagnostics.append(Diagnostic(.error, "template: \(error)", file: path))
            }
        }
        diagnostics += checkPartials(sources)
        let valid = diagnostics.hasErrors ? [:] : templates
        // Names include templates that failed to parse: their error is already reported,
        // so they must not be reported again as missing.
        var set = TemplateSet(library: MustacheLibrary(templates: valid), names: Set(sources.keys))
        set.fingerprints = fingerprints(sources)
        return (set, diagnostics)
    }

    /// Each template's text with the texts of the templates it reaches through `{{> }}` and `{{< }}`.
    static func fingerprints(_ sources: [String: (path: String, text: String)]) -> [String: UInt64] {
        let references = sources.mapValues { Set(partialReferences(in: $0.text).map(\.name)) }
        var result: [String: UInt64] = [:]
        for name in sources.keys {
            var reached: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                for reference in references[next] ?? [] where sources[reference] != nil && reached.insert(reference).inserted {
                    queue.append(reference)
                }
            }
            var fingerprint = Fingerprint()
            for member in reached.sorted() {
                fingerprint.add(member)
                fingerprint.add(sources[member]?.text ?? "")
            }
            result[name] = fingerprint.value
        }
        return result
    }

    public func render(_ context: [String: Any], template name: String) -> String? {
        library.render(context, withTemplate: name)
    }

    static func describe(_ error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with a name that does not match its opening tag"
        case .unfinishedName: return "a tag is not closed (missing }})"
        case .expectedSectionEnd: return "a section is never closed (missing {{/name}})"
        case .invalidSetDelimiter: return "badly formed set-delimiter tag"
        case .transformAppliedToInheritanceSection: return "a transform cannot be applied to an inheritance section"
        case .illegalTokenInsideInheritSection: return "only block definitions {{$name}} may stand inside {{<parent}}"
        case .textInsideInheritSection: return "text inside {{<parent}} is not allowed; put it in a {{$block}}"
        case .invalidConfigVariableSyntax: return "badly formed {{% ... }} tag"
        case .unrecognisedConfigVariable: return "unknown {{% ... }} setting"
        }
    }

    /// Finds `{{> name}}` and `{{< name}}` tags: unknown names are errors, and so is a
    /// chain of partials that comes back to where it started (it would never end).
    static func checkPartials(_ sources: [String: (path: String, text: String)]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var edges: [String: [(name: String, line: Int, column: Int)]] = [:]
        for name in sources.keys.sorted() {
            let (path, text) = sources[name]!
            for reference in partialReferences(in: text) {
                if sources[reference.name] == nil {
                    diagnostics.append(Diagnostic(.error, "template: unknown partial '\(reference.name)'\(Suggestion.didYouMean(reference.name, in: sources.keys.sorted()))",
                                                  file: path, line: reference.line, column: reference.column))
                } else {
                    edges[name, default: []].append(reference)
                }
            }
        }
        var reported = Set<String>()
        for start in sources.keys.sorted() {
            if let cycle = findCycle(from: start, edges: edges), reported.insert(cycle.sorted().joined()).inserted {
                let first = edges[start]!.first { cycle.count > 1 ? $0.name == cycle[1] : $0.name == start }!
                diagnostics.append(Diagnostic(.error, "template: '\(start)' includes itself (\((cycle + [start]).joined(separator: " → "))), which would never end",
                                              file: sources[start]!.path, line: first.line, column: first.column))
            }
        }
        return diagnostics
    }

    private static func findCycle(from start: String, edges: [String: [(name: String, line: Int, column: Int)]]) -> [String]? {
        var path = [start]
        var visited = Set<String>()
        func visit(_ name: String) -> Bool {
            for next in edges[name] ?? [] {
                if next.name == start { return true }
                if visited.insert(next.name).inserted {
                    path.append(next.name)
                    if visit(next.name) { return true }
                    path.removeLast()
                }
            }
            return false
        }
        return visit(start) ? path : nil
    }

    /// Partial and parent tags with their 1-based position, for the default `{{ }}` delimiters.
    static func partialReferences(in text: String) -> [(name: String, line: Int, column: Int)] {
        var references: [(String, Int, Int)] = []
        var line = 1
        var column = 1
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("{{"), let close = text[index...].range(of: "}}") {
                let inner = text[text.index(index, offsetBy: 2)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
                if let sigil = inner.first, sigil == ">" || sigil == "<" {
                    let name = inner.dropFirst().trimmingCharacters(in: .whitespaces)
                    if !name.isEmpty, !name.hasPrefix("*") { references.append((name, line, column)) }
                }
            }
            if text[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index = text.index(after: index)
        }
        return references
    }
}
