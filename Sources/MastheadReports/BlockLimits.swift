import Foundation
import MastheadCharts
import MastheadSupport

/// What a block checks before it draws: numbers it could not show truthfully are an error
/// at its line (never `NaN`, `∞` or a rounded total in the page), and more groups than it
/// can show are cut, with a warning.
extension BlockView {
    /// Why the table's numbers cannot be shown as this block, or nil: totals a chart or a
    /// kpi shows that cannot be added up, values too large to draw, a duration too long.
    func numberProblem(_ table: AggregateTable) -> String? {
        switch spec.kind {
        case .chart:
            // The sizes of the values bound every total, stack and axis drawn from them.
            var total: ReportNumber? = 0
            for row in table.values {
                for case let value? in row { total = value.magnitude.flatMap { total?.adding($0) } }
            }
            if total == nil, table.values.allSatisfy({ $0.allSatisfy { if case .decimal? = $0 { false } else { true } } }) {
                return "the chart's values add up past ±\(Int.max), the largest whole number totalled exactly; narrow them with where:"
            }
            guard let total, total.double <= ChartLimits.magnitude else {
                return "the chart's values add up past ±1e300, too large to draw; are they in the right unit?"
            }
            return nil
        case .kpi:
            guard let last = table.x.indices.last else { return nil }
            let periods = last > 0 ? [last - 1, last] : [last]
            var totals: [ReportNumber] = []
            for row in periods {
                guard let total = table.rowTotal(row) else {
                    return "the total for \(groupName(table.x[row], table.bucket) ?? "all rows") is past what can be added up "
                        + "(±\(Int.max) for whole numbers, ±1.8e308 for others)"
                }
                totals.append(total)
            }
            if totals.count == 2, totals[0] != 0 {
                let change = (totals[1].double - totals[0].double) / abs(totals[0].double)
                if !change.isFinite { return "the change from \(totals[0]) to \(totals[1]) is too large to write as a percentage" }
            }
            return durationProblem(totals) ?? currencyProblem(totals)
        case .table:
            let values = table.values.lazy.flatMap { $0 }.compactMap { $0 }
            return durationProblem(values) ?? currencyProblem(values)
        }
    }

    /// With `format: currency`, the first value too large to write as money with exact cents.
    private func currencyProblem(_ values: some Sequence<ReportNumber>) -> String? {
        guard spec.valueFormat == .currency else { return nil }
        return values.lazy.compactMap { ChartFormatter.currencyProblem($0) }.first.map { "format: currency: \($0)" }
    }

    /// With `format: duration`, the first value too long to write as months, days and hours.
    private func durationProblem(_ values: some Sequence<ReportNumber>) -> String? {
        guard spec.valueFormat == .duration else { return nil }
        let duration = DurationFormat(format: format)
        for value in values where duration.string(minutes: value.double) == nil {
            return "format: duration: \(value) minutes are too many to write as months, days and hours"
        }
        return nil
    }

    /// The most x groups this block shows: `limit:`, and never more than `mostGroups`.
    func shownLimit(_ table: AggregateTable) -> Int? {
        guard let most = mostGroups(series: table.series.count) else { return spec.limit }
        return min(spec.limit ?? most, most)
    }

    /// A warning when the table has more groups than the block can show; the first are shown.
    func limitWarning(_ table: AggregateTable) -> String? {
        guard let most = mostGroups(series: table.series.count), min(table.x.count, spec.limit ?? .max) > most else { return nil }
        let across = table.series.count > 1 ? " across its series" : ""
        let what =
            spec.kind == .table
            ? "a table shows (\(ChartLimits.tableRows) rows)"
            : "a \(spec.chartType.rawValue) chart draws (\(ChartLimits.marks(spec.chartType)) marks\(across))"
        return "\(table.x.count) groups are more than \(what); only the first \(most) are shown: "
            + "narrow them with where:, group them with bucket: or binWidth:, or keep the largest with sort: -y and limit:"
    }

    /// Groups this block can show with `series` series; nil for a kpi, which shows one period.
    private func mostGroups(series: Int) -> Int? {
        switch spec.kind {
        case .kpi: nil
        case .table: ChartLimits.tableRows
        case .chart: max(1, ChartLimits.marks(spec.chartType) / max(1, series))
        }
    }

    /// A group as messages name it ("Oct 2026", "10–20"); nil for the one group of a block without x.
    func groupName(_ key: GroupKey, _ bucket: DateBucket?) -> String? {
        switch key {
        case .all: nil
        case .text(let text): text
        case .number(let number): format.number(number, fraction: 2)
        case .bin(let low, let high): "\(format.number(low, fraction: 2))–\(format.number(high, fraction: 2))"
        case .date(let date): format.bucketLabel(date, bucket)
        }
    }
}

extension ReportEngine {
    /// The error for numbers a query cannot aggregate, at the part of the block that asks for them.
    func diagnostic(for problem: Aggregator.Problem, spec: BlockSpec, source: StatsSource, view: BlockView) -> Diagnostic {
        let binsAt = spec.x?.ruleLocation ?? spec.x?.location ?? spec.location
        switch problem {
        case .tooManyBins(let width, let count, let low, let high):
            // Three digits are enough to say how far off the count is.
            let rounded = String(format: "%.3g", count).replacingOccurrences(of: "e+", with: "e")
            let made = count.isFinite ? (count < 1e15 ? ReportNumber.shortText(count) : rounded) : "more than 1e308"
            var hint = "use a larger binWidth or bins: [edges]"
            let span = high - low
            if span > 0, span.isFinite {
                hint = "use a larger binWidth (\(ReportNumber.shortText(NiceScale.niceStep(span / 20))) makes about 20) or bins: [edges]"
            }
            let range = "from \(ReportNumber.shortText(low)) to \(ReportNumber.shortText(high))"
            return .error(
                "x.binWidth: \(ReportNumber.shortText(width)) makes \(made) bins \(range); at most \(Aggregator.maximumBins): \(hint)",
                at: binsAt)
        case .binsTooNarrow(let width, let largest):
            return .error(
                "x.binWidth: \(ReportNumber.shortText(width)) is too narrow for values as large as \(ReportNumber.shortText(largest)): "
                    + "numbers that large cannot be told apart in steps that small; use a larger binWidth or bins: [edges]", at: binsAt)
        case .overflow(let key, let series):
            let field = spec.measure.field ?? ""
            let integers = source.column(field).map { source.columns[$0].type == .integer } ?? false
            let bucket: DateBucket? = if case .bucket(let value)? = spec.x?.rule { value } else { nil }
            var place = view.groupName(key, bucket).map { " for \($0)" } ?? ""
            if !series.isEmpty { place += " (\(spec.series ?? "series") \(series))" }
            let limit = integers ? "past ±\(Int.max), the largest whole number added exactly" : "past ±1.8e308, too large for a number"
            let what = if case .average = spec.measure { "the values of '\(field)'\(place) add up" } else { "the sum of '\(field)'\(place) is" }
            return .error("y.\(spec.measure.keyword): \(what) \(limit); narrow them with where:", at: spec.measureLocation)
        }
    }
}
