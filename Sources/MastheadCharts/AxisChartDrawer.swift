import Foundation
import MastheadSupport

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
    /// Which bars get their value written: decided once for both layouts (`ValueLabels.rule`).
    var valueLabels: ValueLabels = .all
    /// Axis titles, drawn above the value axis and under the category labels.
    var xTitle: String?
    var yTitle: String?

    private var font: Double { canvas.font }
    private var valueFont: Double { canvas.font }

    func value(_ number: ReportNumber) -> String { format.number(number, fraction: data.fraction) }

    /// Where the plot sits in the canvas, and its value scale.
    struct Layout {
        var plotLeft: Double
        var plotRight: Double
        var plotTop: Double
        var plotBottom: Double
        var scale: NiceScale
        var tickTexts: [String]
        var height: Double

        func y(_ number: Double) -> Double { scale.position(number, from: plotBottom, to: plotTop) }
    }

    /// A value as drawn: a histogram with unequal bins draws each count per narrowest bin
    /// width (`HistogramBins.densities`), so a bar's area, not its height, is its count.
    func drawn(_ number: Double, at index: Int) -> Double {
        guard type == .histogram, let factors = HistogramBins.densityFactors(data) else { return number }
        return number * factors[index]
    }

    func layout() -> Layout {
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
            for series in data.series {
                for (index, figure) in series.values.enumerated() {
                    guard let number = figure?.double else { continue }
                    low = min(low, drawn(number, at: index))
                    high = max(high, drawn(number, at: index))
                }
            }
        }
        let hasGroups = data.categories.contains { $0.group != nil }
        let titleRoom = yTitle == nil ? 0 : font + 8
        let plotTop = font + 10 + titleRoom
        let height = canvas.height + (xTitle == nil ? 0 : font + 8)
        let plotBottom = canvas.height - (font * (hasGroups ? 2.7 : 1.6) + 8)
        // Fewer ticks rather than smaller ones: one per three lines of text at most.
        let ticks = max(3, min(canvas.narrow ? 5 : 6, ((plotBottom - plotTop) / (font * 3)).roundedInt(.down) ?? 3))
        let scale = NiceScale(minimum: low, maximum: high, targetTicks: ticks)
        let tickDecimals = NiceScale.decimals(scale.step)
        let tickTexts = scale.ticks.map { format.number($0, fraction: tickDecimals) }
        let isLine = type == .line || type == .area
        var right = 14.0
        if isLine, data.isMultiSeries {
            right = min(canvas.narrow ? 76 : 130, (data.series.map { canvas.textWidth($0.name, size: valueFont) }.max() ?? 0) + 14)
        } else if isLine, let last = data.series.first?.values.last, let number = last {
            right = max(right, canvas.textWidth(value(number), size: valueFont) / 2 + 4)
        } else if let last = data.edges?.last {
            right = max(right, canvas.textWidth(last) * 0.6 + 6)
        }
        let plotLeft = (tickTexts.map { canvas.textWidth($0) }.max() ?? 20) + 12
        return Layout(
            plotLeft: plotLeft, plotRight: canvas.width - right, plotTop: plotTop, plotBottom: plotBottom, scale: scale, tickTexts: tickTexts,
            height: height)
    }

    /// Bar `index`'s left edge and width: a band per category, or for a histogram its bin's share of the range.
    func slot(_ index: Int, _ layout: Layout) -> (x: Double, width: Double) {
        let plotWidth = layout.plotRight - layout.plotLeft
        if type == .histogram, let edges = data.binEdges, edges.count == data.categories.count + 1, let first = edges.first,
            let last = edges.last, last > first
        {
            let left = layout.plotLeft + (edges[index] - first) / (last - first) * plotWidth
            let right = layout.plotLeft + (edges[index + 1] - first) / (last - first) * plotWidth
            return (left, right - left)
        }
        let band = plotWidth / Double(max(1, data.categories.count))
        return (layout.plotLeft + Double(index) * band, band)
    }

    /// Whether every bar's value fits inside its bar's width in this layout.
    func everyValueFits() -> Bool {
        let layout = layout()
        switch type {
        case .bar, .groupedBar, .histogram:
            let seriesCount = Double(data.series.count)
            for series in data.series {
                for (index, figure) in series.values.enumerated() {
                    guard let figure else { continue }
                    let width = barInner(slot(index, layout).width) / seriesCount
                    if width < canvas.textWidth(value(figure), size: valueFont) + (data.isMultiSeries ? 8 : 2) { return false }
                }
            }
        case .stackedBar:
            let width = slot(0, layout).width * 0.66
            for index in data.categories.indices {
                let total = data.series.compactMap { $0.values[index] }.reduce(ReportNumber.integer(0)) { $0.plus($1) }
                if width < canvas.textWidth(value(total), size: valueFont) + 2 { return false }
            }
        default: break
        }
        return true
    }

    /// The bar (category, series) drawn tallest: the one value always written.
    func tallest() -> (index: Int, series: Int)? {
        var best: (index: Int, series: Int, height: Double)?
        for (seriesIndex, series) in data.series.enumerated() {
            for (index, figure) in series.values.enumerated() {
                guard let number = figure?.double else { continue }
                let height = drawn(number, at: index)
                if best == nil || height > best?.height ?? 0 { best = (index, seriesIndex, height) }
            }
        }
        return best.map { ($0.index, $0.series) }
    }

    private func barInner(_ band: Double) -> Double {
        type == .histogram ? band : band * (data.isMultiSeries ? 0.84 : 0.66)
    }

    func draw() -> (body: String, height: Double) {
        if type == .hbar { return drawHorizontal() }
        let layout = layout()
        let y = layout.y
        var out = "<g class=\"chart-axis\">"
        for (tick, text) in zip(layout.scale.ticks, layout.tickTexts) where tick != 0 {
            let position = svgNumber(y(tick))
            out +=
                "<line x1=\"\(svgNumber(layout.plotLeft))\" x2=\"\(svgNumber(layout.plotRight))\" y1=\"\(position)\" y2=\"\(position)\""
                + " class=\"chart-grid\"/>"
            out += svgText(text, x: layout.plotLeft - 6, y: y(tick) + font * 0.35, anchor: "end", className: "chart-tick")
        }
        out += svgText(format.number(0.0), x: layout.plotLeft - 6, y: y(0) + font * 0.35, anchor: "end", className: "chart-tick")
        out += xLabels(layout, baseline: layout.plotBottom + font + 6)
        if let yTitle {
            let (text, cut) = canvas.fit(yTitle, width: canvas.width - 4)
            out += svgText(text, x: 0, y: font, anchor: "start", className: "chart-axis-title", full: cut ? yTitle : nil)
        }
        if let xTitle {
            let (text, cut) = canvas.fit(xTitle, width: layout.plotRight - layout.plotLeft)
            out += svgText(
                text, x: (layout.plotLeft + layout.plotRight) / 2, y: layout.height - 4, className: "chart-axis-title", full: cut ? xTitle : nil)
        }
        out += "</g>"

        let zero = y(0)
        out += "<g class=\"chart-marks\">"
        switch type {
        case .line, .area:
            out += drawLines(layout, zero: zero)
        case .stackedBar:
            out += drawStacked(layout)
        default:
            out += drawBars(layout, zero: zero)
        }
        out += "</g>"
        out +=
            "<line x1=\"\(svgNumber(layout.plotLeft))\" x2=\"\(svgNumber(layout.plotRight))\""
            + " y1=\"\(svgNumber(zero))\" y2=\"\(svgNumber(zero))\" class=\"chart-zero\"/>"
        return (out, layout.height)
    }

    /// Category labels under the plot: every one when they fit; for dates, numbers and short
    /// labels every n-th, with the year under the first label of each year; names are shortened.
    /// Histogram edges sit at their bins' boundaries; those that would overlap are left out, never the last.
    private func xLabels(_ layout: Layout, baseline: Double) -> String {
        var out = ""
        if let edges = data.edges {
            let positions = edges.indices.map { index in
                index < edges.count - 1 ? slot(index, layout).x : slot(index - 1, layout).x + slot(index - 1, layout).width
            }
            let lastIndex = edges.count - 1
            let lastLeft = positions[lastIndex] - canvas.textWidth(edges[lastIndex]) / 2
            var shownRight = -Double.infinity
            for (index, edge) in edges.enumerated() {
                let half = canvas.textWidth(edge) / 2
                let left = positions[index] - half
                let right = positions[index] + half
                guard left >= shownRight + 8, index == lastIndex || right + 8 <= lastLeft else { continue }
                out += svgText(edge, x: positions[index], y: baseline, className: "chart-label")
                shownRight = right
            }
            return out
        }
        let band = slot(0, layout).width
        let widest = (data.categories.map { canvas.textWidth($0.axis) }.max() ?? 0) + 8
        // Short labels (hours, codes) are thinned out too: "07:00" cut to "0…" says nothing.
        let thinned = ordered || data.categories.allSatisfy { $0.axis.count <= 6 }
        let every = thinned ? max(1, (widest / band).roundedInt(.up) ?? 1) : 1
        var lastGroup: String?
        for (index, category) in data.categories.enumerated() where index % every == 0 {
            let x = layout.plotLeft + (Double(index) + 0.5) * band
            let (text, cut) = thinned ? (category.axis, false) : canvas.fit(category.axis, width: band * Double(every) - 4)
            out += svgText(text, x: x, y: baseline, className: "chart-label", full: cut ? category.label : nil)
            if let group = category.group, group != lastGroup {
                out += svgText(group, x: x, y: baseline + font + 3, className: "chart-label chart-label-group")
                lastGroup = group
            }
        }
        return out
    }

    /// Whether the value of bar (index, series) is written, by the chart's one rule.
    private func labelled(_ index: Int, _ seriesIndex: Int, tallest: (index: Int, series: Int)?) -> Bool {
        switch valueLabels {
        case .all: true
        case .largest: tallest.map { $0.index == index && $0.series == seriesIndex } ?? false
        }
    }

    private func drawBars(_ layout: Layout, zero: Double) -> String {
        let seriesCount = Double(data.series.count)
        let histogram = type == .histogram
        let top = tallest()
        var out = ""
        for (seriesIndex, series) in data.series.enumerated() {
            for (index, figure) in series.values.enumerated() {
                guard let figure else { continue }
                let number = drawn(figure.double, at: index)
                let (slotX, band) = slot(index, layout)
                let inner = barInner(band)
                let width = inner / seriesCount
                let x = slotX + (band - inner) / 2 + Double(seriesIndex) * width
                let barTop = min(layout.y(number), zero)
                let height = abs(layout.y(number) - zero)
                let gap = histogram || data.isMultiSeries ? 1.0 : 0
                out +=
                    "<rect x=\"\(svgNumber(x + gap / 2))\" y=\"\(svgNumber(barTop))\" width=\"\(svgNumber(max(0.5, width - gap)))\" "
                    + "height=\"\(svgNumber(height))\" \(ChartPalette.fill(seriesIndex, patternPrefix: patternPrefix))"
                    + " data-value=\"\(figure.double)\">"
                    + "<title>\(XML.escape(tooltip(index, seriesIndex, figure)))</title></rect>"
                if labelled(index, seriesIndex, tallest: top) {
                    let labelY = number >= 0 ? layout.y(number) - 4 : layout.y(number) + valueFont + 2
                    out += svgText(value(figure), x: x + width / 2, y: labelY, className: "chart-value")
                }
            }
        }
        return out
    }

    private func drawStacked(_ layout: Layout) -> String {
        var out = ""
        var totals: [(x: Double, y: Double, text: String, height: Double)] = []
        for index in data.categories.indices {
            var positive = ReportNumber.integer(0)
            var negative = ReportNumber.integer(0)
            let (slotX, band) = slot(index, layout)
            let width = band * 0.66
            let x = slotX + (band - width) / 2
            for (seriesIndex, series) in data.series.enumerated() {
                guard let figure = series.values[index], figure != 0 else { continue }
                let number = figure.double
                let start = number > 0 ? positive : negative
                let end = start.plus(figure)
                if number > 0 { positive = end } else { negative = end }
                let top = min(layout.y(start.double), layout.y(end.double))
                let height = abs(layout.y(end.double) - layout.y(start.double))
                out +=
                    "<rect x=\"\(svgNumber(x))\" y=\"\(svgNumber(top))\" width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\" "
                    + "\(ChartPalette.fill(seriesIndex, patternPrefix: patternPrefix, className: "chart-segment")) data-value=\"\(number)\">"
                    + "<title>\(XML.escape(tooltip(index, seriesIndex, figure)))</title></rect>"
            }
            totals.append((x + width / 2, layout.y(positive.double) - 4, value(positive.plus(negative)), positive.double))
        }
        let tallestIndex = totals.indices.max { totals[$0].height < totals[$1].height }
        for (index, total) in totals.enumerated() where valueLabels == .all || index == tallestIndex {
            out += svgText(total.text, x: total.x, y: total.y, className: "chart-value")
        }
        return out
    }

    private func drawLines(_ layout: Layout, zero: Double) -> String {
        let y = layout.y
        let plotLeft = layout.plotLeft
        let plotRight = layout.plotRight
        let band = slot(0, layout).width
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
