import Foundation
import MastheadContent
import MastheadDatabases
import MastheadSite
import MastheadSupport

/// Datasets read from SQLite or PostgreSQL: their columns from the database's types, each
/// block's aggregation pushed down as one statement (`SQLPushdown`), the rows a scatter or
/// grid draws fetched cut to their columns. Problems name the dataset and its line in
/// `site.yml`, or the block.
extension StatsStore {
    /// The connection of a dataset, or why there is none (the variable is not set, the URL is wrong).
    func connection(for dataset: DatasetDeclaration) -> Result<(any DatabaseConnection, key: String), Diagnostic> {
        guard let database = dataset.database else { return .failure(.error("datasets.\(dataset.name): not a database", at: dataset.location)) }
        switch database.engine {
        case .sqlite(let file):
            if let problem = siteFolder.problem(at: file) { return .failure(problem) }
            let url = siteFolder.url(file)
            guard let status = FileStatus(path: url.path) else {
                return .failure(.error("datasets.\(dataset.name): the SQLite database \(file) does not exist", at: dataset.location))
            }
            // An empty file or one of another kind, at the line naming it (SQLite would say "no such table" at the query).
            if let problem = SQLiteConnection.fileProblem(path: url.path, displayPath: file) {
                return .failure(.error("datasets.\(dataset.name): \(problem)", at: database.engineLocation ?? dataset.location))
            }
            let connection = SQLiteConnection(path: url.path, displayPath: file, timeZone: timeZone)
            return .success((connection, "sqlite \(file) \(status.size) \(status.modified)"))
        case .postgres(let variable):
            guard let text = environment[variable], !text.isEmpty else {
                return .failure(
                    .error(
                        "datasets.\(dataset.name): the environment variable \(variable) is not set; "
                            + "it holds the PostgreSQL connection URL (postgres.url: env:\(variable))",
                        at: dataset.location))
            }
            switch PostgresURL.parse(text) {
            case .success(let url):
                let server = PostgresServer(url: url, variable: variable, timeZone: timeZone, environment: environment)
                return .success((server, "postgres \(variable) \(StableHash.digest(Data(text.utf8)))"))
            case .failure(let problem):
                return .failure(.error("datasets.\(dataset.name): \(variable): \(problem.message)", at: dataset.location))
            }
        }
    }

    /// The dataset's columns, typed from the database (then `schema:`), read from a statement returning no rows.
    func loadDatabaseSource(name: String, dataset: DatasetDeclaration) -> Result<StatsSource, Diagnostic> {
        guard let database = dataset.database else { return .failure(.error("datasets.\(dataset.name): not a database", at: dataset.location)) }
        if case .query(let sql) = database.relation, let problem = SQLStatementCheck.problem(sql) {
            return .failure(
                .error(
                    "datasets.\(dataset.name).query: \(problem); a query only reads, in one SELECT or WITH statement", at: database.relationLocation))
        }
        if let version = database.version, let problem = SQLStatementCheck.problem(version) {
            return .failure(
                .error(
                    "datasets.\(dataset.name).version: \(problem); a version only reads, in one SELECT or WITH statement",
                    at: database.versionLocation ?? dataset.location))
        }
        let connection: any DatabaseConnection
        switch self.connection(for: dataset) {
        case .success(let found): connection = found.0
        case .failure(let problem): return .failure(problem)
        }
        var probe = StatsSource(
            name: name, file: dataset.file, format: .csv, columns: [], fileColumnCount: 0, join: nil, cacheKey: "dataset:\(dataset.name)")
        probe.database = database
        let relation = SQLPushdown(dialect: connection.dialect, source: probe, timeZone: timeZone).relation
        // An outer join keeps one row of nulls, whose description carries every column's type even when there are no rows.
        let sql =
            connection.dialect == .postgres
            ? "SELECT t.* FROM (SELECT 1) AS one LEFT JOIN (SELECT * FROM \(relation) AS r LIMIT 0) AS t ON TRUE"
            : "SELECT * FROM \(relation) AS t LIMIT 0"
        let described: [DatabaseColumn]
        do throws(DatabaseError) {
            described = try connection.run(sql, parameters: [], timeout: database.timeout) { _ throws(DatabaseError) in }
        } catch {
            return .failure(problem(error, dataset: dataset, at: error.kind == .statement ? database.relationLocation : dataset.location))
        }
        let names = described.map(\.name)
        for declared in dataset.schema.keys.sorted() where !names.contains(declared) {
            let hint = Suggestion.didYouMean(declared, in: names)
            return .failure(
                .error("datasets.\(dataset.name).schema: the column '\(declared)' is not in \(what(dataset))\(hint)", at: dataset.location))
        }
        probe.columns = described.map { StatsColumn(name: $0.name, type: dataset.schema[$0.name] ?? $0.type) }
        probe.databaseTypes = described.map(\.type)
        probe.databaseDays = Set(described.indices.filter { described[$0].holdsDays })
        probe.fileColumnCount = described.count
        return .success(probe)
    }

    /// `table events in MASTHEAD_STATS_URL`, for messages.
    func what(_ dataset: DatasetDeclaration) -> String {
        let relation: String =
            switch dataset.database?.relation {
            case .table(let name)?: "the table \(name)"
            default: "the query's result"
            }
        switch dataset.database?.engine {
        case .sqlite(let file)?: return "\(relation) of \(file)"
        case .postgres(let variable)?: return "\(relation) of the database of \(variable)"
        case nil: return relation
        }
    }

    func problem(_ error: DatabaseError, dataset: DatasetDeclaration, at location: SourceLocation) -> Diagnostic {
        let message: String =
            switch error.kind {
            case .timeout:
                "\(error.message) (timeout: \(SQLiteConnection.seconds(dataset.database?.timeout ?? 30)) in \(SiteConfigLoader.path))"
            default: error.message
            }
        return .error("datasets.\(dataset.name): \(message)", at: location)
    }

    /// Runs `statement` on the dataset's database, or takes its result from `results` (kept within a build, or by the preview).
    func run(
        _ statement: SQLPushdown.Statement, dataset: DatasetDeclaration, askedAt location: SourceLocation, indexColumns: [String]
    ) -> Result<(columns: [DatabaseColumn], rows: [[DataValue]]), Diagnostic> {
        guard let database = dataset.database else { return .failure(.error("datasets.\(dataset.name): not a database", at: dataset.location)) }
        if case .sqlite(let file) = database.engine { results.noteReader(location.file, ofSQLiteFile: file) }
        let connection: (any DatabaseConnection, key: String)
        switch self.connection(for: dataset) {
        case .success(let found): connection = found
        case .failure(let problem): return .failure(problem)
        }
        let key = DatabaseResults.Key(database: connection.key, statement: statement)
        var table: String? = nil
        if case .table(let name) = database.relation { table = name }
        let asker = DatabaseResults.Asker(location: location, dataset: dataset.name, table: table, indexColumns: indexColumns)
        return results.oneAtATime(key) { send(statement, on: connection.0, dataset: dataset, database: database, key: key, asker: asker) }
    }

    /// The result kept for `key`, or the statement's rows from the database, then kept.
    private func send(
        _ statement: SQLPushdown.Statement, on connection: any DatabaseConnection, dataset: DatasetDeclaration, database: DatabaseSource,
        key: DatabaseResults.Key, asker: DatabaseResults.Asker
    ) -> Result<(columns: [DatabaseColumn], rows: [[DataValue]]), Diagnostic> {
        let location = asker.location
        if let kept = results.entry(key, readBy: location.file) {
            explain(statement, dataset: dataset, location: location, rows: kept.rows.count, seconds: nil)
            return .success((kept.columns, kept.rows))
        }
        // The version first: rows that change after it are asked again next time, never missed.
        var version: DatabaseResults.Version? = nil
        if let sql = database.version {
            switch results.version(sql, of: key.database, on: connection, timeout: database.timeout) {
            case .success(let asked): version = asked
            case .failure(let error):
                return .failure(problem(error, dataset: dataset, at: database.versionLocation ?? dataset.location))
            }
        }
        let started = DispatchTime.now()
        switch DatabaseResults.ask(statement.sql, parameters: statement.parameters, on: connection, timeout: database.timeout) {
        case .success(let (columns, rows)):
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            explain(statement, dataset: dataset, location: location, rows: rows.count, seconds: seconds)
            let entry = DatabaseResults.Entry(
                columns: columns, rows: rows, fetched: Date(), poll: database.poll, connection: connection, timeout: database.timeout,
                askedBy: asker, readers: [location.file], version: version)
            results.keep(entry, for: key)
            return .success((columns, rows))
        case .failure(let error):
            let at = error.kind == .connection ? dataset.location : location
            return .failure(problem(error, dataset: dataset, at: at))
        }
    }

    /// With `MASTHEAD_TIMINGS=1` (or `--verbose`): each block's statement, where it was asked, its time and rows.
    private func explain(_ statement: SQLPushdown.Statement, dataset: DatasetDeclaration, location: SourceLocation, rows: Int, seconds: Double?) {
        guard PhaseTimer.isEnabled else { return }
        let place = [location.file, location.line.map(String.init), location.column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        let time = seconds.map { String(format: "%.3f s", $0) } ?? "kept from the last query"
        let parameters =
            statement.parameters.isEmpty ? "" : "\n  -- parameters: " + statement.parameters.map(Self.parameterText).joined(separator: ", ")
        StandardError.write(
            "masthead: sql \(place) (dataset \(dataset.name), \(dataset.database?.engineName ?? "")): \(time), \(rows) rows\n  "
                + statement.sql.replacingOccurrences(of: "\n", with: "\n  ") + parameters + "\n")
    }

    private static func parameterText(_ parameter: SQLParameter) -> String {
        switch parameter {
        case .text(let text): "'\(text)'"
        case .integer(let number): String(number)
        case .decimal(let number): String(number)
        case .boolean(let flag): flag ? "TRUE" : "FALSE"
        case .date(let date): date.formatted(.iso8601)
        }
    }

    /// A block's table over a database source: one statement, its groups merged by `Aggregator`.
    func databaseTable(
        _ query: AggregationQuery, source: StatsSource, filters: [(Int, Aggregator.ResolvedFilter)], askedAt location: SourceLocation
    ) -> Result<AggregateTable, TableFailure> {
        guard let dataset = datasets.first(where: { $0.database != nil && "dataset:\($0.name)" == source.cacheKey }) else {
            return .failure(.read(.error("source: unknown dataset '\(source.name)'", at: location)))
        }
        let dialect: SQLDialect = if case .postgres = dataset.database?.engine { .postgres } else { .sqlite }
        var pushdown = SQLPushdown(dialect: dialect, source: source, timeZone: timeZone)
        var aggregator = Aggregator(query: query, columns: source.columns, filters: filters, timeZone: timeZone)
        guard let (statement, shape) = pushdown.aggregate(query, filters: filters) else {
            return .failure(.read(.error("source: a field of the block is not in \(what(dataset))", at: location)))
        }
        let rows: [[DataValue]]
        let indexColumns = pushdown.indexColumns(query: query, filters: filters)
        switch run(statement, dataset: dataset, askedAt: location, indexColumns: indexColumns) {
        case .success(let result): rows = result.rows
        case .failure(let problem): return .failure(.read(problem))
        }
        let xType = query.x.flatMap { source.column($0.field) }.map { source.columns[$0].type }
        let xIsBucket = query.x?.rule.isDateBucket ?? false
        let xReadAs: FieldType? = xIsBucket ? .date : (query.x.map { if case .value = $0.rule { xType } else { nil } } ?? nil)
        let seriesType = query.series.flatMap { source.column($0) }.map { source.columns[$0].type } ?? .string
        let measureType = query.measure.field.flatMap { source.column($0) }.map { source.columns[$0].type } ?? .integer
        for row in rows {
            if let at = shape.notNumbers, case .integer(let count) = row[at], count > 0 {
                let field = query.measure.field ?? ""
                let message = "datasets.\(dataset.name): the column \(field) holds values that are not numbers (\(count) in one group)"
                return .failure(.read(.error(message, at: dataset.location)))
            }
            func typed(_ index: Int?, as type: FieldType?, field: String) -> Result<DataValue, Diagnostic> {
                guard let index else { return .success(.null) }
                guard let type else { return .success(row[index]) }
                return row[index].typed(as: type, timeZone: timeZone).mapError { problem in
                    .error("datasets.\(dataset.name): \(field): \(problem.message) (the column holds \(type.rawValue) values)", at: dataset.location)
                }
            }
            do throws(Diagnostic) {
                let x = try typed(shape.x, as: xReadAs, field: query.x?.field ?? "").get()
                let high: DataValue? = if let at = shape.high { row[at] } else { nil }
                let series = try typed(shape.series, as: seriesType, field: query.series ?? "").get()
                var partial = Aggregator.PartialCell()
                if let at = shape.count, case .integer(let count) = row[at] { partial.count = count }
                if let at = shape.distinct, case .integer(let count) = row[at] { partial.distinct = count }
                if let at = shape.sum {
                    // A sum past Int's range comes back as a decimal: an overflow, as for a file's rows.
                    partial.sum = row[at].isNull ? .integer(0) : (try? row[at].typed(as: measureType, timeZone: timeZone).get())?.reportNumber
                }
                if let at = shape.minimum { partial.minimum = try typed(at, as: measureType, field: query.measure.field ?? "").get().reportNumber }
                if let at = shape.maximum { partial.maximum = try typed(at, as: measureType, field: query.measure.field ?? "").get().reportNumber }
                aggregator.add(partial: partial, x: x, high: high, series: series)
            } catch {
                return .failure(.read(error))
            }
        }
        do throws(Aggregator.Problem) {
            return .success(try aggregator.result())
        } catch {
            return .failure(.numbers(error))
        }
    }

    /// The rows a scatter or grid draws from a database source: the columns it uses, at most `limit`, and how many pass.
    func databaseRows(
        _ source: StatsSource, filters: [(Int, Aggregator.ResolvedFilter)], columns: [Int], limit: Int, askedAt location: SourceLocation
    ) -> Result<(rows: [[DataValue]], total: Int), Diagnostic> {
        guard let dataset = datasets.first(where: { $0.database != nil && "dataset:\($0.name)" == source.cacheKey }) else {
            return .failure(.error("source: unknown dataset '\(source.name)'", at: location))
        }
        let dialect: SQLDialect = if case .postgres = dataset.database?.engine { .postgres } else { .sqlite }
        var pushdown = SQLPushdown(dialect: dialect, source: source, timeZone: timeZone)
        let statement = pushdown.rows(columns: columns, filters: filters, limit: limit)
        let found: [[DataValue]]
        let indexColumns = pushdown.indexColumns(query: nil, filters: filters, read: columns)
        switch run(statement, dataset: dataset, askedAt: location, indexColumns: indexColumns) {
        case .success(let result): found = result.rows
        case .failure(let problem): return .failure(problem)
        }
        var total = 0
        var kept: [[DataValue]] = []
        for row in found {
            if case .integer(let count) = row.last { total = count }
            var values: [DataValue] = []
            for (offset, index) in columns.enumerated() {
                let column = source.columns[index]
                switch row[offset].typed(as: column.type, timeZone: timeZone) {
                case .success(let value): values.append(value)
                case .failure(let problem):
                    return .failure(
                        .error(
                            "datasets.\(dataset.name): \(column.name): \(problem.message) (the column holds \(column.type.rawValue) values)",
                            at: dataset.location))
                }
            }
            kept.append(values)
        }
        return .success((kept, total))
    }
}
