import Foundation
import MastheadContent
import MastheadMustache
import MastheadSupport

/// The site's Mustache templates, parsed and checked: syntax errors with their line and
/// column, partials that do not exist, partials that include themselves, and nesting deeper
/// than `maxNesting`.
public struct TemplateSet: Sendable {
    package static let folder = SiteFolders.templates

    var renderer: TemplateRenderer
    package let names: Set<String>
    /// For each template, a fingerprint of its text and of every partial and parent it reaches:
    /// a page needs rendering again only when its template's fingerprint changes.
    package var fingerprints: [String: UInt64] = [:]
    /// Whether `{{>card}}` places a card rendered once per article (`CardHTML`) rather than
    /// rendering the card's template again at each place it appears.
    package private(set) var rendersCardsOnce = false

    /// The partial every list of articles includes, rendered once per article.
    static let cardPartial = "card"
    /// The name the card's own template is kept under when `card` places the rendered card:
    /// a space cannot stand in a partial tag, so no template can include it.
    static let cardTemplate = "card template"
    /// The partials under `Templates/site-wide/`, each rendered once per language and placed on
    /// every page that includes it (`SiteWideValues`): by the name its placer reads, the
    /// name its own template is kept under.
    package private(set) var siteWidePartials: [String: String] = [:]
    static let siteWideFolder = "site-wide/"
    /// The start of the names placers read: not one a template could mean.
    static let placerPrefix = "masthead-rendered-"
    /// Whether a template shows `page.image`: only then are social cards drawn.
    package var showsPageImage = false
    /// The templates showing a named chart (`{{{charts.NAME}}}`), themselves or through a
    /// partial or parent they reach: only their pages change with a named chart.
    package var showingNamedCharts: Set<String> = []
    /// `Templates/i18n/<code>.yml`: the theme's words per language (`{{i18n.KEY}}`).
    package var strings = TemplateStrings()

    /// Each template's file, by the name it is rendered under (`card template` is the card's).
    private var paths: [String: String] = [:]

    init(renderer: TemplateRenderer, names: Set<String>) {
        self.renderer = renderer
        self.names = names
    }

    /// `partialsRenderedOnce: false` renders every card and site-wide partial in place: the
    /// simple version, which tests compare with.
    package static func load(siteFolder: SiteFolder, partialsRenderedOnce: Bool = true) -> (TemplateSet, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var sources: [String: (path: String, text: String)] = [:]
        let files = ContentLoader.files(in: folder, siteFolder: siteFolder, diagnostics: &diagnostics)
        let paths = files.filter { $0.hasSuffix(".mustache") }
        if !FileManager.default.fileExists(atPath: siteFolder.path(folder)) {
            diagnostics.append(Diagnostic(.error, "missing Templates/ folder: the site needs its Mustache templates", file: folder))
        }
        for path in paths {
            let name = String(path.dropFirst(folder.count + 1).dropLast(".mustache".count))
            // An unreadable template is an error at it, not a template gone missing.
            switch siteFolder.read(path).flatMap({ SourceFile(path: path, data: $0).text() }) {
            case .success(let text): sources[name] = (path, text)
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        let strings = TemplateStrings.load(paths: files, siteFolder: siteFolder, diagnostics: &diagnostics)
        var (set, problems) = parse(sources, diagnostics: diagnostics, partialsRenderedOnce: partialsRenderedOnce)
        set.strings = strings
        return (set, problems)
    }

    /// Sections, partials and parents nest at most this deep, counted across templates:
    /// `TemplateParser` and `TemplateRenderer` read and render them by recursion, on the stack.
    package static let maxNesting = 100

    /// `sources` maps a template name (`article`, `partials/card`) to its file path and text.
    public static func parse(
        _ sources: [String: (path: String, text: String)], diagnostics: [Diagnostic] = [], partialsRenderedOnce: Bool = true
    ) -> (TemplateSet, [Diagnostic]) {
        var diagnostics = diagnostics
        var templates: [String: ParsedTemplate] = [:]
        var outlines: [String: TemplateOutline] = [:]
        let scanner = TemplateScanner(maxNesting: maxNesting)
        for name in sources.keys.sorted() {
            let (path, text) = sources[name]!
            let outline = scanner.outline(of: text)
            outlines[name] = outline
            // The parser only ever sees a template the scanner has read to the end.
            if let problem = outline.problem {
                diagnostics.append(Diagnostic(.error, "template: \(problem.message)", file: path, line: problem.line, column: problem.column))
                continue
            }
            do {
                templates[name] = try TemplateParser.parse(text)
            } catch {
                diagnostics.append(Diagnostic(.error, "template: \(error.message)", file: path, line: error.line, column: error.column))
            }
        }
        diagnostics += TemplateGraph.check(outlines, paths: sources.mapValues(\.path), maxNesting: maxNesting)
        var valid = diagnostics.hasErrors ? [:] : templates
        // A list shows each article's card on many pages (about ten times over on a large site):
        // `card` then places the card `CardHTML` rendered once. Its indentation is not repeated
        // on the card's lines, so the themes include it inline (`{{#articles}}{{>card}}{{/articles}}`).
        let placesRenderedCards = partialsRenderedOnce && valid[cardPartial] != nil
        if placesRenderedCards {
            valid[cardTemplate] = valid[cardPartial]
            valid[cardPartial] = placer(CardValues.renderedKey)
        }
        // What is the same on every page (the footer, the menu) is rendered once per language and
        // placed like a card, under the same rule: its indentation is not repeated on its lines.
        var siteWide: [String: String] = [:]
        var paths = sources.mapValues(\.path)
        paths[cardTemplate] = paths[cardPartial]
        for name in valid.keys.sorted() where partialsRenderedOnce && name.hasPrefix(siteWideFolder) {
            let key = placerPrefix + name.map { $0.isLetter || $0.isNumber ? $0 : "-" }
            let kept = name + " (rendered once)"
            valid[kept] = valid[name]
            valid[name] = placer(key)
            siteWide[key] = kept
            paths[kept] = paths[name]
        }
        // Names include templates that failed to parse: their error is already reported,
        // so they must not be reported again as missing.
        var set = TemplateSet(renderer: TemplateRenderer(templates: valid), names: Set(sources.keys))
        set.paths = paths
        set.rendersCardsOnce = placesRenderedCards
        set.siteWidePartials = siteWide
        let reached = reached(sources, outlines: outlines)
        set.fingerprints = reached.mapValues { members in
            var fingerprint = Fingerprint()
            for member in members.sorted() {
                fingerprint.add(member)
                fingerprint.add(sources[member]?.text ?? "")
            }
            return fingerprint.value
        }
        let chartTag = try! Regex(#"\{\{\{?\s*[#^&]?\s*charts\b"#)
        let showCharts = Set(sources.keys.filter { sources[$0]?.text.contains(chartTag) == true })
        set.showingNamedCharts = Set(reached.keys.filter { !reached[$0, default: []].isDisjoint(with: showCharts) })
        set.showsPageImage = sources.values.contains { $0.text.contains("page.image") }
        return (set, diagnostics)
    }

    /// A template that shows the value of `key` as it is, `{{{key}}}`.
    private static func placer(_ key: String) -> ParsedTemplate {
        ParsedTemplate([.variable(TemplateName(key), escaped: false)])
    }

    /// Each template with the templates it reaches through `{{> }}` and `{{< }}`, itself included.
    static func reached(_ sources: [String: (path: String, text: String)], outlines: [String: TemplateOutline]) -> [String: Set<String>] {
        let references = outlines.mapValues { outline in
            Set(outline.references.filter { $0.kind != .block && !$0.isDynamic }.map(\.name))
        }
        var result: [String: Set<String>] = [:]
        for name in sources.keys {
            var reached: Set<String> = [name]
            var queue = [name]
            while let next = queue.popLast() {
                for reference in references[next] ?? [] where sources[reference] != nil && reached.insert(reference).inserted {
                    queue.append(reference)
                }
            }
            result[name] = reached
        }
        return result
    }

    /// The file of the template rendered as `name`; nil when there is none.
    package func path(of name: String) -> String? { paths[name] }

    /// `values`: a page's `PageValues` (docs/templates.md), or a dictionary keyed by name
    /// (the fuzz targets render those).
    public func render(_ values: Any, template name: String) -> String? {
        renderer.render(values, template: name)
    }

    /// An error for each template whose render ran past its limits since the last call
    /// (`TemplateRenderer.Limits`): the build that rendered it fails.
    package func overrunProblems() -> [Diagnostic] {
        renderer.overruns.take().map { overrun in
            Diagnostic(.error, "template: \(overrun.message)", file: paths[overrun.template] ?? "\(Self.folder)/\(overrun.template).mustache")
        }
    }
}
