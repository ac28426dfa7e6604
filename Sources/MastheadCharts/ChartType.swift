/// `type:` of a chart block: what `ChartRenderer` draws.
package enum ChartType: String, Sendable, CaseIterable {
    case bar, hbar, line, area
    case stackedBar = "stacked-bar"
    case groupedBar = "grouped-bar"
    case donut, histogram, sparkline
    /// One point per row (`y: { value: field }`), e.g. a map of coordinates.
    case scatter
    /// One cell per row, in lines by `row:` and positions by `x:`: a seat or umbrella map.
    case grid
}
