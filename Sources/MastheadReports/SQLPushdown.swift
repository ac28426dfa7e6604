import Foundation
import MastheadCharts
import MastheadContent
import MastheadDatabases

/// One block's query over a database source written as one SQL statement: grouped by x
/// and series, date buckets cut in the site's time zone, the measure computed by the
/// database, `where:` as bound parameters. Only the aggregated rows travel; `Aggregator`
/// then merges them (`add(partial:)`), so buckets, bins, empty groups and checks are
/// those of a file's rows.
struct SQLPushdown {
    let dialect: SQLDialect
    let source: StatsSource
    let timeZone: TimeZone

    /// The statement, its parameters, and what each result column holds.
    struct Statement: Sendable, Hashable, Codable {
        var sql: String
        var parameters: [SQLParameter]
    }

    /// Where the values of a result row are.
    struct Shape {
        var x: Int?
        /// A bin's highest value.
        var high: Int?
        var series: Int?
        var count: Int?
        var sum: Int?
        var minimum: Int?
        var maximum: Int?
        var distinct: Int?
        /// Values that are not numbers in the measure's column (SQLite keeps any value in any column).
        var notNumbers: Int?
    }

    private var parameters: [SQLParameter] = []

    init(dialect: SQLDialect, source: StatsSource, timeZone: TimeZone) {
        self.dialect = dialect
        self.source = source
        self.timeZone = timeZone
    }

    private mutating func bind(_ parameter: SQLParameter) -> String {
        parameters.append(parameter)
        return dialect.placeholder(parameters.count)
    }

    /// `SELECT ... FROM (relation) AS t WHERE ... GROUP BY ...`, or nil when a field is unknown (checked before).
    mutating func aggregate(_ query: AggregationQuery, filters: [(Int, Aggregator.ResolvedFilter)]) -> (Statement, Shape)? {
        parameters = []
        var selected: [String] = []
        var groups: [String] = []
        var shape = Shape()
        func add(_ expression: String) -> Int {
            selected.append(expression)
            return selected.count - 1
        }
        var xExpression: String?
        if let x = query.x {
            guard let index = source.column(x.field) else { return nil }
            let column = reference(index)
            switch x.rule {
            case .value:
                xExpression = column
                shape.x = add(column)
                groups.append(column)
            case .bucket(let bucket):
                // A day column's counts, minimums, maximums and sums of integers are grouped by the day
                // itself, and `Aggregator` cuts the few day rows into buckets: no date arithmetic per row,
                // and a database can walk an index on the day in order instead of sorting. Distinct counts
                // cannot be added up from days, a sum of decimals added up by day could differ from the
                // file's in its last digit, and a pushed limit needs the buckets themselves.
                if byDay(index, query) {
                    shape.x = add(column)
                    groups.append(column)
                } else if dialect == .sqlite, let (key, rest) = sqliteBucketKey(index, bucket) {
                    // Grouped by `2026-03`, a shorter key to sort than `2026-03-01`, which is written once
                    // per group (distinct members per month over 10 million events: 5.1 s to 3.8 s of CPU).
                    shape.x = add("\(key) || '\(rest)'")
                    groups.append(key)
                } else {
                    let start = bucketStart(index, bucket)
                    shape.x = add(start)
                    groups.append(start)
                }
            case .binWidth(let width):
                let number = dialect == .postgres ? "CAST(\(column) AS double precision)" : "CAST(\(column) AS REAL)"
                let ratio = "(\(number) / \(bind(.decimal(width))))"
                let bin =
                    dialect == .postgres
                    ? "floor(\(ratio))"
                    : "(CASE WHEN \(ratio) < CAST(\(ratio) AS INTEGER) THEN CAST(\(ratio) AS INTEGER) - 1 ELSE CAST(\(ratio) AS INTEGER) END)"
                shape.x = add("min(\(column))")
                shape.high = add("max(\(column))")
                groups.append(bin)
            case .bins(let edges):
                var cases =
                    "CASE WHEN \(column) IS NULL OR \(column) < \(bind(.decimal(edges.first ?? 0)))"
                    + " OR \(column) > \(bind(.decimal(edges.last ?? 0))) THEN NULL"
                for index in stride(from: edges.count - 2, through: 1, by: -1) {
                    cases += " WHEN \(column) >= \(bind(.decimal(edges[index]))) THEN \(index)"
                }
                cases += " ELSE 0 END"
                shape.x = add("min(\(column))")
                shape.high = add("max(\(column))")
                groups.append(cases)
            }
        }
        if let series = query.series, let index = source.column(series) {
            let column = reference(index)
            shape.series = add(column)
            groups.append(column)
        }
        switch query.measure {
        case .count:
            shape.count = add("count(*)")
        case .distinct(let field):
            guard let index = source.column(field) else { return nil }
            // PostgreSQL counts (value, group) pairs instead when the groups are plain (below). Otherwise
            // "C" sorts distinct text by its bytes, without the locale's rules, and counts the same.
            let collate = dialect == .postgres && source.columns[index].type == .string ? " COLLATE \"C\"" : ""
            shape.distinct = add("count(DISTINCT \(reference(index))\(collate))")
        case .sum(let field), .average(let field), .minimum(let field), .maximum(let field):
            guard let index = source.column(field) else { return nil }
            let column = reference(index)
            switch query.measure {
            case .minimum: shape.minimum = add("min(\(column))")
            case .maximum: shape.maximum = add("max(\(column))")
            default:
                shape.count = add("count(\(column))")
                shape.sum = add("sum(\(column))")
            }
            if dialect == .sqlite {
                shape.notNumbers = add("count(CASE WHEN typeof(\(column)) NOT IN ('integer', 'real', 'null') THEN 1 END)")
            }
        }
        var conditions = filters.map { condition($0.0, $0.1) }
        if let order = query.pushedOrder, let xExpression {
            // Groups Masthead leaves out (no value) must not take a place in the limit.
            conditions.append("\(xExpression) IS NOT NULL")
            if order.textX { conditions.append("\(xExpression) <> ''") }
        }
        let filtered = conditions.isEmpty ? "" : "\nWHERE " + conditions.joined(separator: "\n  AND ")
        var sql: String
        var ordered = shape.x.map { selected[$0] }
        if dialect == .postgres, case .distinct(let field) = query.measure, let index = source.column(field), groups.count == selected.count - 1 {
            // count(DISTINCT) sorts every row, then each group's values again. Grouping by the
            // value and the groups first, then counting, gives the same counts and lets
            // PostgreSQL read an index that starts with the value in its order (distinct members
            // per month over 10 million events, with an index on (member, date): 10.3 s to 5.7 s).
            let value = reference(index)
            let inner = ["\(value) AS v"] + groups.indices.map { "\(groups[$0]) AS g\($0)" }
            let outer = groups.indices.map { "d.g\($0)" }
            sql = "SELECT \((outer + ["count(d.v)"]).joined(separator: ", "))\nFROM (SELECT \(inner.joined(separator: ", "))\n  FROM \(relation) AS t"
            sql += filtered.replacingOccurrences(of: "\n", with: "\n  ")
            sql += "\n  GROUP BY \(([value] + groups).joined(separator: ", "))) AS d"
            if !outer.isEmpty { sql += "\nGROUP BY " + outer.joined(separator: ", ") }
            ordered = shape.x.map { outer[$0] }
        } else {
            sql = "SELECT \(selected.joined(separator: ", "))\nFROM \(relation) AS t" + filtered
            if !groups.isEmpty { sql += "\nGROUP BY " + groups.joined(separator: ", ") }
        }
        if let order = query.pushedOrder, let ordered {
            let measure = shape.count ?? shape.distinct ?? shape.sum ?? shape.minimum ?? shape.maximum ?? 0
            let direction = order.descending ? "DESC" : "ASC"
            let collate = dialect == .postgres && order.textX ? " COLLATE \"C\"" : ""
            sql += "\nORDER BY \(measure + 1) \(direction), \(ordered)\(collate) ASC\nLIMIT \(bind(.integer(order.limit)))"
        }
        return (Statement(sql: sql, parameters: parameters), shape)
    }

    /// The rows passing `filters`, cut to `columns`, at most `limit`, with the count of all that pass.
    mutating func rows(columns: [Int], filters: [(Int, Aggregator.ResolvedFilter)], limit: Int) -> Statement {
        parameters = []
        let selected = columns.map(reference) + ["count(*) OVER ()"]
        var sql = "SELECT \(selected.joined(separator: ", "))\nFROM \(relation) AS t"
        if !filters.isEmpty { sql += "\nWHERE " + filters.map { condition($0.0, $0.1) }.joined(separator: "\n  AND ") }
        sql += "\nLIMIT \(bind(.integer(limit)))"
        return Statement(sql: sql, parameters: parameters)
    }

    /// The columns of an index that would serve a block's statement, as `masthead check --explain`
    /// suggests it: those filtered to values first (equality narrows most), then by range, then
    /// the groups and the measure (or the columns `read`), so the database can answer from the
    /// index alone. On PostgreSQL a filtered text column compares in "C" (`condition`), and only
    /// an index in that collation serves it.
    func indexColumns(query: AggregationQuery?, filters: [(Int, Aggregator.ResolvedFilter)], read: [Int] = []) -> [String] {
        var names: [String] = []
        var columns: [String] = []
        func add(_ name: String?, filtered: Bool = false) {
            guard let name, !names.contains(name), let index = source.column(name) else { return }
            names.append(name)
            // Quoted only where SQL needs it, as an editor would write it.
            var column = name.range(of: "^[a-z_][a-z0-9_]*$", options: .regularExpression) != nil ? name : dialect.identifier(name)
            if filtered, dialect == .postgres, source.columns[index].type == .string { column += " COLLATE \"C\"" }
            columns.append(column)
        }
        for (index, filter) in filters { if case .oneOf = filter { add(source.columns[index].name, filtered: true) } }
        for (index, filter) in filters { if case .range = filter { add(source.columns[index].name, filtered: true) } }
        add(query?.x?.field)
        add(query?.series)
        add(query?.measure.field)
        for index in read { add(source.columns[index].name) }
        return columns
    }

    /// The table or the query, as a subquery.
    var relation: String {
        switch source.database?.relation {
        case .table(let name)?: dialect.tableName(name)
        case .query(let sql)?: "(\(sql.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ";")))))"
        case nil: "(SELECT 1)"
        }
    }

    /// A column as the statement reads it: cast when `schema:` gives it a type other than the database's.
    func reference(_ index: Int) -> String {
        let column = source.columns[index]
        let name = "t." + dialect.identifier(column.name)
        guard dialect == .postgres, source.databaseTypes.indices.contains(index), source.databaseTypes[index] != column.type else { return name }
        switch column.type {
        case .integer: return "CAST(\(name) AS bigint)"
        case .decimal: return "CAST(\(name) AS double precision)"
        case .boolean: return "CAST(\(name) AS boolean)"
        case .date: return "CAST(\(name) AS timestamptz)"
        default: return "CAST(\(name) AS text)"
        }
    }

    /// A date column as local text in SQLite: local text stays as it is, anything else
    /// (an offset, seconds since 1970) goes through `masthead_local`.
    private func sqliteLocal(_ column: String) -> String {
        "(CASE WHEN typeof(\(column)) = 'text' AND length(\(column)) IN (10, 16, 19) THEN \(column) ELSE masthead_local(\(column)) END)"
    }

    /// Whether the column holds days as the database declares them (PostgreSQL `date`, SQLite `DATE`), read
    /// without a cast, and the query's groups can be added up from days.
    private func byDay(_ index: Int, _ query: AggregationQuery) -> Bool {
        switch query.measure {
        case .count, .minimum, .maximum: break
        case .distinct: return false
        case .sum(let field), .average(let field):
            guard let measured = source.column(field), source.columns[measured].type == .integer,
                source.databaseTypes.indices.contains(measured), source.databaseTypes[measured] == .integer
            else { return false }
        }
        return query.pushedOrder == nil && holdsDays(index)
    }

    private func holdsDays(_ index: Int) -> Bool {
        source.databaseDays.contains(index) && source.columns[index].type == .date
            && source.databaseTypes.indices.contains(index) && source.databaseTypes[index] == .date
    }

    /// The start of the date's bucket in the site's time zone: PostgreSQL's `date_trunc` in
    /// that zone; in SQLite, cut from the local text (a wall-clock date has no daylight saving).
    private mutating func bucketStart(_ index: Int, _ bucket: DateBucket) -> String {
        let column = reference(index)
        if dialect == .postgres, holdsDays(index) {
            // A `date` is a wall-clock day: truncated as a timestamp without a zone, the same start,
            // without converting each row to and from the site's zone (distinct members per month
            // over 2 million events: 2.07 s to 1.49 s under EXPLAIN ANALYZE).
            return "date_trunc('\(bucket.rawValue)', CAST(\(column) AS timestamp))"
        }
        if dialect == .postgres {
            // A date or a wall-clock timestamp is read in the session's time zone, the site's (`PostgresServer`).
            return "date_trunc('\(bucket.rawValue)', CAST(\(column) AS timestamptz), \(bind(.text(timeZone.identifier))))"
        }
        let day = "substr(\(sqliteLocal(column)), 1, 10)"
        switch bucket {
        case .day: return day
        case .month: return "substr(\(day), 1, 7) || '-01'"
        case .year: return "substr(\(day), 1, 4) || '-01-01'"
        case .quarter: return "substr(\(day), 1, 5) || printf('%02d', (CAST(substr(\(day), 6, 2) AS INTEGER) - 1) / 3 * 3 + 1) || '-01'"
        case .week: return "date(\(day), '-' || ((CAST(strftime('%w', \(day)) AS INTEGER) + 6) % 7) || ' days')"
        }
    }

    /// One `where:` condition, its values bound.
    private mutating func condition(_ index: Int, _ filter: Aggregator.ResolvedFilter) -> String {
        let column = source.columns[index]
        var expression = reference(index)
        if column.type == .date {
            expression = dialect == .postgres ? "CAST(\(expression) AS timestamptz)" : sqliteComparableDate(expression)
        }
        if dialect == .postgres, column.type == .string { expression += " COLLATE \"C\"" }
        switch filter {
        case .oneOf(let values):
            let bound = values.sorted { Aggregator.compare($0, $1) == .orderedAscending }.map { bind(parameter($0, type: column.type)) }
            return bound.isEmpty ? "FALSE" : "\(expression) IN (\(bound.joined(separator: ", ")))"
        case .range(let lower, let upper):
            var parts: [String] = []
            if let lower { parts.append("\(expression) >= \(bind(parameter(lower, type: column.type)))") }
            if let upper { parts.append("\(expression) <= \(bind(parameter(upper, type: column.type)))") }
            return parts.isEmpty ? "\(expression) IS NOT NULL" : parts.joined(separator: " AND ")
        }
    }

    /// In SQLite, a month or a year as the start of its local text (`2026-03`), and what makes it its first day.
    private func sqliteBucketKey(_ index: Int, _ bucket: DateBucket) -> (key: String, rest: String)? {
        let local = sqliteLocal(reference(index))
        switch bucket {
        case .month: return ("substr(\(local), 1, 7)", "-01")
        case .year: return ("substr(\(local), 1, 4)", "-01-01")
        default: return nil
        }
    }

    /// A date in SQLite as `YYYY-MM-DD HH:MM:SS` local text, which sorts as time does.
    private func sqliteComparableDate(_ column: String) -> String {
        let local = sqliteLocal(column)
        return "replace(CASE length(\(local)) WHEN 10 THEN \(local) || ' 00:00:00' WHEN 16 THEN \(local) || ':00' ELSE \(local) END, 'T', ' ')"
    }

    private func parameter(_ value: DataValue, type: FieldType) -> SQLParameter {
        switch value {
        case .integer(let number): return .integer(number)
        case .decimal(let number): return .decimal(number)
        case .boolean(let flag): return dialect == .sqlite ? .integer(flag ? 1 : 0) : .boolean(flag)
        case .date(let date):
            guard dialect == .sqlite else { return .date(date) }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = timeZone
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
            return .text(formatter.string(from: date))
        default: return .text(Aggregator.text(value))
        }
    }
}
