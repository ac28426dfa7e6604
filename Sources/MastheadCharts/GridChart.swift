import Foundation
import MastheadSupport

/// What a grid chart shows: cells in lines (rows) at positions (places), each in a state.
package struct GridData: Sendable {
    package struct Cell: Sendable {
        /// Index into `rows`.
        package var row: Int
        /// Index into `places`.
        package var place: Int
        /// Written in the cell when it fits (`pointLabel`).
        package var label: String?
        /// Index into `states`.
        package var state: Int

        package init(row: Int, place: Int, label: String? = nil, state: Int) {
            self.row = row
            self.place = place
            self.label = label
            self.state = state
        }
    }

    /// Row names, top to bottom ("1", "2", or "A").
    package var rows: [String]
    /// Positions left to right, as written ("1" ... "12"); gaps in a run of whole numbers are kept.
    package var places: [String]
    package var cells: [Cell]
    /// State names (`labels:` applied), in legend and colour order; one empty name without series.
    package var states: [String]
    package var rowTitle: String
    package var placeTitle: String

    package init(rows: [String], places: [String], cells: [Cell], states: [String], rowTitle: String, placeTitle: String) {
        self.rows = rows
        self.places = places
        self.cells = cells
        self.states = states
        self.rowTitle = rowTitle
        self.placeTitle = placeTitle
    }

    package var hasStates: Bool { !(states.count == 1 && states[0].isEmpty) }

    /// How many cells are in each state.
    package var counts: [Int] {
        var counts = [Int](repeating: 0, count: states.count)
        for cell in cells { counts[cell.state] += 1 }
        return counts
    }
}

/// Draws a grid chart for one canvas size: one line of square cells per row, row names
/// on the left, each cell filled with its state's colour and pattern, its label inside
/// when it fits, and a `<title>` such as "Row 1, place 3: Available".
struct GridChartDrawer {
    let data: GridData
    let format: ChartFormatter
    let canvas: SVGCanvas
    let patternPrefix: String
    /// "Row", "place" in the site's language.
    let rowWord: String
    let placeWord: String

    private var font: Double { canvas.font }

    /// "Row 1, place 3: Available".
    func tooltip(_ cell: GridData.Cell) -> String {
        let position = "\(rowWord) \(data.rows[cell.row]), \(placeWord) \(data.places[cell.place])"
        return data.hasStates ? "\(position): \(data.states[cell.state])" : position
    }

    func draw() -> (body: String, height: Double) {
        let rowNames = data.rows.map { canvas.narrow ? $0 : "\(rowWord) \($0)" }
        let labelColumn = (rowNames.map { canvas.textWidth($0) }.max() ?? 20) + 10
        let columns = Double(max(1, data.places.count))
        let pitch = min(canvas.narrow ? 40 : 48, (canvas.width - labelColumn - 2) / columns)
        let gap = max(1.5, pitch * 0.1)
        let cell = pitch - gap
        let top = font + 12
        let height = top + Double(data.rows.count) * pitch + 4
        let labelSize = min(font * 0.92, cell * 0.4)

        var out = "<g class=\"chart-axis\">"
        // Place numbers over the first line, thinned out when the cells are narrow.
        let widest = (data.places.map { canvas.textWidth($0, size: font * 0.85) }.max() ?? 10) + 4
        let every = max(1, (widest / pitch).roundedInt(.up) ?? 1)
        for (index, place) in data.places.enumerated() where index % every == 0 {
            out += svgText(
                place, x: labelColumn + Double(index) * pitch + cell / 2, y: top - 6, className: "chart-tick chart-grid-place",
                extra: " font-size=\"\(svgNumber(font * 0.85))\"")
        }
        for (index, name) in rowNames.enumerated() {
            out += svgText(name, x: labelColumn - 8, y: top + Double(index) * pitch + cell / 2 + font * 0.35, anchor: "end", className: "chart-label")
        }
        out += "</g><g class=\"chart-marks\">"
        for item in data.cells {
            let x = labelColumn + Double(item.place) * pitch
            let y = top + Double(item.row) * pitch
            let state = data.hasStates ? " data-state=\"\(XML.escape(data.states[item.state]))\"" : ""
            out +=
                "<rect x=\"\(svgNumber(x))\" y=\"\(svgNumber(y))\" width=\"\(svgNumber(cell))\" height=\"\(svgNumber(cell))\""
                + " rx=\"\(svgNumber(min(5, cell * 0.15)))\" \(ChartPalette.fill(item.state, patternPrefix: patternPrefix, className: "chart-cell"))"
                + "\(state)><title>\(XML.escape(tooltip(item)))</title></rect>"
            // The halo (a stroke painted under the text) comes from charts.css: `paint-order` is
            // not an SVG attribute the HTML checker accepts.
            if let label = item.label, !label.isEmpty, canvas.textWidth(label, size: labelSize) <= cell - 3, labelSize >= 7 {
                out += svgText(
                    label, x: x + cell / 2, y: y + cell / 2 + labelSize * 0.35, className: "chart-cell-label",
                    extra: " font-size=\"\(svgNumber(labelSize))\" fill=\"#1b1b1b\" aria-hidden=\"true\"")
            }
        }
        out += "</g>"
        return (out, height)
    }
}
