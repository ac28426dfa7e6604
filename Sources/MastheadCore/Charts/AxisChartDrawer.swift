import Foundation

/// Draws the charts with axes (bar, grouped and stacked bars, histogram, line, area)
/// and horizontal bars, for one canvas size. Returns the SVG's inner markup and height.
struct AxisChartDrawer {
    let type: ChartType
    let data: ChartData
    let format: ChartFormatter
    let canvas: SVGCanvas
    /// Prefix of this SVG's pattern ids.
    let patternPrefix: String
    /// Whether x labels may be thinned out (dates and numbers) rather than shortened (names).
    let ordered: Bool

    private var font: Double { canvas.font }
    private var valueFont: Double { canvas.font * 0.92 }

    func value(_ number: ReportNumber) -> String { format.number(number, fraction: data.fraction) }

    func draw() -> (body: String, height: Double) {
        if type == .hbar { return drawHorizontal() }
        let count = data.categories.count
        var low = 0.0
        var high = 0.0
        if type == .stackedBar {
            for index in 0..<count {
                let values = data.series.compactMap { $0.values[index]?.double }
                high = max(high, values.filter { $0 > 0 }.reduce(0, +))
                low = min(low, values.filter { $0 < 0 }.reduce(0, +))
            }
        } else {
            for number in data.series.flatMap({ $0.values.compactMap { $0?.double } }) {
                low = min(low, number)
                high = max(high, number)
            }
        }
        let scale = NiceScale(minimum: low, maximum: high, targetTicks: canvas.narrow ? 5 : 6)
        let tickDecimals = NiceScale.decimals(scale.step)
        let tickTexts = scale.ticks.map { format.number($0, fraction: tickDecimals) }
        let isLine = type == .line || type == .area
        var right = 14.0
        if isLine, data.isMultiSeries {
            right = min(canvas.narrow ? 76 : 130, (data.series.map { canvas.textWidth($0.name, size: valueFont) }.max() ?? 0) + 14)
        } else if isLine, let last = data.series.first?.values.last, let number = last {
            right = max(right, canvas.textWidth(value(number), size: valueFont) / 2 + 4)
        }
        let plotLeft = (tickTexts.map { canvas.textWidth($0) }.max() ?? 20) + 12
        let plotRight = canvas.width - right
        let plotTop = font + 10
        let hasGroups = data.categories.contains { $0.group != nil }
        let plotBottom = canvas.height - (font * (hasGroups ? 2.7 : 1.6) + 8)
        func y(_ number: Double) -> Double { scale.position(number, from: plotBottom, to: plotTop) }
        let band = (plotRight - plotLeft) / Double(max(1, count))

        var out = "<g class=\"chart-axis\">"
        for (tick, text) in zip(scale.ticks, tickTexts) where tick != 0 {
            let position = svgNumber(y(tick))
            out += "<line x1=\"\(svgNumber(plotLeft))\" x2=\"\(svgNumber(plotRight))\" y1=\"\(position)\" y2=\"\(position)\" class=\"chart-grid\"/>"
            out += svgText(text, x: plotLeft - 6, y: y(tick) + font * 0.35, anchor: "end", className: "chart-tick")
        }
        out += svgText(format.number(0.0), x: plotLeft - 6, y: y(0) + font * 0.35, anchor: "end", className: "chart-tick")
        out += xLabels(band: band, plotLeft: plotLeft, baseline: plotBottom + font + 6)
        out += "</g>"

        let zero = y(0)
        out += "<g class=\"chart-marks\">"
        switch type {
        case .line, .area:
            out += drawLines(band: band, plotLeft: plotLeft, plotRight: plotRight, y: y, zero: zero)
        case .stackedBar:
            out += drawStacked(band: band, plotLeft: plotLeft, y: y)
        default:
            out += drawBars(band: band, plotLeft: plotLeft, y: y, zero: zero)
        }
        out += "</g>"
        out +=
            "<line x1=\"\(svgNumber(plotLeft))\" x2=\"\(svgNumber(plotRight))\""
            + " y1=\"\(svgNumber(zero))\" y2=\"\(svgNumber(zero))\" class=\"chart-zero\"/>"
        return (out, canvas.height)
    }

    /// Category labels under the plot: every one when they fit; for dates and numbers
    /// every n-th, with the year under the first label of each year; names are shortened.
    private func xLabels(band: Double, plotLeft: Double, baseline: Double) -> String {
        var out = ""
        if let edges = data.edges {
            let widest = (edges.map { canvas.textWidth($0) }.max() ?? 0) + 10
            let every = max(1, (widest / band).roundedInt(.up) ?? 1)
            for (index, edge) in edges.enumerated() where index % every == 0 || index == edges.count - 1 && every == 1 {
                out += svgText(edge, x: plotLeft + Double(index) * band, y: baseline, className: "chart-label")
            }
            return out
        }
        let widest = (data.categories.map { canvas.textWidth($0.axis) }.max() ?? 0) + 8
        let every = ordered ? max(1, (widest / band).roundedInt(.up) ?? 1) : 1
        var lastGroup: String?
        for (index, category) in data.categories.enumerated() where index % every == 0 {
            let x = plotLeft + (Double(index) + 0.5) * band
            let (text, cut) = ordered ? (category.axis, false) : canvas.fit(category.axis, width: band * Double(every) - 4)
            out += svgText(text, x: x, y: baseline, className: "chart-label", full: cut ? category.label : nil)
            if let group = category.group, group != lastGroup {
                out += svgText(group, x: x, y: baseline + font + 3, className: "chart-label chart-label-group")
                lastGroup = group
            }
        }
        return out
    }

    private func drawBars(band: Double, plotLeft: Double, y: (Double) -> Double, zero: Double) -> String {
        let seriesCount = Double(data.series.count)
        let histogram = type == .histogram
        let inner = histogram ? band : band * (data.isMultiSeries ? 0.84 : 0.66)
        let width = inner / seriesCount
        var out = ""
        for (seriesIndex, series) in data.series.enumerated() {
            for (index, figure) in series.values.enumerated() {
                guard let figure else { continue }
                let number = figure.double
                let x = plotLeft + Double(index) * band + (band - inner) / 2 + Double(seriesIndex) * width
                let top = min(y(number), zero)
                let height = abs(y(number) - zero)
                let gap = histogram || data.isMultiSeries ? 1.0 : 0
                out +=
                    "<rect x=\"\(svgNumber(x + gap / 2))\" y=\"\(svgNumber(top))\" width=\"\(svgNumber(max(0.5, width - gap)))\" "
                    + "height=\"\(svgNumber(height))\" \(ChartPalette.fill(seriesIndex, patternPrefix: patternPrefix)) data-value=\"\(number)\">"
                    + "<title>\(XML.escape(tooltip(index, seriesIndex, figure)))</title></rect>"
                let text = value(figure)
                if width >= canvas.textWidth(text, size: valueFont) + (data.isMultiSeries ? 8 : 2) {
                    let labelY = number >= 0 ? y(number) - 4 : y(number) + valueFont + 2
                    out += svgText(text, x: x + width / 2, y: labelY, className: "chart-value")
                }
            }
        }
        return out
    }

    private func drawStacked(band: Double, plotLeft: Double, y: (Double) -> Double) -> String {
        let width = band * 0.66
        var out = ""
        for index in data.categories.indices {
            var positive = ReportNumber.integer(0)
            var negative = ReportNumber.integer(0)
            let x = plotLeft + Double(index) * band + (band - width) / 2
            for (seriesIndex, series) in data.series.enumerated() {
                guard let figure = series.values[index], figure != 0 else { continue }
                let number = figure.double
                let start = number > 0 ? positive : negative
                let end = start.plus(figure)
                if number > 0 { positive = end } else { negative = end }
                let top = min(y(start.double), y(end.double))
                let height = abs(y(end.double) - y(start.double))
                out +=
                    "<rect x=\"\(svgNumber(x))\" y=\"\(svgNumber(top))\" width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\" "
                    + "\(ChartPalette.fill(seriesIndex, patternPrefix: patternPrefix, className: "chart-segment")) data-value=\"\(number)\">"
                    + "<title>\(XML.escape(tooltip(index, seriesIndex, figure)))</title></rect>"
            }
            let text = value(positive.plus(negative))
            if width >= canvas.textWidth(text, size: valueFont) + 2 {
                out += svgText(text, x: x + width / 2, y: y(positive.double) - 4, className: "chart-value")
            }
        }
        return out
    }

    private func drawLines(band: Double, plotLeft: Double, plotRight: Double, y: (Double) -> Double, zero: Double) -> String {
        var out = ""
        var endLabels: [(y: Double, text: String, index: Int)] = []
        let markers = data.categories.count <= 40
        for (seriesIndex, series) in data.series.enumerated() {
            let points = series.values.enumerated().map { index, number in
                number.map { (x: plotLeft + (Double(index) + 0.5) * band, y: y($0.double), value: $0, index: index) }
            }
            // Runs of consecutive values; a missing value breaks the line.
            var runs: [[(x: Double, y: Double, value: ReportNumber, index: Int)]] = [[]]
            for point in points {
                if let point { runs[runs.count - 1].append(point) } else if !(runs.last?.isEmpty ?? true) { runs.append([]) }
            }
            let slot = ChartPalette.slot(seriesIndex)
            let colour = ChartPalette.colour(seriesIndex)
            for run in runs where !run.isEmpty {
                let line = run.map { "\(svgNumber($0.x)),\(svgNumber($0.y))" }.joined(separator: " L")
                if type == .area, run.count > 1 {
                    out +=
                        "<path d=\"M\(svgNumber(run[0].x)),\(svgNumber(zero)) L\(line) L\(svgNumber(run[run.count - 1].x)),\(svgNumber(zero)) Z\""
                        + " class=\"chart-area chart-c\(slot)\" fill=\"\(colour)\" fill-opacity=\"0.2\"/>"
                }
                if run.count > 1 {
                    out +=
                        "<path d=\"M\(line)\" class=\"chart-line chart-s\(slot)\" stroke=\"\(colour)\" fill=\"none\""
                        + "\(ChartPalette.dash(seriesIndex))/>"
                }
                if markers || run.count == 1 {
                    for point in run {
                        out +=
                            "<circle cx=\"\(svgNumber(point.x))\" cy=\"\(svgNumber(point.y))\" r=\"\(run.count == 1 ? 4.5 : 3)\" "
                            + "class=\"chart-marker chart-c\(slot)\" fill=\"\(colour)\" data-value=\"\(point.value.double)\">"
                            + "<title>\(XML.escape(tooltip(point.index, seriesIndex, point.value)))</title></circle>"
                    }
                }
            }
            if let last = points.compactMap({ $0 }).last {
                if data.isMultiSeries {
                    endLabels.append((last.y + font * 0.35, series.name, seriesIndex))
                } else {
                    out += svgText(value(last.value), x: last.x, y: last.y - 8, className: "chart-value")
                }
            }
        }
        // Series names at the ends of their lines, pushed apart so they never overlap.
        endLabels.sort { $0.y < $1.y }
        for index in endLabels.indices.dropFirst() where endLabels[index].y < endLabels[index - 1].y + font + 2 {
            endLabels[index].y = endLabels[index - 1].y + font + 2
        }
        let room = canvas.width - plotRight - 10
        for label in endLabels {
            let (text, cut) = canvas.fit(label.text, width: room, size: valueFont)
            out += svgText(
                text, x: plotRight + 6, y: label.y, anchor: "start", className: "chart-series-label chart-t\(ChartPalette.slot(label.index))",
                full: cut ? label.text : nil)
        }
        return out
    }

    /// Horizontal bars, one row per category: labels beside the bars (wide) or above them (narrow).
    private func drawHorizontal() -> (body: String, height: Double) {
        let count = data.categories.count
        let seriesCount = Double(data.series.count)
        let rowHeight = canvas.narrow ? font + 26 : (data.isMultiSeries ? 16 * seriesCount + 12 : 30)
        let barHeight = canvas.narrow ? 14 * (data.isMultiSeries ? seriesCount : 1) : rowHeight - 12
        let figures = data.series.flatMap { $0.values.compactMap { $0 } }
        let numbers = figures.map(\.double)
        let low = min(0, numbers.min() ?? 0)
        let high = max(0, numbers.max() ?? 0)
        let valueRoom = (figures.map { canvas.textWidth(value($0), size: valueFont) }.max() ?? 10) + 10
        let labelColumn = canvas.narrow ? 0 : min(canvas.width * 0.4, (data.categories.map { canvas.textWidth($0.label) }.max() ?? 0) + 14)
        let plotLeft = labelColumn + (low < 0 ? valueRoom : 2)
        let plotRight = canvas.width - (high > 0 ? valueRoom : 4)
        let span = high - low == 0 ? 1 : high - low
        func x(_ number: Double) -> Double { plotLeft + (number - low) / span * (plotRight - plotLeft) }
        let top = 4.0
        let height = top + Double(count) * rowHeight + 4
        var out = "<g class=\"chart-marks\">"
        for (index, category) in data.categories.enumerated() {
            let rowTop = top + Double(index) * rowHeight
            let barTop = canvas.narrow ? rowTop + font + 6 : rowTop + (rowHeight - barHeight) / 2
            if canvas.narrow {
                let (text, cut) = canvas.fit(category.label, width: canvas.width - 4)
                out += svgText(text, x: 0, y: rowTop + font, anchor: "start", className: "chart-label", full: cut ? category.label : nil)
            } else {
                let (text, cut) = canvas.fit(category.label, width: labelColumn - 12)
                out += svgText(
                    text, x: labelColumn - 8, y: barTop + barHeight / 2 + font * 0.35, anchor: "end", className: "chart-label",
                    full: cut ? category.label : nil)
            }
            let subHeight = barHeight / seriesCount
            for (seriesIndex, series) in data.series.enumerated() {
                guard let figure = series.values[index] else { continue }
                let number = figure.double
                let y = barTop + Double(seriesIndex) * subHeight
                let start = min(x(0), x(number))
                let width = abs(x(number) - x(0))
                out +=
                    "<rect x=\"\(svgNumber(start))\" y=\"\(svgNumber(y))\" width=\"\(svgNumber(width))\" "
                    + "height=\"\(svgNumber(subHeight - (data.isMultiSeries ? 1 : 0)))\" "
                    + "\(ChartPalette.fill(seriesIndex, patternPrefix: patternPrefix)) data-value=\"\(number)\">"
                    + "<title>\(XML.escape(tooltip(index, seriesIndex, figure)))</title></rect>"
                let labelX = number >= 0 ? x(number) + 5 : x(number) - 5
                out += svgText(
                    value(figure), x: labelX, y: y + subHeight / 2 + valueFont * 0.35, anchor: number >= 0 ? "start" : "end",
                    className: "chart-value")
            }
        }
        out += "</g>"
        if low < 0 {
            out +=
                "<line x1=\"\(svgNumber(x(0)))\" x2=\"\(svgNumber(x(0)))\""
                + " y1=\"\(svgNumber(top))\" y2=\"\(svgNumber(height - 4))\" class=\"chart-zero\"/>"
        }
        return (out, height)
    }

    private func tooltip(_ index: Int, _ seriesIndex: Int, _ number: ReportNumber) -> String {
        let label = data.categories[index].label
        return data.isMultiSeries ? "\(label), \(data.series[seriesIndex].name): \(value(number))" : "\(label): \(value(number))"
    }
}
