import Foundation
import MastheadContent
import MastheadSite
import MastheadSupport

/// Finds statistics sources, reads their columns, and aggregates them, caching what it
/// can: a source's columns once, a small source's typed rows once, and each distinct
/// query's result once, so the blocks of every page share the reading. Safe to use from
/// the parallel document parsers.
package final class StatsStore: Sendable {
    let siteFolder: SiteFolder
    let datasets: [DatasetDeclaration]
    let timeZone: TimeZone
    /// The site's catalogs, for datasets that join one.
    let catalogs: [Catalog]
    /// Catalog names declared in site.yml (some may have failed to load).
    let declaredCatalogs: [String]
    /// The declared field types of each catalog's file, by file: a dataset reading a catalog's file
    /// reads its columns as the catalog does, so a bad cell is one problem, not one per block.
    let catalogFieldTypes: [String: [String: FieldType]]
    /// Names a block may use, for did-you-mean: files under Content/stats and datasets.
    let knownNames: [String]
    /// Every statistics file under Content/stats (`Content/stats/events.csv`).
    private let statsFiles: [String]
    /// Where database URLs are looked up (`url: env:NAME`).
    let environment: [String: String]
    /// Database results, kept for this build or, in the preview, between builds.
    let results: DatabaseResults

    /// Files up to this size are read once and kept typed in memory; larger ones are
    /// streamed in bounded memory, once for all the queries `readTogether` collects and
    /// again for any other distinct query.
    var inMemoryLimit: UInt64 {
        get { state.withLock { $0.inMemoryLimit } }
        set { state.withLock { $0.inMemoryLimit = newValue } }
    }

    /// What the store has read and worked out so far, shared by the parallel parsers. Work
    /// is done holding the lock, so two blocks asking for one file or query read it once.
    private struct State: Sendable {
        var inMemoryLimit: UInt64 = 32 << 20
        var sources: [String: Result<StatsSource, Diagnostic>] = [:]
        var rows: [String: Result<[[DataValue]], Diagnostic>] = [:]
        /// Small files' rows being read on threads of their own (`readAhead`), taken by the
        /// first query that needs them.
        var readingAhead: [String: BackgroundWork<Result<[[DataValue]], Diagnostic>>] = [:]
        var tables: [TableKey: Result<AggregateTable, TableFailure>] = [:]
        /// While `readTogether` collects: the queries on large files, not yet run.
        var planned: [TableKey: PlannedQuery]?
    }

    private struct PlannedQuery: Sendable {
        var source: StatsSource
        var aggregator: Aggregator
    }

    private let state = Locked(State())

    /// Why a query gave no table: its file cannot be read (the diagnostic is in the file), or
    /// its numbers do not fit (the block that asked reports it, at its own line).
    enum TableFailure: Error {
        case read(Diagnostic)
        case numbers(Aggregator.Problem)
    }

    private struct TableKey: Hashable {
        /// The source's cache key.
        var file: String
        var query: AggregationQuery
    }

    init(
        siteFolder: SiteFolder, datasets: [DatasetDeclaration], timeZone: TimeZone, catalogs: [Catalog] = [], declaredCatalogs: [String] = [],
        catalogFieldTypes: [String: [String: FieldType]] = [:], environment: [String: String] = ProcessInfo.processInfo.environment,
        results: DatabaseResults = DatabaseResults()
    ) {
        self.siteFolder = siteFolder
        self.environment = environment
        self.results = results
        self.datasets = datasets
        self.timeZone = timeZone
        self.catalogs = catalogs
        self.declaredCatalogs = declaredCatalogs
        self.catalogFieldTypes = catalogFieldTypes
        var ignored: [Diagnostic] = []
        statsFiles = ContentLoader.files(in: SiteFolders.stats, siteFolder: siteFolder, diagnostics: &ignored)
            .filter { StatsFormat(fileName: $0) != nil }
        knownNames = datasets.map(\.name) + statsFiles.map(SiteFolders.relativeToContent)
    }

    /// The source a block names: a declared dataset, or a file under Content/.
    func source(named name: String, at location: SourceLocation) -> Result<StatsSource, Diagnostic> {
        let dataset = datasets.first { $0.name == name }
        let relative = SiteFolders.relativeToContent(name.hasPrefix("/") ? String(name.dropFirst()) : name)
        let file = dataset?.file ?? SiteFolders.inContent(relative)
        let url = siteFolder.url(file)
        guard
            dataset != nil
                || (!relative.contains("..") && StatsFormat(fileName: relative) != nil && FileManager.default.fileExists(atPath: url.path))
        else {
            let known =
                knownNames.isEmpty
                ? " (no files under \(SiteFolders.stats) and no datasets in site.yml)"
                : " (known: \(knownNames.prefix(12).joined(separator: ", ")))"
            let hint = Suggestion.didYouMean(name, in: knownNames)
            return .failure(
                .error(
                    "source: unknown statistics source '\(name)'\(hint.isEmpty ? known : hint); "
                        + "name a .csv, .jsonl or .json file under \(SiteFolders.content)/, or a dataset declared in site.yml",
                    at: location))
        }
        // A join adds columns: the dataset is then a source of its own, not just its file; so is a database.
        let cacheKey = dataset.flatMap { $0.join == nil && $0.database == nil ? nil : "dataset:\($0.name)" } ?? file
        return state.withLock { state in
            if let cached = state.sources[cacheKey] {
                return cached.map {
                    var source = $0
                    source.name = name
                    return source
                }
            }
            let loaded =
                if let dataset, dataset.database != nil {
                    loadDatabaseSource(name: name, dataset: dataset)
                } else {
                    loadSource(
                        name: name, file: file, url: url, schema: dataset?.schema ?? [:], declaredAt: dataset?.location, join: dataset?.join)
                }
            let result = loaded.map {
                var source = $0
                source.cacheKey = cacheKey
                return source
            }
            state.sources[cacheKey] = result
            return result
        }
    }

    private func loadSource(
        name: String, file: String, url: URL, schema: [String: FieldType], declaredAt: SourceLocation?,
        join: DatasetJoin?
    ) -> Result<StatsSource, Diagnostic> {
        if let problem = siteFolder.problem(at: file) { return .failure(problem) }
        guard FileManager.default.fileExists(atPath: url.path), let format = StatsFormat(fileName: file) else {
            return .failure(
                .error(
                    "datasets.\(name): the file \(file) does not exist",
                    at: declaredAt ?? SourceLocation(file: SiteConfigLoader.path)))
        }
        // A folder, a FIFO or a device is named, never opened: a FIFO would block the build until someone wrote to it.
        if let kind = FileKind(path: url.path), kind != .regular {
            return .failure(
                .error(
                    "datasets.\(name): \(file) is \(kind.description), not a data file", at: declaredAt ?? SourceLocation(file: SiteConfigLoader.path)
                ))
        }
        let reader = StatsRowReader(url: url, path: file, format: format)
        do throws(Diagnostic) {
            let names = try reader.columnNames(sampleRows: StatsSource.inferenceRows)
            for declared in schema.keys.sorted() where !names.contains(declared) {
                let hint = Suggestion.didYouMean(declared, in: names)
                return .failure(
                    .error(
                        "datasets.\(name).schema: the field '\(declared)' is not in \(file)\(hint)",
                        at: declaredAt ?? SourceLocation(file: SiteConfigLoader.path)))
            }
            var samples = [[String]](repeating: [], count: names.count)
            var count = 0
            try reader.forEachRow(columns: names) { row in
                for (index, field) in row.fields.enumerated() { samples[index].append(field) }
                count += 1
                return count < StatsSource.inferenceRows
            }
            let catalogTypes = catalogFieldTypes[file] ?? [:]
            var columns = names.enumerated().map { index, column in
                if let declared = schema[column] { return StatsColumn(name: column, type: declared, catalogField: catalogTypes[column] == declared) }
                if let type = catalogTypes[column] { return StatsColumn(name: column, type: type, catalogField: true) }
                return StatsColumn(name: column, type: StatsSource.inferType(samples[index], timeZone: timeZone))
            }
            var resolvedJoin: ResolvedJoin?
            if let join {
                switch ResolvedJoin.resolve(
                    join, dataset: name, fileColumns: names, catalogs: catalogs, declared: declaredCatalogs,
                    timeZone: timeZone)
                {
                case .success(let (resolved, added)):
                    resolvedJoin = resolved
                    columns += added
                case .failure(let problem): return .failure(problem)
                }
            }
            return .success(
                StatsSource(
                    name: name, file: file, format: format, columns: columns, fileColumnCount: names.count,
                    join: resolvedJoin, cacheKey: file))
        } catch {
            return .failure(error)
        }
    }

    /// Starts reading the rows of the file a block names, when it is small enough to keep,
    /// on a thread of its own: called as documents are parsed, so the rows are read while the
    /// parsers use the cores, not after them when the blocks are drawn. A database, a large
    /// file or a name that is not known is left to the blocks, which report it.
    func readAhead(_ name: String, at location: SourceLocation) {
        guard datasets.first(where: { $0.name == name })?.database == nil,
            case .success(let source) = self.source(named: name, at: location)
        else { return }
        let url = siteFolder.url(source.file)
        guard size(of: url) <= inMemoryLimit else { return }
        state.withLock { state in
            guard state.rows[source.cacheKey] == nil, state.readingAhead[source.cacheKey] == nil else { return }
            state.readingAhead[source.cacheKey] = BackgroundWork { [self] in typedRows(source, url: url) }
        }
    }

    /// A small file's typed rows: kept, read ahead, or read now. Called holding the lock, as
    /// the work reading ahead never takes it.
    private func rows(of source: StatsSource, url: URL, in state: inout State) -> Result<[[DataValue]], Diagnostic> {
        if let kept = state.rows[source.cacheKey] { return kept }
        let loaded = state.readingAhead.removeValue(forKey: source.cacheKey)?.value() ?? typedRows(source, url: url)
        state.rows[source.cacheKey] = loaded
        return loaded
    }

    /// Whether some statistics file is too large to keep in memory (see `readTogether`).
    var hasLargeFiles: Bool {
        let limit = inMemoryLimit
        return Set(datasets.filter { $0.database == nil }.map(\.file) + statsFiles).contains {
            size(of: siteFolder.url($0)) > limit
        }
    }

    /// Runs `blocks` (code that renders blocks, and so asks for tables) only to collect the
    /// queries on files too large to keep in memory, then reads each such file once for all
    /// of them: a report's charts on a file of millions of events cost one reading, not one
    /// each. What `blocks` renders meanwhile is to be thrown away.
    func readTogether(_ blocks: () -> Void) {
        state.withLock { $0.planned = [:] }
        blocks()
        let collected = state.withLock { state in
            defer { state.planned = nil }
            return state.planned ?? [:]
        }
        var results: [TableKey: Result<AggregateTable, TableFailure>] = [:]
        for file in Set(collected.keys.map(\.file)).sorted() {
            var group = collected.filter { $0.key.file == file }.map { (key: $0.key, source: $0.value.source, aggregator: $0.value.aggregator) }
            let source = group[0].source
            let columns = group.reduce(into: Set<Int>()) { $0.formUnion($1.aggregator.neededColumns) }
            let read = Self.stream(source, url: siteFolder.url(source.file), columns: columns, timeZone: timeZone) { row, _ in
                for index in group.indices { group[index].aggregator.add(row) }
            }
            for index in group.indices {
                results[group[index].key] = read.mapError(TableFailure.read).flatMap { Self.finish(&group[index].aggregator) }
            }
        }
        state.withLock { $0.tables.merge(results) { _, new in new } }
    }

    private func size(of url: URL) -> UInt64 {
        // Unknown size: as large as can be, so it is streamed, the choice safe for any size.
        (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize).flatMap { $0 }.map(UInt64.init) ?? UInt64.max
    }

    /// The aggregated table of `query` over `source`; filters must already be resolved.
    func table(
        _ query: AggregationQuery, source: StatsSource, filters: [(Int, Aggregator.ResolvedFilter)],
        askedAt location: SourceLocation = SourceLocation(file: "")
    ) -> Result<AggregateTable, TableFailure> {
        if source.database != nil {
            // While `readTogether` collects, nothing is asked: the answer would be thrown away.
            if state.withLock({ $0.planned != nil }) { return .failure(.read(.error("", at: location))) }
            return databaseTable(query, source: source, filters: filters, askedAt: location)
        }
        let key = TableKey(file: source.cacheKey, query: query)
        return state.withLock { state in
            if let cached = state.tables[key] { return cached }
            var aggregator = Aggregator(query: query, columns: source.columns, filters: filters, timeZone: timeZone)
            let url = siteFolder.url(source.file)
            let size = size(of: url)
            if state.planned != nil {
                // Collecting (`readTogether`): note large-file queries; the answer is not used.
                if size > state.inMemoryLimit, state.planned?[key] == nil {
                    state.planned?[key] = PlannedQuery(source: source, aggregator: aggregator)
                }
                return Self.finish(&aggregator)
            }
            let read: Result<Void, Diagnostic>
            if size <= state.inMemoryLimit {
                read = rows(of: source, url: url, in: &state).map { all in
                    for row in all { aggregator.add(row) }
                }
            } else {
                read = Self.stream(source, url: url, columns: aggregator.neededColumns, timeZone: timeZone) { row, _ in aggregator.add(row) }
            }
            let result = read.mapError(TableFailure.read).flatMap { Self.finish(&aggregator) }
            state.tables[key] = result
            return result
        }
    }

    private static func finish(_ aggregator: inout Aggregator) -> Result<AggregateTable, TableFailure> {
        do throws(Aggregator.Problem) {
            return .success(try aggregator.result())
        } catch {
            return .failure(.numbers(error))
        }
    }

    /// The rows passing `filters`, each cut to `columns`, in file order, at most `limit`
    /// of them; with the number of rows that passed. For charts drawing one mark per row.
    func matchingRows(
        _ source: StatsSource, filters: [(Int, Aggregator.ResolvedFilter)], columns: [Int],
        limit: Int, askedAt location: SourceLocation = SourceLocation(file: "")
    ) -> Result<(rows: [[DataValue]], total: Int), Diagnostic> {
        if source.database != nil { return databaseRows(source, filters: filters, columns: columns, limit: limit, askedAt: location) }
        var kept: [[DataValue]] = []
        var total = 0
        func add(_ row: [DataValue]) {
            for filter in filters where !filter.1.accepts(row[filter.0]) { return }
            total += 1
            if kept.count < limit { kept.append(columns.map { row[$0] }) }
        }
        let url = siteFolder.url(source.file)
        if size(of: url) <= inMemoryLimit {
            let loaded = state.withLock { rows(of: source, url: url, in: &$0) }
            return loaded.map { all in
                for row in all { add(row) }
                return (kept, total)
            }
        }
        let needed = Set(columns + filters.map(\.0))
        return Self.stream(source, url: url, columns: needed, timeZone: timeZone) { row, _ in add(row) }.map { (kept, total) }
    }

    private func typedRows(_ source: StatsSource, url: URL) -> Result<[[DataValue]], Diagnostic> {
        var all: [[DataValue]] = []
        return Self.stream(source, url: url, columns: Set(source.columns.indices), timeZone: timeZone) { row, _ in all.append(row) }.map { all }
    }

    /// The common cases typed without Foundation's string trimming, which costs about a
    /// microsecond a value on Linux: millions of rows spend most of their time there.
    /// Anything unusual (spaces, `1_000`, empty text) goes to `DataValue.parse`.
    static func quickValue(_ text: String, _ type: FieldType, timeZone: TimeZone) -> DataValue? {
        switch type {
        case .date:
            // Digits at both ends: no trimming needed (`ContentDate` trims only when it must).
            guard let first = text.utf8.first, let last = text.utf8.last, first >= 48, first <= 57, last > 32 else { return nil }
            return ContentDate.parse(text, timeZone: timeZone).map(DataValue.date)
        case .string: return text.isEmpty ? nil : .string(text)
        case .integer: return Int(text).map(DataValue.integer)
        case .decimal:
            guard let first = text.utf8.first, first == UInt8(ascii: "-") || (first >= 48 && first <= 57),
                let value = Double(text), value.isFinite,
                text.utf8.allSatisfy({ $0 < 65 || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
            else { return nil }
            return .decimal(value)
        default: return nil
        }
    }

    /// Reads every row of `source`, typing only `columns` (the others stay null); `body` gets each row and its line.
    static func stream(
        _ source: StatsSource, url: URL, columns: Set<Int>, timeZone: TimeZone,
        _ body: ([DataValue], Int) -> Void
    ) -> Result<Void, Diagnostic> {
        let reader = StatsRowReader(url: url, path: source.file, format: source.format)
        let wanted = columns.sorted()
        var dates: [String: DataValue] = [:]
        var row = [DataValue](repeating: .null, count: source.columns.count)
        let fileColumns = source.fileColumnCount
        // Joined columns are looked up by key, not read from the file.
        let join = wanted.contains { $0 >= fileColumns } ? source.join : nil
        do throws(Diagnostic) {
            try reader.forEachRow(columns: source.fileColumnNames) { read throws(Diagnostic) in
                let fields = read.fields
                if let join {
                    let key = fields[join.onColumn]
                    guard let added = join.values(forKey: key) else {
                        throw Diagnostic(.error, join.unknownKeyMessage(key), file: source.file, line: read.line)
                    }
                    for (offset, value) in added.enumerated() { row[fileColumns + offset] = value }
                }
                for index in wanted where index < fileColumns {
                    let column = source.columns[index]
                    let text = fields[index]
                    // Days repeat from row to row and are remembered; a timestamp seldom does,
                    // and hashing 200,000 of them cost more than parsing them.
                    let remembered = column.type == .date && text.utf8.count <= 10
                    if remembered, let known = dates[text] {
                        row[index] = known
                        continue
                    }
                    if let quick = quickValue(text, column.type, timeZone: timeZone) {
                        row[index] = quick
                        if remembered, dates.count < 100_000 { dates[text] = quick }
                        continue
                    }
                    switch DataValue.parse(text, as: column.type, timeZone: timeZone) {
                    case .success(let value):
                        row[index] = value
                        if remembered, dates.count < 100_000 { dates[text] = value }
                    case .failure(let problem):
                        let position = read.positions[index]
                        // The catalog reading the same file reports this cell: the same words, so it is reported once.
                        let reminder = column.catalogField ? "" : " (the column holds \(column.type.rawValue) values)"
                        throw Diagnostic(
                            .error, "\(column.name): \(problem.message)\(reminder)", file: source.file, line: position.line,
                            column: position.column)
                    }
                }
                body(row, read.line)
                return true
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
