import Foundation

/// Renders ```chart, ```kpi and ```table blocks and the named charts of site.yml into
/// HTML, reporting every problem at its line. One engine serves a whole build; it is
/// shared by the parallel document parsers.
public final class ReportEngine: Sendable {
    public static let blockNames: Set<String> = ["chart", "kpi", "table"]

    let store: StatsStore
    let format: ChartFormatter
    let labels: ReportLabels
    let charts: [NamedChart]
    let statements: StatementsConfig?

    public init(config: SiteConfig, siteDirectory: URL) {
        store = StatsStore(siteDirectory: siteDirectory, datasets: config.reports.datasets, timeZone: config.timeZone)
        format = ChartFormatter(language: config.language, timeZone: config.timeZone)
        labels = ReportLabels(language: config.language)
        charts = config.reports.charts
        statements = config.reports.statements
    }

    /// Private member statement pages, when `statements.enabled` is on; otherwise none.
    public func statementFiles(site: Site, templates: TemplateSet) -> ([OutputFile], [Diagnostic]) {
        guard let statements, statements.enabled else { return ([], []) }
        return MemberStatements(config: statements, store: store, format: format, site: site).files(templates: templates)
    }

    /// For `MarkdownRenderer.renderFencedBlock`. Diagnostics about the block carry an empty
    /// file name, which the renderer fills in with the Markdown file's.
    public func renderFencedBlock(info: String, body: String, line: Int) -> (html: String, diagnostics: [Diagnostic])? {
        let name = info.split(separator: " ").first.map(String.init) ?? ""
        guard Self.blockNames.contains(name), let kind = BlockSpec.Kind(rawValue: name) else { return nil }
        return render(kind: kind, yaml: body, file: "", line: line, id: "block-\(line)-\(Self.hash(body))")
    }

    /// Every `charts:` entry of site.yml, rendered once, by name.
    public func renderNamedCharts() -> ([String: String], [Diagnostic]) {
        var rendered: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for chart in charts {
            let location = chart.node.location
            let (spec, problems) = BlockSpecParser.parse(chart.node, kind: .chart, location: location)
            diagnostics += problems
            guard let spec else { continue }
            let (html, renderProblems) = render(spec, id: "chart-\(Slug.make(chart.name))")
            diagnostics += renderProblems
            rendered[chart.name] = html
        }
        return (rendered, diagnostics)
    }

    func render(kind: BlockSpec.Kind, yaml: String, file: String, line: Int, id: String) -> (html: String, diagnostics: [Diagnostic]) {
        let location = SourceLocation(file: file, line: line, column: 1)
        let node: YAMLNode
        switch YAMLNode.parse(yaml, file: file, lineOffset: line) {
        case .success(let parsed): node = parsed
        case .failure(let diagnostic): return ("", [diagnostic])
        }
        // A kpi block may hold a list of figures, shown side by side.
        if kind == .kpi, let items = node.items {
            var html = "<div class=\"kpi-row\">\n"
            var diagnostics: [Diagnostic] = []
            for (index, item) in items.enumerated() {
                let (spec, problems) = BlockSpecParser.parse(item, kind: .kpi, location: item.location)
                diagnostics += problems
                guard let spec else { continue }
                let (figure, renderProblems) = render(spec, id: "\(id)-\(index + 1)")
                diagnostics += renderProblems
                html += figure
            }
            return (html + "</div>\n", diagnostics)
        }
        let (spec, problems) = BlockSpecParser.parse(node, kind: kind, location: location)
        guard let spec else { return ("", problems) }
        let (html, renderProblems) = render(spec, id: id)
        return (html, problems + renderProblems)
    }

    /// Resolves the source and fields, aggregates, and draws.
    func render(_ spec: BlockSpec, id: String) -> (html: String, diagnostics: [Diagnostic]) {
        let table: AggregateTable
        switch self.table(for: spec) {
        case .success(let result): table = result
        case .failure(let problems): return ("", problems.diagnostics)
        }
        let view = BlockView(spec: spec, format: format, labels: labels)
        switch spec.kind {
        case .chart: return (view.chart(table, id: id), [])
        case .kpi: return (view.kpi(table), [])
        case .table: return (view.table(table), [])
        }
    }

    struct Problems: Error {
        var diagnostics: [Diagnostic]
    }

    /// The aggregated (unsorted) table a block asks for, or every problem with it.
    func table(for spec: BlockSpec) -> Result<AggregateTable, Problems> {
        let source: StatsSource
        switch store.source(named: spec.source, at: spec.sourceLocation) {
        case .success(let found): source = found
        case .failure(let diagnostic): return .failure(Problems(diagnostics: [diagnostic]))
        }
        let checker = FieldChecker(source: source, timeZone: store.timeZone)
        var diagnostics = checker.check(spec)
        let filters = checker.resolveFilters(spec.filters, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors else { return .failure(Problems(diagnostics: diagnostics)) }
        return store.table(spec.query, source: source, filters: filters).mapError { Problems(diagnostics: [$0]) }
    }

    /// FNV-1a, for ids that stay the same from build to build.
    static func hash(_ text: String) -> String {
        var value: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            value ^= UInt32(byte)
            value = value &* 16_777_619
        }
        return String(value, radix: 36)
    }
}
