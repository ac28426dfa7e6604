import Foundation
import MastheadSupport

/// Turns chart data into an accessible `<figure>`: the title, inline SVG (drawn wide and
/// narrow), a legend when there are several series, a `<desc>` stating the main finding,
/// and the same numbers as an HTML table inside `<details>`.
package struct ChartRenderer {
    let format: ChartFormatter
    let labels: ReportLabels

    package init(format: ChartFormatter, labels: ReportLabels) {
        self.format = format
        self.labels = labels
    }

    package func render(_ type: ChartType, _ data: ChartData, _ description: ChartDescription, ordered: Bool) -> String {
        let id = description.id
        var html = "<figure class=\"chart chart-\(type.rawValue)\" id=\"\(id)\">\n"
        html += "<figcaption class=\"chart-title\">\(XML.escape(description.title))</figcaption>\n"
        guard !data.isEmpty else {
            html +=
                "<div class=\"chart-empty\" role=\"img\" aria-label=\"\(XML.escape(description.title)): \(XML.escape(labels.noData))\">"
                + "<p>\(XML.escape(labels.noData))</p></div>\n"
            return html + "</figure>\n"
        }
        let summary = finding(type, data)
        switch type {
        case .donut:
            html +=
                "<div class=\"chart-donut-layout\">\n" + donut(data, description, summary: summary) + legend(type, data, id: id, percentages: true)
                + "</div>\n"
        case .sparkline:
            html += sparkline(data, description, summary: summary)
        default:
            html += "<div class=\"chart-frame\">\n"
            let valueLabels = valueLabelRule(type, data, ordered: ordered)
            let yTitle = HistogramBins.densityUnit(data).map {
                "\(description.yAxisTitle ?? description.valueTitle) \(labels.per) \(format.number($0, fraction: 2))"
            }
            for canvas in [SVGCanvas.wide, .narrow] {
                let prefix = "\(id)-\(canvas.name)-p"
                var drawer = AxisChartDrawer(type: type, data: data, format: format, canvas: canvas, patternPrefix: prefix, ordered: ordered)
                drawer.valueLabels = valueLabels
                drawer.xTitle = description.xAxisTitle
                drawer.yTitle = yTitle ?? description.yAxisTitle
                let (body, height) = drawer.draw()
                html += svgOpen(canvas: canvas, height: height, id: "\(id)-\(canvas.name)", title: description.title, summary: summary)
                html += patterns(data.series.count, prefix: prefix)
                html += body + "</svg>\n"
            }
            html += "</div>\n"
            if data.isMultiSeries { html += legend(type, data, id: id, percentages: false) }
        }
        if let caption = description.caption { html += "<p class=\"chart-caption\">\(XML.escape(caption))</p>\n" }
        html += dataTable(data, description)
        return html + "</figure>\n"
    }

    /// Every bar's value when each fits its bar in the narrow layout, else the tallest bar's only.
    func valueLabelRule(_ type: ChartType, _ data: ChartData, ordered: Bool) -> ValueLabels {
        let narrow = AxisChartDrawer(type: type, data: data, format: format, canvas: .narrow, patternPrefix: "", ordered: ordered)
        return narrow.everyValueFits() ? .all : .largest
    }

    /// `interactive`: the drawing holds links (a catalog map), so it keeps the SVG's own role
    /// (a graphics document) rather than `img`, which may not hold anything focusable; the
    /// W3C checker accepts no `group` or `graphics-document` on `<svg>`.
    func svgOpen(canvas: SVGCanvas, height: Double, id: String, title: String, summary: String, interactive: Bool = false) -> String {
        "<svg class=\"chart-svg chart-\(canvas.name)\" viewBox=\"0 0 \(svgNumber(canvas.width)) \(svgNumber(height))\" width=\"100%\""
            + (interactive ? "" : " role=\"img\"")
            + " aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\" font-size=\"\(svgNumber(canvas.font))\">"
            + "<title id=\"\(id)-title\">\(XML.escape(title))</title><desc id=\"\(id)-desc\">\(XML.escape(summary))</desc>"
    }

    func patterns(_ count: Int, prefix: String) -> String {
        let definitions = (0..<count).compactMap { ChartPalette.patternDefinition($0, id: "\(prefix)\($0)") }
        return definitions.isEmpty ? "" : "<defs>\(definitions.joined())</defs>"
    }

    /// "Highest: mar 2026 (1.234); lowest: gen 2026 (12); total 5.678." per series.
    func finding(_ type: ChartType, _ data: ChartData) -> String {
        var parts: [String] = []
        let value = { (number: ReportNumber) in format.number(number, fraction: data.fraction) }
        for series in data.series.prefix(6) {
            let present = series.values.enumerated().compactMap { index, number in number.map { (index, $0) } }
            guard let highest = present.max(by: { $0.1 < $1.1 }), let lowest = present.min(by: { $0.1 < $1.1 }) else { continue }
            var sentence = data.isMultiSeries ? "\(series.name): " : ""
            if present.count == 1 {
                sentence += "\(data.categories[highest.0].label) \(value(highest.1))"
            } else {
                sentence +=
                    "\(labels.highest) \(data.categories[highest.0].label) (\(value(highest.1))),"
                    + " \(labels.lowest) \(data.categories[lowest.0].label) (\(value(lowest.1)))"
            }
            // Totals of averages mean nothing: only whole-number measures get one.
            if data.fraction == 0, present.count > 1 {
                sentence += ", \(labels.total) \(value(present.reduce(ReportNumber.integer(0)) { $0.plus($1.1) }))"
            }
            parts.append(sentence)
        }
        return parts.joined(separator: "; ") + "."
    }

    private func legend(_ type: ChartType, _ data: ChartData, id: String, percentages: Bool) -> String {
        var html = "<ul class=\"chart-legend\">\n"
        let isLine = type == .line || type == .area
        let entries: [(name: String, number: ReportNumber?)] =
            type == .donut
            ? data.categories.indices.map { (data.categories[$0].label, data.series.first?.values[$0]) }
            : data.series.map { ($0.name, nil) }
        let total = entries.compactMap { $0.number?.double }.filter { $0 > 0 }.reduce(0, +)
        for (index, entry) in entries.enumerated() {
            let prefix = "\(id)-legend-p"
            var swatch = "<svg class=\"chart-swatch\" viewBox=\"0 0 16 16\" width=\"16\" height=\"16\" aria-hidden=\"true\">"
            if isLine {
                swatch +=
                    "<path d=\"M1,8 H15\" class=\"chart-line chart-s\(ChartPalette.slot(index))\""
                    + " stroke=\"\(ChartPalette.colour(index))\"\(ChartPalette.dash(index))/>"
            } else {
                if let pattern = ChartPalette.patternDefinition(index, id: "\(prefix)\(index)") { swatch += "<defs>\(pattern)</defs>" }
                swatch += "<rect x=\"1\" y=\"1\" width=\"14\" height=\"14\" rx=\"2\" \(ChartPalette.fill(index, patternPrefix: prefix))/>"
            }
            swatch += "</svg>"
            var text = "<span class=\"chart-legend-name\">\(XML.escape(entry.name))</span>"
            if percentages, let number = entry.number {
                text += " <span class=\"chart-legend-value\">\(format.number(number, fraction: data.fraction))"
                if total > 0, number > 0 { text += " · \(format.percent(number.double / total))" }
                text += "</span>"
            }
            html += "<li>\(swatch)\(text)</li>\n"
        }
        return html + "</ul>\n"
    }

    /// A ring of slices, largest share first as given; the total in the middle.
    /// Each slice carries its angle (`data-angle`) so the geometry can be checked.
    private func donut(_ data: ChartData, _ description: ChartDescription, summary: String) -> String {
        // Negative and missing values have no slice.
        let figures = (data.series.first?.values ?? []).map { value -> ReportNumber in value.map { $0 > 0 ? $0 : 0 } ?? 0 }
        let values = figures.map { max(0, $0.double) }
        let total = values.reduce(0, +)
        let id = description.id
        let prefix = "\(id)-donut-p"
        var svg = svgOpen(
            canvas: SVGCanvas(width: 240, height: 240, font: 14, narrow: false), height: 240, id: "\(id)-donut", title: description.title,
            summary: summary
        )
        .replacingOccurrences(of: "chart-svg chart-wide", with: "chart-svg chart-donut-svg")
        svg += patterns(values.count, prefix: prefix)
        let centre = 120.0
        let outer = 112.0
        let inner = 68.0
        var angle = -90.0
        func point(_ degrees: Double, _ radius: Double) -> String {
            let radians = degrees * .pi / 180
            return "\(svgNumber2(centre + radius * cos(radians))),\(svgNumber2(centre + radius * sin(radians)))"
        }
        for (index, number) in values.enumerated() where number > 0 && total > 0 {
            let sweep = number / total * 360
            let end = angle + sweep
            let path: String
            if sweep >= 359.999 {
                // A full ring: two half arcs, as one arc cannot start and end at the same point.
                path =
                    "M\(point(-90, outer)) A\(svgNumber(outer)),\(svgNumber(outer)) 0 1 1 \(point(90, outer))"
                    + " A\(svgNumber(outer)),\(svgNumber(outer)) 0 1 1 \(point(-90, outer)) Z"
                    + " M\(point(-90, inner)) A\(svgNumber(inner)),\(svgNumber(inner)) 0 1 0 \(point(90, inner))"
                    + " A\(svgNumber(inner)),\(svgNumber(inner)) 0 1 0 \(point(-90, inner)) Z"
            } else {
                let large = sweep > 180 ? 1 : 0
                path =
                    "M\(point(angle, outer)) A\(svgNumber(outer)),\(svgNumber(outer)) 0 \(large) 1 \(point(end, outer))"
                    + " L\(point(end, inner)) A\(svgNumber(inner)),\(svgNumber(inner)) 0 \(large) 0 \(point(angle, inner)) Z"
            }
            let label = data.categories[index].label
            let title = "\(label): \(format.number(figures[index], fraction: data.fraction)) (\(format.percent(number / total)))"
            svg +=
                "<path d=\"\(path)\" \(ChartPalette.fill(index, patternPrefix: prefix, className: "chart-slice")) fill-rule=\"evenodd\" "
                + "data-value=\"\(number)\" data-angle=\"\(sweep)\"><title>\(XML.escape(title))</title></path>"
            angle = end
        }
        let exactTotal = figures.reduce(ReportNumber.integer(0)) { $0.plus($1) }
        svg += svgText(format.number(exactTotal, fraction: data.fraction), x: centre, y: centre + 4, className: "chart-donut-total")
        svg += svgText(labels.total, x: centre, y: centre + 24, className: "chart-donut-label")
        return svg + "</svg>\n"
    }

    /// A small line with its first and last values written at its ends: the scale a reader needs.
    private func sparkline(_ data: ChartData, _ description: ChartDescription, summary: String) -> String {
        let figures = data.series.first?.values ?? []
        let values = figures.map { $0?.double }
        let numbers = values.compactMap { $0 }
        let low = min(0, numbers.min() ?? 0)
        let high = max(numbers.max() ?? 1, low + 1)
        let canvas = SVGCanvas(width: 240, height: 56, font: 12, narrow: false)
        let firstIndex = figures.firstIndex { $0 != nil }
        let lastIndex = figures.lastIndex { $0 != nil }
        let firstText = firstIndex.flatMap { figures[$0] }.map { format.number($0, fraction: data.fraction) }
        let lastText = lastIndex.flatMap { figures[$0] }.map { format.number($0, fraction: data.fraction) }
        let pad = 6.0
        let labelled = firstIndex != lastIndex
        let left = pad + (labelled ? (firstText.map { canvas.textWidth($0) } ?? 0) + 6 : 0)
        let right = canvas.width - pad - (lastText.map { canvas.textWidth($0) } ?? 0) - 6
        let step = values.count > 1 ? (right - left) / Double(values.count - 1) : 0
        func point(_ index: Int, _ number: Double) -> (Double, Double) {
            (
                values.count > 1 ? left + Double(index) * step : (left + right) / 2,
                canvas.height - pad - (number - low) / (high - low) * (canvas.height - 2 * pad)
            )
        }
        var svg = svgOpen(canvas: canvas, height: canvas.height, id: "\(description.id)-spark", title: description.title, summary: summary)
            .replacingOccurrences(of: "chart-svg chart-wide", with: "chart-svg chart-sparkline-svg")
        let points = values.enumerated().compactMap { index, number in number.map { point(index, $0) } }
        if points.count > 1 {
            let line = points.map { "\(svgNumber($0.0)),\(svgNumber($0.1))" }.joined(separator: " L")
            svg += "<path d=\"M\(line)\" class=\"chart-line chart-s1\" stroke=\"\(ChartPalette.colour(0))\" fill=\"none\"/>"
        }
        if let first = points.first, labelled, let firstText {
            svg +=
                "<circle cx=\"\(svgNumber(first.0))\" cy=\"\(svgNumber(first.1))\" r=\"2.5\""
                + " class=\"chart-marker chart-c1\" fill=\"\(ChartPalette.colour(0))\"/>"
            svg += svgText(firstText, x: first.0 - 6, y: first.1 + canvas.font * 0.35, anchor: "end", className: "chart-value chart-sparkline-first")
        }
        if let last = points.last {
            svg +=
                "<circle cx=\"\(svgNumber(last.0))\" cy=\"\(svgNumber(last.1))\" r=\"3.5\""
                + " class=\"chart-marker chart-c1\" fill=\"\(ChartPalette.colour(0))\"/>"
            if let lastText {
                svg += svgText(
                    lastText, x: last.0 + 6, y: last.1 + canvas.font * 0.35, anchor: "start", className: "chart-value chart-sparkline-last")
            }
        }
        svg += "</svg>"
        var html = "<div class=\"chart-sparkline-layout\">\(svg)"
        if let lastIndex, let last = figures[lastIndex] {
            html +=
                "<p class=\"chart-sparkline-value\"><strong>\(format.number(last, fraction: data.fraction))</strong>"
                + " <span>\(XML.escape(data.categories[lastIndex].label))</span></p>"
        }
        return html + "</div>\n"
    }

    /// One row per x value, one column per series.
    func dataTable(_ data: ChartData, _ description: ChartDescription) -> String {
        var html =
            "<details class=\"chart-data\"><summary>\(XML.escape(labels.showData))</summary>\n"
            + "<div class=\"table-scroll\"><table class=\"data-table\">\n"
        html += "<caption>\(XML.escape(description.title))</caption>\n<thead><tr><th scope=\"col\">\(XML.escape(description.xTitle))</th>"
        for series in data.series {
            html += "<th scope=\"col\">\(XML.escape(data.isMultiSeries ? series.name : description.valueTitle))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for (index, category) in data.categories.enumerated() {
            html += "<tr><th scope=\"row\">\(Self.rowHeader(category))</th>"
            for series in data.series {
                html += "<td>\(series.values[index].map { format.number($0, fraction: data.fraction) } ?? "–")</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table></div></details>\n"
    }
}

extension ChartRenderer {
    /// A table row header: the category's name, a link when it has a page.
    package static func rowHeader(_ category: ChartData.Category) -> String {
        guard let url = category.url else { return XML.escape(category.label) }
        return "<a href=\"\(XML.escape(url))\">\(XML.escape(category.label))</a>"
    }
}

/// Two decimals, for arc end points.
func svgNumber2(_ value: Double) -> String { svgNumber(value, decimals: 2) }
