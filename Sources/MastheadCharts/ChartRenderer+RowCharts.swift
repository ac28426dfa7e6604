import Foundation
import MastheadSupport

/// Figures for the charts that draw one mark per row: scatter and grid. Same parts as the
/// others: title, SVG drawn wide and narrow, legend, caption, and the data in a table.
extension ChartRenderer {
    package func renderScatter(_ data: ScatterData, _ description: ChartDescription) -> String {
        let id = description.id
        var html = "<figure class=\"chart chart-scatter\" id=\"\(id)\">\n"
        html += "<figcaption class=\"chart-title\">\(XML.escape(description.title))</figcaption>\n"
        guard !data.points.isEmpty else { return html + empty(description) + "</figure>\n" }
        let summary = scatterFinding(data)
        html += "<div class=\"chart-frame\">\n"
        for canvas in [SVGCanvas.wide, .narrow] {
            let (body, height) = ScatterChartDrawer(data: data, format: format, canvas: canvas).draw()
            html += svgOpen(
                canvas: canvas, height: height, id: "\(id)-\(canvas.name)", title: description.title, summary: summary,
                interactive: data.points.contains { $0.url != nil })
            html += body + "</svg>\n"
        }
        html += "</div>\n"
        if data.isMultiSeries {
            let counts = data.series.indices.map { index in data.points.filter { $0.series == index }.count }
            html += "<ul class=\"chart-legend\">\n"
            for (index, name) in data.series.enumerated() {
                let marker = ChartMarker.element(
                    index, x: 8, y: 8, size: 5, attributes: "class=\"chart-c\(ChartPalette.slot(index))\" fill=\"\(ChartPalette.colour(index))\"")
                html += "<li><svg class=\"chart-swatch\" viewBox=\"0 0 16 16\" width=\"16\" height=\"16\" aria-hidden=\"true\">\(marker)</svg>"
                html +=
                    "<span class=\"chart-legend-name\">\(XML.escape(name))</span>"
                    + " <span class=\"chart-legend-value\">\(format.number(Double(counts[index]), fraction: 0))</span></li>\n"
            }
            html += "</ul>\n"
        }
        if let caption = description.caption { html += "<p class=\"chart-caption\">\(XML.escape(caption))</p>\n" }
        // Every point: label, x, y (and series).
        html +=
            "<details class=\"chart-data\"><summary>\(XML.escape(labels.showData))</summary>\n"
            + "<div class=\"table-scroll\"><table class=\"data-table\">\n"
        html += "<caption>\(XML.escape(description.title))</caption>\n<thead><tr><th scope=\"col\">\(XML.escape(data.labelTitle))</th>"
        html += "<th scope=\"col\">\(XML.escape(data.xTitle))</th><th scope=\"col\">\(XML.escape(data.yTitle))</th>"
        if data.isMultiSeries { html += "<th scope=\"col\">\(XML.escape(data.seriesTitle ?? ""))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for point in data.points {
            // A point with a page (a catalog map's item) links it from its row too.
            let name = point.url.map { "<a href=\"\(XML.escape($0))\">\(XML.escape(point.label))</a>" } ?? XML.escape(point.label)
            html +=
                "<tr><th scope=\"row\">\(name)</th><td>\(format.number(point.x, fraction: data.xFraction))</td>"
                + "<td>\(format.number(point.y, fraction: data.yFraction))</td>"
            if data.isMultiSeries { html += "<td>\(XML.escape(data.series[point.series]))</td>" }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table></div></details>\n</figure>\n"
    }

    /// "12 points. Longitude from 9.12 (Casa A) to 9.25 (Casa B); Latitude from ..."
    func scatterFinding(_ data: ScatterData) -> String {
        var text = "\(format.number(Double(data.points.count), fraction: 0)) \(data.points.count == 1 ? labels.point : labels.points)"
        if data.isMultiSeries {
            let counts = data.series.indices.map { index in data.points.filter { $0.series == index }.count }
            text += " (" + zip(data.series, counts).map { "\($0) \(format.number(Double($1), fraction: 0))" }.joined(separator: ", ") + ")"
        }
        var parts: [String] = []
        for (title, value, fraction) in [(data.xTitle, \ScatterData.Point.x, data.xFraction), (data.yTitle, \ScatterData.Point.y, data.yFraction)] {
            guard let low = data.points.min(by: { $0[keyPath: value] < $1[keyPath: value] }),
                let high = data.points.max(by: { $0[keyPath: value] < $1[keyPath: value] }), data.points.count > 1
            else { continue }
            parts.append(
                "\(title) \(labels.from) \(format.number(low[keyPath: value], fraction: fraction)) (\(low.label))"
                    + " \(labels.to) \(format.number(high[keyPath: value], fraction: fraction)) (\(high.label))"
            )
        }
        return text + (parts.isEmpty ? "." : ". " + parts.joined(separator: "; ") + ".")
    }

    package func renderGrid(_ data: GridData, _ description: ChartDescription) -> String {
        let id = description.id
        var html = "<figure class=\"chart chart-grid-map\" id=\"\(id)\">\n"
        html += "<figcaption class=\"chart-title\">\(XML.escape(description.title))</figcaption>\n"
        guard !data.cells.isEmpty else { return html + empty(description) + "</figure>\n" }
        let counts = data.counts
        let summary = gridFinding(data, counts: counts)
        html += "<div class=\"chart-frame\">\n"
        for canvas in [SVGCanvas.wide, .narrow] {
            let prefix = "\(id)-\(canvas.name)-p"
            let drawer = GridChartDrawer(
                data: data, format: format, canvas: canvas, patternPrefix: prefix, rowWord: labels.row, placeWord: labels.place)
            let (body, height) = drawer.draw()
            html += svgOpen(canvas: canvas, height: height, id: "\(id)-\(canvas.name)", title: description.title, summary: summary)
            html += patterns(data.states.count, prefix: prefix)
            html += body + "</svg>\n"
        }
        html += "</div>\n"
        if data.hasStates {
            // How many cells are in each state, beside its swatch.
            html += "<ul class=\"chart-legend\">\n"
            for (index, name) in data.states.enumerated() {
                let prefix = "\(id)-legend-p"
                var swatch = "<svg class=\"chart-swatch\" viewBox=\"0 0 16 16\" width=\"16\" height=\"16\" aria-hidden=\"true\">"
                if let pattern = ChartPalette.patternDefinition(index, id: "\(prefix)\(index)") { swatch += "<defs>\(pattern)</defs>" }
                swatch += "<rect x=\"1\" y=\"1\" width=\"14\" height=\"14\" rx=\"2\" \(ChartPalette.fill(index, patternPrefix: prefix))/></svg>"
                html +=
                    "<li>\(swatch)<span class=\"chart-legend-name\">\(XML.escape(name))</span>"
                    + " <span class=\"chart-legend-value\">\(format.number(Double(counts[index]), fraction: 0))</span></li>\n"
            }
            html += "</ul>\n"
        }
        if let caption = description.caption { html += "<p class=\"chart-caption\">\(XML.escape(caption))</p>\n" }
        // Rows × places, each cell's label and state.
        var byPosition: [Int: GridData.Cell] = [:]
        for cell in data.cells { byPosition[cell.row * data.places.count + cell.place] = cell }
        html +=
            "<details class=\"chart-data\"><summary>\(XML.escape(labels.showData))</summary>\n"
            + "<div class=\"table-scroll\"><table class=\"data-table\">\n"
        html += "<caption>\(XML.escape(description.title))</caption>\n<thead><tr><th scope=\"col\">\(XML.escape(data.rowTitle))</th>"
        for place in data.places { html += "<th scope=\"col\">\(XML.escape(place))</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for (rowIndex, row) in data.rows.enumerated() {
            html += "<tr><th scope=\"row\">\(XML.escape(row))</th>"
            for placeIndex in data.places.indices {
                guard let cell = byPosition[rowIndex * data.places.count + placeIndex] else {
                    html += "<td>–</td>"
                    continue
                }
                let state = data.hasStates ? data.states[cell.state] : ""
                let text = [cell.label ?? "", state].filter { !$0.isEmpty }.joined(separator: ": ")
                html += "<td>\(XML.escape(text.isEmpty ? "✓" : text))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody>\n</table></div></details>\n</figure>\n"
    }

    /// "46 places: Available 34, Reserved 12."
    func gridFinding(_ data: GridData, counts: [Int]) -> String {
        var text = "\(format.number(Double(data.cells.count), fraction: 0)) \(data.cells.count == 1 ? labels.placeSingular : labels.places)"
        if data.hasStates {
            text += ": " + zip(data.states, counts).map { "\($0) \(format.number(Double($1), fraction: 0))" }.joined(separator: ", ")
        }
        return text + "."
    }

    private func empty(_ description: ChartDescription) -> String {
        "<div class=\"chart-empty\" role=\"img\" aria-label=\"\(XML.escape(description.title)): \(XML.escape(labels.noData))\">"
            + "<p>\(XML.escape(labels.noData))</p></div>\n"
    }
}
