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
    /// The site's loaded catalogs: `x: { catalog: NAME }` titles and dataset joins.
    let catalogs: [Catalog]
    let config: SiteConfig
    private let titleCache = TitleCache()

    /// `catalogs`: the catalogs loaded for this build (datasets may join them, and x values may name their items).
    public init(config: SiteConfig, siteDirectory: URL, catalogs: [Catalog] = []) {
        store = StatsStore(siteDirectory: siteDirectory, datasets: config.reports.datasets, timeZone: config.timeZone,
                           catalogs: catalogs, declaredCatalogs: config.catalogs.map(\.name))
        format = ChartFormatter(language: config.language, timeZone: config.timeZone)
        labels = ReportLabels(language: config.language)
        charts = config.reports.charts
        statements = config.reports.statements
        self.catalogs = catalogs
        self.config = config
    }

    /// Titles of a catalog's items, built once per catalog and build.
    private final class TitleCache: @unchecked Sendable {
        private let lock = NSLock()
        private var titles: [String: CatalogTitles] = [:]

        func titles(of catalog: Catalog, config: SiteConfig) -> CatalogTitles {
            lock.lock()
            defer { lock.unlock() }
            if let known = titles[catalog.config.name] { return known }
            let made = CatalogTitles(catalog: catalog, config: config)
            titles[catalog.config.name] = made
            return made
        }
    }

    /// Problems with `datasets:` joins, reported once per build (blocks using such a
    /// dataset only say that it cannot be used).
    func datasetDiagnostics() -> [Diagnostic] {
        store.datasets.filter { $0.join != nil }.compactMap { dataset in
            if case .failure(let problem) = store.source(named: dataset.name, at: dataset.location) { return problem }
            return nil
        }
    }

    /// Reads each statistics file too large to keep in memory once for all the blocks that
    /// `renderReports` draws and site.yml's named charts, before they are drawn for real
    /// (`StatsStore.readTogether`). Without large files it does nothing.
    public func readLargeFilesOnce(renderReports: () -> Void) {
        guard store.hasLargeFiles else { return }
        store.readTogether {
            renderReports()
            _ = renderNamedCharts()
        }
    }

    /// For `MarkdownRenderer.renderFencedBlock`. Diagnostics about the block carry an empty
    /// file name, which the renderer fills in with the Markdown file's.
    public func renderFencedBlock(info: String, body: String, line: Int) -> (html: String, diagnostics: [Diagnostic])? {
        let name = info.split(separator: " ").first.map(String.init) ?? ""
        guard Self.blockNames.contains(name), let kind = BlockSpec.Kind(rawValue: name) else { return nil }
        return render(kind: kind, yaml: body, file: "", line: line, id: "block-\(line)-\(Self.hash(body))")
    }

    /// Every `charts:` entry of site.yml, rendered once, by name.
    /// Also reports the problems of dataset joins, as it runs once per build.
    public func renderNamedCharts() -> ([String: String], [Diagnostic]) {
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
        if spec.drawsRows { return renderRowChart(spec, id: id) }
        let table: AggregateTable
        switch self.table(for: spec) {
        case .success(let result): table = result
        case .failure(let problems): return ("", problems.diagnostics)
        }
        var view = BlockView(spec: spec, format: format, labels: labels)
        if let name = spec.x?.catalog, let catalog = catalogs.first(where: { $0.config.name == name }) {
            view.titles = titleCache.titles(of: catalog, config: config)
        }
        var warnings: [Diagnostic] = []
        if let problem = view.numberProblem(table) { return ("", [.error(problem, at: spec.location)]) }
        if let warning = view.limitWarning(table) { warnings.append(.warning(warning, at: spec.location)) }
        if let span = table.unfilledSpan {
            let day = Date.ISO8601FormatStyle().year().month().day()
            let bucket = table.bucket?.rawValue ?? "bucket"
            warnings.append(.warning("x: the dates run from \(span.lowerBound.formatted(day)) to \(span.upperBound.formatted(day)), "
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
        if let name = spec.x?.catalog, !catalogs.contains(where: { $0.config.name == name }) {
            let declared = config.catalogs.map(\.name)
            let message = declared.contains(name)
                ? "x.catalog: the catalog '\(name)' has errors, so its titles are not available"
                : "x.catalog: unknown catalog '\(name)'\(Suggestion.didYouMean(name, in: declared)) "
                    + "(catalogs: \(declared.isEmpty ? "none" : declared.joined(separator: ", ")))"
            diagnostics.append(.error(message, at: spec.x?.catalogLocation ?? spec.location))
        }
        guard !diagnostics.hasErrors else { return .failure(Problems(diagnostics: diagnostics)) }
        switch store.table(query, source: source, filters: filters) {
        case .success(let table): return .success(table)
        case .failure(.read(let problem)): return .failure(Problems(diagnostics: [problem]))
        case .failure(.numbers(let problem)):
            let view = BlockView(spec: spec, format: format, labels: labels)
            return .failure(Problems(diagnostics: [diagnostic(for: problem, spec: spec, source: source, view: view)]))
        }
    }

    /// The block's source. A dataset whose join is wrong in site.yml is reported there
    /// once (`datasetDiagnostics`); the block only says it cannot use it.
    func source(for spec: BlockSpec) -> Result<StatsSource, Problems> {
        switch store.source(named: spec.source, at: spec.sourceLocation) {
        case .success(let found): return .success(found)
        case .failure(let diagnostic):
            if let dataset = store.datasets.first(where: { $0.name == spec.source }), dataset.join != nil,
               diagnostic.file == SiteConfigLoader.path,
               spec.sourceLocation.file != SiteConfigLoader.path || spec.sourceLocation.line != diagnostic.line {
                let message = "source: the dataset '\(spec.source)' cannot be used until its declaration in \(SiteConfigLoader.path) is fixed"
                return .failure(Problems(diagnostics: [.error(message, at: spec.sourceLocation)]))
            }
            return .failure(Problems(diagnostics: [diagnostic]))
        }
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
