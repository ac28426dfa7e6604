import Foundation
import MastheadSupport

/// What a scatter chart shows: one point per row, already labelled.
package struct ScatterData: Sendable {
    package struct Point: Sendable {
        /// From `pointLabel` (or the row's number): the point's `<title>` and the table's row header.
        package var label: String
        package var x: Double
        package var y: Double
        /// Index into `series`.
        package var series: Int
        /// Where the point leads (a catalog map's store pages): the marker and its table row link there.
        package var url: String?

        package init(label: String, x: Double, y: Double, series: Int, url: String? = nil) {
            self.label = label
            self.x = x
            self.y = y
            self.series = series
            self.url = url
        }
    }

    package var points: [Point]
    /// Series names (`series:` values, with `labels:` applied); one empty name without series.
    package var series: [String]
    package var labelTitle: String
    package var xTitle: String
    package var yTitle: String
    package var seriesTitle: String?
    /// `aspect: geo`: x is longitude and y latitude; x is scaled by cos(mean latitude).
    package var geo: Bool
    /// Decimals shown for x and y.
    package var xFraction: Int
    package var yFraction: Int
    /// Only this series' points get their names beside them (a city's stores on a map of all).
    package var labelledSeries: Int?

    package init(
        points: [Point], series: [String], labelTitle: String, xTitle: String, yTitle: String, seriesTitle: String? = nil, geo: Bool, xFraction: Int,
        yFraction: Int, labelledSeries: Int? = nil
    ) {
        self.points = points
        self.series = series
        self.labelTitle = labelTitle
        self.xTitle = xTitle
        self.yTitle = yTitle
        self.seriesTitle = seriesTitle
        self.geo = geo
        self.xFraction = xFraction
        self.yFraction = yFraction
        self.labelledSeries = labelledSeries
    }

    package var isMultiSeries: Bool { series.count > 1 }

    /// The fewest decimals (at most 5) that write every value exactly.
    package static func fraction(_ values: [Double]) -> Int {
        var needed = 0
        for value in values {
            while needed < 5, abs((value * pow(10, Double(needed))).rounded() - value * pow(10, Double(needed))) > 1e-6 { needed += 1 }
        }
        return needed
    }
}

/// Draws a scatter chart for one canvas size: nice ticks that fit the data (not from
/// zero), axis titles, one marker per point in its series' colour and shape, and the
/// labels of a few points when there is room.
struct ScatterChartDrawer {
    let data: ScatterData
    let format: ChartFormatter
    let canvas: SVGCanvas

    private var font: Double { canvas.font }

    func x(_ number: Double) -> String { format.number(number, fraction: data.xFraction) }
    func y(_ number: Double) -> String { format.number(number, fraction: data.yFraction) }

    /// "Casa Verdi (Milano): Longitude 9.19, Latitude 45.46".
    func tooltip(_ point: ScatterData.Point) -> String {
        let series = data.isMultiSeries ? " (\(data.series[point.series]))" : ""
        return "\(point.label)\(series): \(data.xTitle) \(x(point.x)), \(data.yTitle) \(y(point.y))"
    }

    func draw() -> (body: String, height: Double) {
        let xs = data.points.map(\.x)
        let ys = data.points.map(\.y)
        let targetTicks = canvas.narrow ? 4 : 6
        var xScale = NiceScale(minimum: xs.min() ?? 0, maximum: xs.max() ?? 1, targetTicks: targetTicks, includeZero: false)
        var yScale = NiceScale(minimum: ys.min() ?? 0, maximum: ys.max() ?? 1, targetTicks: 5, includeZero: false)
        let yTickTexts = yScale.ticks.map { format.number($0, fraction: Self.decimals(yScale.step)) }
        let plotLeft = (yTickTexts.map { canvas.textWidth($0) }.max() ?? 20) + 12
        let plotRight = canvas.width - 16
        let plotTop = font * 2 + 8
        let bottomRoom = font * 2.9 + 10
        var height = canvas.height
        // Equal units on both axes for a map: the height follows the area's shape, and
        // when it cannot, the other axis is widened around the data.
        let xUnit = data.geo ? cos((ys.reduce(0, +) / Double(max(1, ys.count))) * .pi / 180) : 1
        if data.geo, xUnit > 0.01 {
            let plotWidth = plotRight - plotLeft
            let wanted = plotWidth * (yScale.upper - yScale.lower) / ((xScale.upper - xScale.lower) * xUnit)
            let plotHeight = min(max(wanted, canvas.narrow ? 200 : 180), canvas.narrow ? 460 : 520)
            height = plotTop + plotHeight + bottomRoom
            let perUnit = min(plotWidth / ((xScale.upper - xScale.lower) * xUnit), plotHeight / (yScale.upper - yScale.lower))
            xScale = Self.widened(xScale, to: plotWidth / (perUnit * xUnit), targetTicks: targetTicks)
            yScale = Self.widened(yScale, to: plotHeight / perUnit, targetTicks: canvas.narrow ? 6 : 7)
        }
        let plotBottom = height - bottomRoom
        func px(_ value: Double) -> Double { xScale.position(value, from: plotLeft, to: plotRight) }
        func py(_ value: Double) -> Double { yScale.position(value, from: plotBottom, to: plotTop) }

        var out = "<g class=\"chart-axis\">"
        for tick in yScale.ticks {
            let position = svgNumber(py(tick))
            out += "<line x1=\"\(svgNumber(plotLeft))\" x2=\"\(svgNumber(plotRight))\" y1=\"\(position)\" y2=\"\(position)\" class=\"chart-grid\"/>"
            out += svgText(
                format.number(tick, fraction: Self.decimals(yScale.step)), x: plotLeft - 6, y: py(tick) + font * 0.35, anchor: "end",
                className: "chart-tick")
        }
        let xDecimals = Self.decimals(xScale.step)
        let widest = (xScale.ticks.map { canvas.textWidth(format.number($0, fraction: xDecimals)) }.max() ?? 20) + 10
        let every = max(1, (widest / ((plotRight - plotLeft) / Double(max(1, xScale.ticks.count - 1)))).roundedInt(.up) ?? 1)
        for (index, tick) in xScale.ticks.enumerated() {
            let position = svgNumber(px(tick))
            out += "<line x1=\"\(position)\" x2=\"\(position)\" y1=\"\(svgNumber(plotTop))\" y2=\"\(svgNumber(plotBottom))\" class=\"chart-grid\"/>"
            if index % every == 0 {
                out += svgText(format.number(tick, fraction: xDecimals), x: px(tick), y: plotBottom + font + 6, className: "chart-tick")
            }
        }
        out +=
            "<rect x=\"\(svgNumber(plotLeft))\" y=\"\(svgNumber(plotTop))\""
            + " width=\"\(svgNumber(plotRight - plotLeft))\" height=\"\(svgNumber(plotBottom - plotTop))\""
            + " class=\"chart-grid\" fill=\"none\" stroke=\"#e6ddd3\"/>"
        out += svgText(data.yTitle, x: plotLeft, y: font + 2, anchor: "start", className: "chart-axis-title")
        out += svgText(data.xTitle, x: plotRight, y: plotBottom + font * 2.4 + 8, anchor: "end", className: "chart-axis-title")
        out += "</g>"

        out += "<g class=\"chart-marks\">"
        let size = canvas.narrow ? 4.5 : 5.0
        var placed: [(x: Double, y: Double, width: Double)] = []
        let named = data.labelledSeries.map { series in data.points.filter { $0.series == series } } ?? data.points
        let labelled = !canvas.narrow && named.count <= 12
        // The highlighted series last, so its markers are drawn on top.
        let order = data.labelledSeries.map { series in data.points.filter { $0.series != series } + named } ?? data.points
        for point in order {
            let cx = px(point.x)
            let cy = py(point.y)
            let slot = ChartPalette.slot(point.series)
            let attributes =
                "class=\"chart-point chart-c\(slot)\" fill=\"\(ChartPalette.colour(point.series))\" stroke=\"#ffffff\" stroke-width=\"1.2\""
                + " data-x=\"\(point.x)\" data-y=\"\(point.y)\" data-marker=\"\(ChartMarker.name(point.series))\""
            let marker = ChartMarker.element(point.series, x: cx, y: cy, size: size, attributes: attributes, title: tooltip(point))
            out += point.url.map { "<a href=\"\(XML.escape($0))\" aria-label=\"\(XML.escape(point.label))\">\(marker)</a>" } ?? marker
        }
        if labelled {
            // Names beside the points, skipping any that would overlap a name already written.
            for point in named {
                let (text, _) = canvas.fit(point.label, width: 150, size: font * 0.92)
                let width = canvas.textWidth(text, size: font * 0.92)
                var labelX = px(point.x) + size + 4
                var anchor = "start"
                if labelX + width > canvas.width - 2 {
                    labelX = px(point.x) - size - 4
                    anchor = "end"
                }
                let left = anchor == "start" ? labelX : labelX - width
                let top = py(point.y) - font * 0.5
                if placed.contains(where: { abs($0.y - top) < font + 1 && left < $0.x + $0.width && $0.x < left + width }) { continue }
                placed.append((left, top, width))
                out += svgText(text, x: labelX, y: py(point.y) + font * 0.35, anchor: anchor, className: "chart-point-label")
            }
        }
        out += "</g>"
        return (out, height)
    }

    /// Decimals for tick labels of this step.
    static func decimals(_ step: Double) -> Int { NiceScale.decimals(step) }

    /// The scale grown symmetrically to `span`; a coarser step when the wider span would
    /// crowd the axis, the ticks being the multiples of the step inside.
    static func widened(_ scale: NiceScale, to span: Double, targetTicks: Int) -> NiceScale {
        guard span > (scale.upper - scale.lower) * 1.001 else { return scale }
        var result = scale
        let centre = (scale.lower + scale.upper) / 2
        result.lower = centre - span / 2
        result.upper = centre + span / 2
        let step = max(scale.step, NiceScale.niceStep(span / Double(max(1, targetTicks - 1))))
        result.step = step
        let first = (result.lower / step).rounded(.up)
        let last = (result.upper / step).rounded(.down)
        let factor = pow(10, Double(decimals(step)))
        let count = last - first
        result.ticks =
            count >= 0 && count <= Double(NiceScale.maximumTicks)
            ? stride(from: first, through: last, by: 1).map { (($0 * step) * factor).rounded() / factor } : []
        return result
    }
}
