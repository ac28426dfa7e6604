import Foundation
import MastheadCharts
import MastheadContent
import MastheadSupport

/// Scatter and grid charts: one mark per row, no aggregation. The rows passing `where:`
/// are read once (from the shared in-memory copy for small files) and labelled here.
extension ReportEngine {
    func renderRowChart(_ spec: BlockSpec, id: String) -> (html: String, diagnostics: [Diagnostic]) {
        let source: StatsSource
        switch self.source(for: spec) {
        case .success(let found): source = found
        case .failure(let problems): return ("", problems.diagnostics)
        }
        let checker = FieldChecker(source: source, timeZone: store.timeZone)
        var diagnostics = checker.check(spec)
        let filters = checker.resolveFilters(spec.filters, diagnostics: &diagnostics)
        let first = spec.chartType == .grid ? spec.row : spec.x?.field
        let second = spec.chartType == .grid ? spec.x?.field : spec.pointValue
        guard !diagnostics.hasErrors, let first, let second, let a = source.column(first), let b = source.column(second) else {
            return ("", diagnostics)
        }
        let label = spec.pointLabel.flatMap(source.column)
        let series = spec.series.flatMap(source.column)
        let columns = [a, b] + [label, series].compactMap { $0 }
        let found: (rows: [[DataValue]], total: Int)
        switch store.matchingRows(source, filters: filters, columns: columns, limit: ChartLimits.rowMarks, askedAt: spec.location) {
        case .success(let result): found = result
        case .failure(let problem): return ("", diagnostics + [problem])
        }
        if found.total > ChartLimits.rowMarks {
            let limit = ChartLimits.rowMarks
            let message = "\(spec.chartType.rawValue): \(found.total) rows match; only the first \(limit) are drawn (narrow them with where:)"
            diagnostics.append(.warning(message, at: spec.location))
        }
        // Positions are drawn from these numbers: they must leave the axes' arithmetic finite.
        let numbers = found.rows.lazy.flatMap { [$0[0].number, $0[1].number] }.compactMap { $0 }
        if let huge = numbers.first(where: { abs($0) > ChartLimits.magnitude }) {
            let message = "\(spec.chartType.rawValue): the value \(ReportNumber.shortText(huge)) is too large to place on a chart (at most ±1e300)"
            return ("", diagnostics + [.error(message, at: spec.location)])
        }
        // Positions of the optional columns in each returned row.
        let labelAt = label == nil ? nil : 2
        let seriesAt = series == nil ? nil : (label == nil ? 2 : 3)
        let renderer = ChartRenderer(format: format, labels: labels)
        let description = ChartDescription(title: spec.title ?? labels.chart, xTitle: "", valueTitle: "", caption: spec.caption, id: id)
        if spec.chartType == .scatter {
            let data = scatterData(spec, rows: found.rows, labelAt: labelAt, seriesAt: seriesAt)
            return (renderer.renderScatter(data, description), diagnostics)
        }
        let data = gridData(spec, rows: found.rows, labelAt: labelAt, seriesAt: seriesAt)
        return (renderer.renderGrid(data, description), diagnostics)
    }

    /// A value as a label: ids stay as written, decimals in the site's language.
    func labelText(_ value: DataValue) -> String {
        switch value {
        case .decimal(let number): format.number(number, fraction: 2)
        default: Aggregator.text(value)
        }
    }

    /// Series (or state) names in order: those named in `labels:` first, as written there,
    /// then the others alphabetically. Returns the order and each raw value's index.
    func seriesOrder(_ spec: BlockSpec, values: [String], keepLabelled: Bool) -> (names: [String], index: [String: Int]) {
        let present = Set(values)
        var order = spec.labelOrder.filter { keepLabelled || present.contains($0) }
        order += present.subtracting(order).sorted()
        var index: [String: Int] = [:]
        for (position, value) in order.enumerated() { index[value] = position }
        return (order.map { spec.labels[$0] ?? ($0.isEmpty ? "–" : $0) }, index)
    }

    func scatterData(_ spec: BlockSpec, rows: [[DataValue]], labelAt: Int?, seriesAt: Int?) -> ScatterData {
        let usable = rows.filter { $0[0].number != nil && $0[1].number != nil }
        let seriesValues = seriesAt.map { at in usable.map { Aggregator.text($0[at]) } } ?? []
        let (names, index) = seriesAt == nil ? ([""], [:]) : seriesOrder(spec, values: seriesValues, keepLabelled: false)
        let points = usable.enumerated().map { number, row in
            ScatterData.Point(
                label: labelAt.map { labelText(row[$0]) } ?? String(number + 1), x: row[0].number ?? 0, y: row[1].number ?? 0,
                series: seriesAt.map { index[Aggregator.text(row[$0])] ?? 0 } ?? 0)
        }
        let x = spec.x
        return ScatterData(
            points: points, series: names,
            labelTitle: spec.pointLabel.map(BlockView.humanise) ?? BlockView.humanise(labels.point),
            xTitle: x?.label ?? x.map { BlockView.humanise($0.field) } ?? "",
            yTitle: spec.yLabel ?? spec.pointValue.map(BlockView.humanise) ?? "",
            seriesTitle: spec.series.map(BlockView.humanise), geo: spec.aspect == .geo,
            xFraction: ScatterData.fraction(points.map(\.x)), yFraction: ScatterData.fraction(points.map(\.y)))
    }

    func gridData(_ spec: BlockSpec, rows: [[DataValue]], labelAt: Int?, seriesAt: Int?) -> GridData {
        let usable = rows.filter { !$0[0].isNull && $0[1].number != nil }
        func rowKey(_ value: DataValue) -> GroupKey { value.number.map(GroupKey.number) ?? .text(Aggregator.text(value)) }
        let rowKeys = Set(usable.map { rowKey($0[0]) }).sorted()
        var rowIndex: [GroupKey: Int] = [:]
        for (position, key) in rowKeys.enumerated() { rowIndex[key] = position }
        let rowNames = rowKeys.map { key -> String in
            switch key {
            case .number(let number): format.number(number, fraction: 2)
            case .text(let text): text
            default: ""
            }
        }
        // Whole-number places keep their gaps (an umbrella missing from every row still has its spot).
        let placeValues = Set(usable.compactMap { $0[1].number }).sorted()
        var places = placeValues
        // Only where whole numbers are exact (below 2^53) does each step of 1 give a new place.
        if let low = placeValues.first, let high = placeValues.last, placeValues.allSatisfy({ $0.rounded() == $0 }), high - low <= 300,
            abs(low) < 9_007_199_254_740_992, abs(high) < 9_007_199_254_740_992
        {
            places = stride(from: low, through: high, by: 1).map { $0 }
        }
        var placeIndex: [Double: Int] = [:]
        for (position, place) in places.enumerated() { placeIndex[place] = position }
        let seriesValues = seriesAt.map { at in usable.map { Aggregator.text($0[at]) } } ?? []
        let (names, stateIndex) = seriesAt == nil ? ([""], [:]) : seriesOrder(spec, values: seriesValues, keepLabelled: true)
        var taken = Set<Int>()
        var cells: [GridData.Cell] = []
        for row in usable {
            guard let rowPosition = rowIndex[rowKey(row[0])], let number = row[1].number, let placePosition = placeIndex[number] else { continue }
            // One cell per position: the first row given for it.
            guard taken.insert(rowPosition * places.count + placePosition).inserted else { continue }
            cells.append(
                GridData.Cell(
                    row: rowPosition, place: placePosition, label: labelAt.map { labelText(row[$0]) },
                    state: seriesAt.map { stateIndex[Aggregator.text(row[$0])] ?? 0 } ?? 0))
        }
        cells.sort { ($0.row, $0.place) < ($1.row, $1.place) }
        return GridData(
            rows: rowNames, places: places.map { format.number($0, fraction: 2) }, cells: cells, states: names,
            rowTitle: spec.row.map(BlockView.humanise) ?? labels.row,
            placeTitle: spec.x?.label ?? spec.x.map { BlockView.humanise($0.field) } ?? labels.place)
    }
}
