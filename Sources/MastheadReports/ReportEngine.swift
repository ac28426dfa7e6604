import Foundation
import MastheadCharts
import MastheadContent
import MastheadSite
import MastheadSupport

/// Renders ```chart, ```kpi and ```table blocks and the named charts of site.yml into
/// HTML, reporting every problem at its line. One engine serves a whole build; it is
/// shared by the parallel document parsers.
public final class ReportEngine: Sendable {
    public static let blockNames: Set<String> = ["chart", "kpi", "table"]

    package let store: StatsStore
    package let format: ChartFormatter
    let labels: ReportLabels
    let charts: [NamedChart]
    package let statements: StatementsConfig?
    /// The site's loaded catalogs: `x: { catalog: NAME }` titles and dataset joins.
    let catalogs: [Catalog]
    let config: SiteConfig
    /// Titles of a catalog's items by catalog name, built once per catalog and build.
    private let catalogTitles = OnceCache<String, CatalogTitles>()
    /// Blocks parsed while documents are, drawn after (`drawBlocks`).
    let pending = PendingBlocks()
    /// The database results the blocks read, and which files read each.
    package var databaseResults: DatabaseResults { store.results }

    /// `catalogs`: the catalogs loaded for this build (datasets may join them, and x values may name their items).
    /// `environment`: where database URLs are looked up; `databaseResults`: kept between the preview's builds.
    public init(
        config: SiteConfig, siteFolder: SiteFolder, catalogs: [Catalog] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment, databaseResults: DatabaseResults = DatabaseResults()
    ) {
        store = StatsStore(
            siteFolder: siteFolder, datasets: config.reports.datasets, timeZone: config.timeZone,
            catalogs: catalogs, declaredCatalogs: config.catalogs.map(\.name),
            catalogFieldTypes: Dictionary(
                config.catalogs.compactMap { catalog in
                    catalog.fields.map { fields in (catalog.file, Dictionary(fields.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })) }
                }, uniquingKeysWith: { first, _ in first }),
            environment: environment, results: databaseResults)
        format = ChartFormatter(language: config.language, timeZone: config.timeZone)
        labels = ReportLabels(language: config.language)
        charts = config.reports.charts
        statements = config.reports.statements
        self.catalogs = catalogs
        self.config = config
    }

    /// Problems with `datasets:` joins, reported once per build (blocks using such a
    /// dataset only say that it cannot be used).
    func datasetDiagnostics() -> [Diagnostic] {
        store.datasets.filter { $0.join != nil }.compactMap { dataset in
            if case .failure(let problem) = store.source(named: dataset.name, at: dataset.location) { return problem }
            return nil
        }
    }

    /// For `MarkdownRenderer.renderFencedBlock`: the block parsed and drawn at once.
    /// Diagnostics about the block carry an empty file name, which the renderer fills in
    /// with the Markdown file's.
    public func renderFencedBlock(info: String, body: String, line: Int) -> (html: String, diagnostics: [Diagnostic])? {
        guard let block = parseFencedBlock(info: info, body: body, line: line) else { return nil }
        let (html, problems) = draw(block)
        return (html, block.diagnostics + problems)
    }

    /// For `MarkdownRenderer.renderFencedBlock` in a build: the block parsed, its problems
    /// reported, and left as a placeholder that `drawBlocks` draws once every document is parsed.
    package func deferFencedBlock(info: String, body: String, line: Int, file: String) -> (html: String, diagnostics: [Diagnostic])? {
        guard let block = parseFencedBlock(info: info, body: body, line: line) else { return nil }
        for (spec, _) in block.specs { store.readAhead(spec.source, at: spec.sourceLocation) }
        return (pending.placeholder(for: block, file: file), block.diagnostics)
    }

    private func parseFencedBlock(info: String, body: String, line: Int) -> ParsedBlock? {
        let name = info.split(separator: " ").first.map(String.init) ?? ""
        guard Self.blockNames.contains(name), let kind = BlockSpec.Kind(rawValue: name) else { return nil }
        return parse(kind: kind, yaml: body, file: "", line: line, id: "block-\(line)-\(StableHash.shortID(body))")
    }

    /// Every `charts:` entry of site.yml, rendered once, by name.
    /// Also reports the problems of dataset joins, as it runs once per build.
    package func renderNamedCharts() -> ([String: String], [Diagnostic]) {
        var rendered: [String: String] = [:]
        var diagnostics: [Diagnostic] = datasetDiagnostics()
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

    func parse(kind: BlockSpec.Kind, yaml: String, file: String, line: Int, id: String) -> ParsedBlock {
        let location = SourceLocation(file: file, line: line, column: 1)
        let node: YAMLNode
        switch YAMLNode.parse(yaml, file: file, lineOffset: line) {
        case .success(let parsed): node = parsed
        case .failure(let diagnostic): return ParsedBlock(specs: [], isFigureRow: false, diagnostics: [diagnostic])
        }
        // A kpi block may hold a list of figures, shown side by side.
        if kind == .kpi, let items = node.items {
            var block = ParsedBlock(specs: [], isFigureRow: true, diagnostics: [])
            for (index, item) in items.enumerated() {
                let (spec, problems) = BlockSpecParser.parse(item, kind: .kpi, location: item.location)
                block.diagnostics += problems
                if let spec { block.specs.append((spec, "\(id)-\(index + 1)")) }
            }
            return block
        }
        let (spec, problems) = BlockSpecParser.parse(node, kind: kind, location: location)
        return ParsedBlock(specs: spec.map { [($0, id)] } ?? [], isFigureRow: false, diagnostics: problems)
    }

    /// A parsed block's HTML, with the problems found drawing it (not those found parsing it).
    func draw(_ block: ParsedBlock) -> (html: String, diagnostics: [Diagnostic]) {
        var html = block.isFigureRow ? "<div class=\"kpi-row\">\n" : ""
        var diagnostics: [Diagnostic] = []
        for (spec, id) in block.specs {
            let (figure, problems) = render(spec, id: id)
            html += figure
            diagnostics += problems
        }
        return (block.isFigureRow ? html + "</div>\n" : html, diagnostics)
    }

    /// Resolves the source and fields, aggregates, and draws.
    func render(_ spec: BlockSpec, id: String) -> (html: String, diagnostics: [Diagnostic]) {
        if spec.drawsRows { return renderRowChart(spec, id: id) }
        let table: AggregateTable
        switch self.table(for: spec) {
        case .success(let result): table = result
        case .failure(let problems): return ("", problems.diagnostics)
        }
        var view = BlockView(spec: spec, format: format, labels: labels)
        if let name = spec.x?.catalog, let catalog = catalogs.first(where: { $0.config.name == name }) {
            view.titles = catalogTitles.value(for: name) { CatalogTitles(catalog: catalog, config: config) }
        }
        var warnings: [Diagnostic] = []
        if let problem = view.numberProblem(table) { return ("", [.error(problem, at: spec.location)]) }
        if let warning = view.limitWarning(table) { warnings.append(.warning(warning, at: spec.location)) }
        if let span = table.unfilledSpan {
            let day = Date.ISO8601FormatStyle().year().month().day()
            let bucket = table.bucket?.rawValue ?? "bucket"
            warnings.append(
                .warning(
                    "x: the dates run from \(span.lowerBound.formatted(day)) to \(span.upperBound.formatted(day)), "
                        + "too many \(bucket)s to show the empty ones; is a year mistyped in \(spec.source)?",
                    at: spec.x?.location ?? spec.location))
        }
        switch spec.kind {
        case .chart: return (view.chart(table, id: id), warnings)
        case .kpi: return (view.kpi(table), warnings)
        case .table: return (view.table(table), warnings)
        }
    }

    struct Problems: Error {
        var diagnostics: [Diagnostic]
    }

    /// The aggregated (unsorted) table a block asks for, or every problem with it.
    func table(for spec: BlockSpec) -> Result<AggregateTable, Problems> {
        let source: StatsSource
        switch self.source(for: spec) {
        case .success(let found): source = found
        case .failure(let problems): return .failure(problems)
        }
        let checker = FieldChecker(source: source, timeZone: store.timeZone)
        var diagnostics = checker.check(spec)
        let filters = checker.resolveFilters(spec.filters, diagnostics: &diagnostics)
        var query = spec.query
        query.x?.fixed = checker.resolveFixedValues(spec, diagnostics: &diagnostics)
        if source.database != nil { query.pushedOrder = pushedOrder(spec, source: source) }
        if let name = spec.x?.catalog, !catalogs.contains(where: { $0.config.name == name }) {
            let declared = config.catalogs.map(\.name)
            let message =
                declared.contains(name)
                ? "x.catalog: the catalog '\(name)' has errors, so its titles are not available"
                : "x.catalog: unknown catalog '\(name)'\(Suggestion.didYouMean(name, in: declared)) "
                    + "(catalogs: \(declared.isEmpty ? "none" : declared.joined(separator: ", ")))"
            diagnostics.append(.error(message, at: spec.x?.catalogLocation ?? spec.location))
        }
        guard !diagnostics.hasErrors else { return .failure(Problems(diagnostics: diagnostics)) }
        switch store.table(query, source: source, filters: filters, askedAt: spec.location) {
        case .success(let table): return .success(table)
        case .failure(.read(let problem)): return .failure(Problems(diagnostics: [problem]))
        case .failure(.numbers(let problem)):
            let view = BlockView(spec: spec, format: format, labels: labels)
            return .failure(Problems(diagnostics: [diagnostic(for: problem, spec: spec, source: source, view: view)]))
        }
    }

    /// `sort:` by y and `limit:` asked of the database when the rows left out cannot change
    /// what the block shows: whole numbers (count, distinct) by plain values, one series, a chart or table.
    func pushedOrder(_ spec: BlockSpec, source: StatsSource) -> AggregationQuery.PushedOrder? {
        guard spec.kind != .kpi, spec.series == nil, let x = spec.x, case .value = x.rule, x.values == nil, let limit = spec.limit,
            spec.sort == .y || spec.sort == .descendingY, let column = source.column(x.field), source.columns[column].type != .date
        else { return nil }
        switch spec.measure {
        case .count, .distinct: break
        default: return nil
        }
        return .init(descending: spec.sort == .descendingY, limit: limit, textX: source.columns[column].type == .string)
    }

    /// The block's source. A dataset whose join is wrong in site.yml is reported there
    /// once (`datasetDiagnostics`); the block only says it cannot use it.
    func source(for spec: BlockSpec) -> Result<StatsSource, Problems> {
        switch store.source(named: spec.source, at: spec.sourceLocation) {
        case .success(let found): return .success(found)
        case .failure(let diagnostic):
            if let dataset = store.datasets.first(where: { $0.name == spec.source }), dataset.join != nil,
                diagnostic.file == SiteConfigLoader.path,
                spec.sourceLocation.file != SiteConfigLoader.path || spec.sourceLocation.line != diagnostic.line
            {
                let message = "source: the dataset '\(spec.source)' cannot be used until its declaration in \(SiteConfigLoader.path) is fixed"
                return .failure(Problems(diagnostics: [.error(message, at: spec.sourceLocation)]))
            }
            return .failure(Problems(diagnostics: [diagnostic]))
        }
    }
}
