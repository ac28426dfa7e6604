import Foundation
import MastheadCharts
import MastheadSupport

/// Turns an aggregated table into a block's HTML: a chart, a key figure or a table,
/// with values and dates written in the site's language.
package struct BlockView {
    let spec: BlockSpec
    let format: ChartFormatter
    let labels: ReportLabels
    /// Titles and links for x values, when `x.catalog` names a catalog.
    var titles: CatalogTitles?

    /// A kpi or table value: a number in the site's language, or a duration (`format: duration`;
    /// `numberProblem` has checked that each can be written).
    func valueText(_ number: ReportNumber, fraction: Int) -> String {
        switch spec.valueFormat {
        case .duration: DurationFormat(format: format).string(minutes: number.double) ?? "–"
        case .currency: format.currency(number, code: spec.currency ?? "")
        case nil: format.number(number, fraction: fraction)
        }
    }

    /// The x axis's name: `x.label`, else the field's name.
    var xTitle: String { spec.x?.label ?? spec.x.map { Self.humanise($0.field) } ?? "" }

    /// The value's name: `y.label`, else e.g. "sum of points".
    var valueTitle: String {
        if let label = spec.yLabel { return label }
        switch spec.measure {
        case .count: return labels.value
        default: return "\(spec.measure.keyword) \(labels.of) \(spec.measure.field ?? "")"
        }
    }

    func chart(_ table: AggregateTable, id: String) -> String {
        let sorted = table.sorted(spec.sort, limit: shownLimit(table))
        let data = chartData(sorted)
        let description = ChartDescription(
            title: spec.title ?? labels.chart, xTitle: xTitle, valueTitle: valueTitle, caption: spec.caption, id: id, xAxisTitle: spec.x?.label,
            yAxisTitle: spec.yLabel)
        let ordered = sorted.x.allSatisfy { if case .text = $0 { false } else { true } }
        return ChartRenderer(format: format, labels: labels).render(spec.chartType, data, description, ordered: ordered)
    }

    func chartData(_ table: AggregateTable) -> ChartData {
        var previous: Date?
        let categories = table.x.map { key -> ChartData.Category in
            switch key {
            case .all: return .init(label: spec.title ?? labels.total)
            case .text(let text):
                let item = titles?.entry(for: key)
                return .init(label: spec.labels[text] ?? item?.title ?? text, url: item?.url)
            case .number(let number):
                if let item = titles?.entry(for: key) { return .init(label: spec.labels[item.title] ?? item.title, url: item.url) }
                return .init(label: spec.labels[format.number(number, fraction: 2)] ?? format.number(number, fraction: 2))
            case .bin(let low, let high):
                return .init(label: "\(format.number(low, fraction: 2))–\(format.number(high, fraction: 2))")
            case .date(let date):
                let (axis, _) = format.axisLabel(date, table.bucket, previous: previous)
                previous = date
                let group =
                    table.bucket == .year ? nil : String(Calendar(identifier: .gregorian).dateComponents(in: format.timeZone, from: date).year ?? 0)
                return .init(label: format.bucketLabel(date, table.bucket), axis: axis, group: group)
            }
        }
        let series = table.series.enumerated().map { index, name in
            ChartData.Series(
                name: name.isEmpty ? (table.series.count == 1 ? valueTitle : "–") : (spec.labels[name] ?? name),
                values: table.values.map { $0[index] })
        }
        var edges: [String]?
        var binEdges: [Double]?
        if spec.chartType == .histogram, spec.kind == .chart {
            let bins = table.x.compactMap { if case .bin(let low, let high) = $0 { (low, high) } else { nil } }
            if let last = bins.last, bins.count == table.x.count {
                binEdges = bins.map(\.0) + [last.1]
                edges = binEdges?.map { format.number($0, fraction: 2) }
            }
        }
        return ChartData(categories: categories, series: series, edges: edges, binEdges: binEdges, fraction: fraction(table))
    }

    /// Decimals to show: one for averages and values that are not whole numbers.
    func fraction(_ table: AggregateTable) -> Int {
        if case .average = spec.measure { return 1 }
        let whole = table.values.allSatisfy { $0.allSatisfy { $0?.isWhole ?? true } }
        return whole ? 0 : 1
    }

    /// The value of the latest period, and its change against the one before.
    func kpi(_ table: AggregateTable) -> String {
        let title = spec.title ?? valueTitle
        var html = "<div class=\"kpi\">\n<p class=\"kpi-label\">\(XML.escape(title))</p>\n"
        let digits = fraction(table)
        guard let last = table.x.indices.last else {
            return html + "<p class=\"kpi-value kpi-empty\">\(XML.escape(labels.noData))</p>\n</div>\n"
        }
        // `numberProblem` has checked that these totals add up.
        let current = table.rowTotal(last) ?? 0
        let unit = spec.unit.map { " <span class=\"kpi-unit\">\(XML.escape($0))</span>" } ?? ""
        html += "<p class=\"kpi-value\">\(XML.escape(valueText(current, fraction: digits)))\(unit)</p>\n"
        if case .date(let date) = table.x[last] {
            html += "<p class=\"kpi-period\">\(XML.escape(format.bucketLabel(date, table.bucket)))</p>\n"
        }
        if last > 0, case .date(let previousDate) = table.x[last - 1] {
            let previous = table.rowTotal(last - 1) ?? 0
            let period = format.bucketLabel(previousDate, table.bucket)
            let reference = "\(labels.previous) \(period) (\(valueText(previous, fraction: digits)))"
            if previous == 0 || current == previous {
                let word = current == previous ? labels.unchanged : "—"
                html += "<p class=\"kpi-change kpi-flat\"><span aria-hidden=\"true\">■</span> \(XML.escape(word)) \(XML.escape(reference))</p>\n"
            } else {
                let change = (current.double - previous.double) / abs(previous.double)
                let direction = change > 0 ? ("kpi-up", "▲") : ("kpi-down", "▼")
                html +=
                    "<p class=\"kpi-change \(direction.0)\"><span aria-hidden=\"true\">\(direction.1)</span>"
                    + " \(format.signedPercent(change)) \(XML.escape(reference))</p>\n"
            }
        }
        if let caption = spec.caption { html += "<p class=\"kpi-caption\">\(XML.escape(caption))</p>\n" }
        return html + "</div>\n"
    }

    func table(_ table: AggregateTable) -> String {
        let sorted = table.sorted(spec.sort, limit: shownLimit(table))
        let data = chartData(sorted)
        var html = "<div class=\"table-block table-scroll\"><table class=\"data-table\">\n"
        if let title = spec.title { html += "<caption>\(XML.escape(title))</caption>\n" }
        html += "<thead><tr><th scope=\"col\">\(XML.escape(spec.x == nil ? "" : xTitle))</th>"
        for series in data.series { html += "<th scope=\"col\">\(XML.escape(series.name))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        if data.categories.isEmpty {
            html += "<tr><td colspan=\"\(data.series.count + 1)\" class=\"table-empty\">\(XML.escape(labels.noData))</td></tr>\n"
        }
        for (index, category) in data.categories.enumerated() {
            html += "<tr><th scope=\"row\">\(ChartRenderer.rowHeader(category))</th>"
            for series in data.series {
                html += "<td>\(series.values[index].map { XML.escape(valueText($0, fraction: data.fraction)) } ?? "–")</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table></div>\n"
        if let caption = spec.caption { html += "<p class=\"table-caption\">\(XML.escape(caption))</p>\n" }
        return html
    }

    /// `event_kind` → "Event kind".
    package static func humanise(_ field: String) -> String {
        let words = field.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
