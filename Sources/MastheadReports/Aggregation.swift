import Foundation
import MastheadCharts
import MastheadContent

/// What a block reads from a source, independent of how it is drawn: the filters, the x
/// grouping, the measure and the series. Equal queries on one source share one result.
package struct AggregationQuery: Sendable, Hashable {
    package struct Grouping: Sendable, Hashable {
        package var field: String
        package var rule: GroupingRule
        /// `x.values`, typed as the field: exactly these groups, in this order.
        package var fixed: [DataValue]?
    }

    package var filters: [FieldFilter]
    package var x: Grouping?
    package var measure: Measure
    package var series: String?
    /// `sort:` by y and `limit:`, asked of a database source when the cut rows cannot change
    /// what the block shows (`ReportEngine.pushedOrder`); nil for files, which sort in `BlockView`.
    package var pushedOrder: PushedOrder?

    package struct PushedOrder: Sendable, Hashable {
        package var descending: Bool
        package var limit: Int
        /// x is text: empty text has no group.
        package var textX: Bool
    }
}

/// An x value after grouping.
package enum GroupKey: Sendable, Hashable, Comparable {
    /// The single group of a query with no x.
    case all
    case text(String)
    case number(Double)
    /// The start of a date bucket (or a date itself).
    case date(Date)
    /// A histogram bin, lower bound included.
    case bin(Double, Double)

    package static func < (a: GroupKey, b: GroupKey) -> Bool {
        switch (a, b) {
        case (.text(let x), .text(let y)): x < y
        case (.number(let x), .number(let y)): x < y
        case (.date(let x), .date(let y)): x < y
        case (.bin(let x, _), .bin(let y, _)): x < y
        default: a.rank < b.rank
        }
    }

    private var rank: Int {
        switch self {
        case .all: 0
        case .text: 1
        case .number: 2
        case .date: 3
        case .bin: 4
        }
    }
}

/// The result of a query: one row per x group, one column per series.
package struct AggregateTable: Sendable, Equatable {
    package var x: [GroupKey]
    /// Series names in order; one empty name when the query has no series.
    package var series: [String]
    /// `values[row][series]`; nil where a group has no value (an average of nothing).
    package var values: [[ReportNumber?]]
    /// The date bucket of x, when x is dates.
    package var bucket: DateBucket?
    /// The x field's type.
    package var xType: FieldType?
    /// Set when the dates span too many buckets to fill the empty ones (a mistyped year,
    /// say): the first and the last date, for a warning.
    package var unfilledSpan: ClosedRange<Date>?

    package var isEmpty: Bool { x.isEmpty || values.allSatisfy { $0.allSatisfy { $0 == nil } } }

    /// The total of a row across series; nil when it cannot be added up (`ReportNumber.sum`).
    package func rowTotal(_ row: Int) -> ReportNumber? { ReportNumber.sum(values[row]) }

    /// Sorted (x, -x, y, -y; y is a row's total across series, ties by x) and cut to `limit`.
    package func sorted(_ order: SortOrder?, limit: Int?) -> AggregateTable {
        var rows = Array(x.indices)
        // A total too large to add up sorts last (a block showing it is an error anyway).
        let totals = order == .y || order == .descendingY ? x.indices.map { rowTotal($0) ?? .decimal(.infinity) } : []
        switch order {
        case nil, .x: break
        case .descendingX: rows.reverse()
        case .y: rows.sort { totals[$0] != totals[$1] ? totals[$0] < totals[$1] : $0 < $1 }
        case .descendingY: rows.sort { totals[$0] != totals[$1] ? totals[$0] > totals[$1] : $0 < $1 }
        }
        if let limit { rows = Array(rows.prefix(limit)) }
        var table = self
        table.x = rows.map { x[$0] }
        table.values = rows.map { values[$0] }
        return table
    }
}

/// Aggregates typed rows in one pass: grouping, filters, measures, then empty date
/// buckets and bins filled in so time runs without gaps.
struct Aggregator {
    let query: AggregationQuery
    let columns: [StatsColumn]
    let calendar: Calendar
    /// Column positions, resolved by the caller (unknown fields are diagnosed before this).
    let xColumn: Int?
    let measureColumn: Int?
    let seriesColumn: Int?
    let filters: [(column: Int, test: ResolvedFilter)]

    enum ResolvedFilter {
        case oneOf(Set<DataValue>)
        case range(lower: DataValue?, upper: DataValue?)

        func accepts(_ value: DataValue) -> Bool {
            switch self {
            case .oneOf(let values):
                // A list (a film's genres) passes when one of its elements is asked for.
                if case .list(let items) = value { return items.contains { values.contains(.string($0)) } }
                return values.contains(value)
            case .range(let lower, let upper):
                guard !value.isNull else { return false }
                if let lower, Aggregator.compare(value, lower) == .orderedAscending { return false }
                if let upper, Aggregator.compare(value, upper) == .orderedDescending { return false }
                return true
            }
        }
    }

    private struct Cell {
        var count = 0
        /// Exact for integer fields; nil once it has passed what can be added (`ReportNumber.adding`).
        var sum: ReportNumber? = .integer(0)
        /// For averages, which need no exact sum (and must not fail where one would overflow Int).
        var total = 0.0
        var minimum: ReportNumber?
        var maximum: ReportNumber?
        var distinct: Set<DataValue> = []
        /// Distinct values a database counted (`add(partial:)`), beside those in `distinct`.
        var distinctCount = 0
    }

    /// One group's figures as a database aggregated them (`SQLPushdown`).
    struct PartialCell {
        var count = 0
        /// nil when the database's sum does not fit (an overflow, reported as for rows).
        var sum: ReportNumber? = .integer(0)
        var minimum: ReportNumber?
        var maximum: ReportNumber?
        var distinct = 0
    }

    private struct CellKey: Hashable {
        var x: GroupKey
        var series: String
    }

    private var cells: [CellKey: Cell] = [:]
    private var seriesNames = Set<String>()
    /// The lowest and highest bin index met (`binWidth`), for the count of bins before any is
    /// made, and the lowest and highest value binned, for the message when there are too many.
    private var binIndexes: ClosedRange<Double>?
    private var binnedValues: ClosedRange<Double>?
    /// The date buckets met, as intervals sorted by start: an event's bucket is found by
    /// binary search, so the calendar (microseconds a call) runs once per bucket, not once per
    /// event. A cache by 15-minute slot missed for three events in four spread over a year.
    private var buckets: [(start: Date, end: Date)] = []

    init(query: AggregationQuery, columns: [StatsColumn], filters: [(Int, ResolvedFilter)], timeZone: TimeZone) {
        self.query = query
        self.columns = columns
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        self.calendar = calendar
        xColumn = query.x.flatMap { x in columns.firstIndex { $0.name == x.field } }
        measureColumn = query.measure.field.flatMap { field in columns.firstIndex { $0.name == field } }
        seriesColumn = query.series.flatMap { field in columns.firstIndex { $0.name == field } }
        self.filters = filters.map { (column: $0.0, test: $0.1) }
    }

    /// Columns whose values the query reads.
    var neededColumns: Set<Int> {
        Set([xColumn, measureColumn, seriesColumn].compactMap { $0 } + filters.map(\.column))
    }

    mutating func add(_ row: [DataValue]) {
        for filter in filters where !filter.test.accepts(row[filter.column]) { return }
        let key: GroupKey
        if let xColumn {
            guard let group = group(row[xColumn]) else { return }
            key = group
        } else {
            key = .all
        }
        let series = seriesColumn.map { Self.text(row[$0]) } ?? ""
        if seriesColumn != nil { seriesNames.insert(series) }
        // A list value (a film's genres) counts once in the group of each of its elements.
        if let xColumn, case .list(let items) = row[xColumn] {
            for item in Set(items) {
                Self.record(
                    row, into: &cells[CellKey(x: .text(item), series: series), default: Cell()], measure: query.measure, column: measureColumn)
            }
            return
        }
        // Mutated in place through the dictionary: copying a cell out would copy its
        // distinct set on every row.
        Self.record(row, into: &cells[CellKey(x: key, series: series), default: Cell()], measure: query.measure, column: measureColumn)
    }

    /// Merges a group a database aggregated into the cell `add` would have made of the same
    /// rows: `x` is the group's value (a bucket's start, a bin's lowest value) and `high` a
    /// bin's highest, grouped as a row's value would be, so buckets, bins and their checks
    /// are the same as for rows.
    mutating func add(partial: PartialCell, x: DataValue, high: DataValue?, series: DataValue) {
        let key: GroupKey
        if xColumn != nil {
            guard let found = group(x) else { return }
            key = found
            if let high { _ = group(high) }
        } else {
            key = .all
        }
        let name = seriesColumn == nil ? "" : Self.text(series)
        if seriesColumn != nil { seriesNames.insert(name) }
        let cellKey = CellKey(x: key, series: name)
        var cell = cells[cellKey] ?? Cell()
        cell.count += partial.count
        cell.sum = partial.sum.flatMap { cell.sum?.adding($0) }
        cell.total += partial.sum?.double ?? .infinity
        if let low = partial.minimum, cell.minimum.map({ low < $0 }) ?? true { cell.minimum = low }
        if let high = partial.maximum, cell.maximum.map({ high > $0 }) ?? true { cell.maximum = high }
        cell.distinctCount += partial.distinct
        cells[cellKey] = cell
    }

    private static func record(_ row: [DataValue], into cell: inout Cell, measure: Measure, column: Int?) {
        switch measure {
        case .count:
            cell.count += 1
        case .distinct:
            if let column, !row[column].isNull { cell.distinct.insert(row[column]) }
        case .sum, .average, .minimum, .maximum:
            if let column, let number = row[column].reportNumber {
                cell.count += 1
                cell.sum = cell.sum?.adding(number)
                cell.total += number.double
                if cell.minimum.map({ number < $0 }) ?? true { cell.minimum = number }
                if cell.maximum.map({ number > $0 }) ?? true { cell.maximum = number }
            }
        }
    }

    /// What stops a query from giving a table; the block turns it into an error at its line.
    enum Problem: Error, Equatable {
        /// `binWidth` makes more than `maximumBins` bins over the values from `low` to `high`.
        case tooManyBins(width: Double, count: Double, low: Double, high: Double)
        /// `binWidth` is finer than a Double can tell apart at values as large as `largest`.
        case binsTooNarrow(width: Double, largest: Double)
        /// A sum (or the sum an average divides) passes what can be added, in this group and series.
        case overflow(GroupKey, series: String)
    }

    /// Bins one histogram may have. A chart has no room for more (a bar would be narrower
    /// than a pixel), and the bins between the lowest and the highest value are all made.
    static let maximumBins = 1_000

    mutating func result() throws(Problem) -> AggregateTable {
        if case .binWidth(let width)? = query.x?.rule, let indexes = binIndexes, let values = binnedValues {
            let count = indexes.upperBound - indexes.lowerBound + 1
            guard count <= Double(Self.maximumBins) else {
                throw .tooManyBins(width: width, count: count, low: values.lowerBound, high: values.upperBound)
            }
            // Past 2^53 a bin's index and the next one are the same Double: bins cannot be told apart.
            guard max(abs(indexes.lowerBound), abs(indexes.upperBound)) < 9_007_199_254_740_992 else {
                throw .binsTooNarrow(width: width, largest: max(abs(values.lowerBound), abs(values.upperBound)))
            }
        }
        for (key, cell) in cells {
            let broken =
                switch query.measure {
                case .sum: cell.sum == nil
                case .average: !cell.total.isFinite
                default: false
                }
            if broken { throw .overflow(key.x, series: key.series) }
        }
        var keys = Set(cells.keys.map(\.x))
        let bucket: DateBucket?
        if case .bucket(let value)? = query.x?.rule { bucket = value } else { bucket = nil }
        let gaps = filledGaps(keys)
        keys.formUnion(gaps.filled)
        var sortedKeys = keys.sorted()
        if let fixed = query.x?.fixed {
            // Exactly the listed groups, in the given order; the others are left out.
            var seen = Set<GroupKey>()
            sortedKeys = fixed.compactMap { group($0) }.filter { seen.insert($0).inserted }
        }
        let series = seriesColumn == nil ? [""] : seriesNames.sorted()
        let values = sortedKeys.map { key in
            series.map { name -> ReportNumber? in
                guard let cell = cells[CellKey(x: key, series: name)] else { return query.measure.emptyIsZero ? .integer(0) : nil }
                switch query.measure {
                case .count: return .integer(cell.count)
                case .distinct: return .integer(cell.distinct.count + cell.distinctCount)
                case .sum: return cell.sum
                case .average: return cell.count > 0 ? .decimal(cell.total / Double(cell.count)) : nil
                case .minimum: return cell.minimum
                case .maximum: return cell.maximum
                }
            }
        }
        var table = AggregateTable(x: sortedKeys, series: series, values: values, bucket: bucket, xType: xColumn.map { columns[$0].type })
        table.unfilledSpan = gaps.unfilled
        return table
    }

    /// More empty date buckets than this between the first and the last date are not drawn.
    static let maximumFilledBuckets = 5_000

    private mutating func group(_ value: DataValue) -> GroupKey? {
        guard let rule = query.x?.rule else { return .all }
        switch (rule, value) {
        case (_, .null): return nil
        case (_, .list): return .all
        case (.bucket(let bucket), .date(let date)):
            // The first bucket starting after the date; the one before it may hold the date.
            var low = 0
            var high = buckets.count
            while low < high {
                let middle = (low + high) / 2
                if buckets[middle].start <= date { low = middle + 1 } else { high = middle }
            }
            if low > 0, date < buckets[low - 1].end { return .date(buckets[low - 1].start) }
            let start = bucketStart(date, bucket)
            let end = calendar.date(byAdding: bucket.length, to: start) ?? date.addingTimeInterval(1)
            // Kept only when it holds the date and leaves the intervals in order, apart.
            if date >= start, date < end, low == 0 || buckets[low - 1].end <= start, low == buckets.count || end <= buckets[low].start {
                buckets.insert((start, end), at: low)
            }
            return .date(start)
        case (.binWidth(let width), _):
            guard let number = value.number else { return nil }
            let index = (number / width).rounded(.down)
            // An index that is not finite counts as endless bins (`result` reports them).
            let known = index.isFinite ? index : (index < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude)
            binIndexes = binIndexes.map { min($0.lowerBound, known)...max($0.upperBound, known) } ?? known...known
            binnedValues = binnedValues.map { min($0.lowerBound, number)...max($0.upperBound, number) } ?? number...number
            return .bin(index * width, (index + 1) * width)
        case (.bins(let edges), _):
            guard let number = value.number, let first = edges.first, let last = edges.last, number >= first, number <= last else { return nil }
            let index = min(edges.count - 2, (edges.lastIndex { $0 <= number } ?? 0))
            return .bin(edges[index], edges[index + 1])
        case (_, .date(let date)): return .date(date)
        case (_, .integer(let number)): return .number(Double(number))
        case (_, .decimal(let number)): return .number(number)
        default: return .text(Self.text(value))
        }
    }

    func bucketStart(_ date: Date, _ bucket: DateBucket) -> Date {
        switch bucket {
        case .day: return calendar.startOfDay(for: date)
        case .week: return calendar.dateInterval(of: .weekOfYear, for: date)?.start ?? date
        case .month: return calendar.dateInterval(of: .month, for: date)?.start ?? date
        case .year: return calendar.dateInterval(of: .year, for: date)?.start ?? date
        case .quarter:
            let parts = calendar.dateComponents([.year, .month], from: date)
            let month = ((parts.month ?? 1) - 1) / 3 * 3 + 1
            return calendar.date(from: DateComponents(year: parts.year, month: month, day: 1)) ?? date
        }
    }

    /// Empty date buckets and bins between the first and the last, so a month with no events shows as one.
    private func filledGaps(_ keys: Set<GroupKey>) -> (filled: [GroupKey], unfilled: ClosedRange<Date>?) {
        guard let rule = query.x?.rule else { return ([], nil) }
        switch rule {
        case .bucket(let bucket):
            let dates = keys.compactMap { if case .date(let date) = $0 { date } else { nil } }
            guard var current = dates.min(), let last = dates.max() else { return ([], nil) }
            let bucketSeconds: Double =
                switch bucket {
                case .day: 86_400
                case .week: 7 * 86_400
                case .month: 28 * 86_400
                case .quarter: 90 * 86_400
                case .year: 365 * 86_400
                }
            // A date far off (2205 for 2025) would make hundreds of thousands of empty groups.
            if last.timeIntervalSince(current) / bucketSeconds > Double(Self.maximumFilledBuckets) { return ([], current...last) }
            var filled: [GroupKey] = []
            while current < last, filled.count <= Self.maximumFilledBuckets, let next = calendar.date(byAdding: bucket.length, to: current) {
                current = bucketStart(next, bucket)
                filled.append(.date(current))
            }
            return (filled, nil)
        case .binWidth(let width):
            // Bins are keyed by their index times the width, as `group` makes them; `result`
            // has checked that there are at most `maximumBins` of them, each index below 2^53.
            guard let indexes = binIndexes, let first = indexes.lowerBound.roundedInt(), let last = indexes.upperBound.roundedInt(),
                last - first < Self.maximumBins
            else { return ([], nil) }
            return ((first...last).map { index in .bin(Double(index) * width, Double(index + 1) * width) }, nil)
        case .bins(let edges):
            return (zip(edges, edges.dropFirst()).map { GroupKey.bin($0, $1) }, nil)
        case .value:
            return ([], nil)
        }
    }

    static func text(_ value: DataValue) -> String {
        switch value {
        case .null: ""
        case .string(let text): text
        case .integer(let number): String(number)
        case .decimal(let number): String(number)
        case .boolean(let flag): flag ? "true" : "false"
        case .date(let date): date.formatted(.iso8601.year().month().day())
        case .list(let items): items.joined(separator: "; ")
        }
    }

    static func compare(_ a: DataValue, _ b: DataValue) -> ComparisonResult {
        switch (a, b) {
        case (.date(let x), .date(let y)): return x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
        default:
            if let x = a.number, let y = b.number { return x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame) }
            let x = text(a)
            let y = text(b)
            return x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
        }
    }
}
