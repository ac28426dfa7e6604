/// How much one block may show. Past these a chart is unreadable and its page heavy, so
/// the first groups are drawn and a warning says how to narrow them, as scatter and grid
/// charts already do with their rows (a Vega or Hugo user gets the chart, not a failed
/// build; an editor who grouped by the wrong field is told so).
package enum ChartLimits {
    /// Bars (x groups times series) of a bar, horizontal, grouped, stacked or histogram
    /// chart, or slices of a donut. 2,000 bars across the 640-unit drawing are a third of a
    /// unit wide each, and they cost the page about 1 MB (two drawings and the data table).
    static let bars = 2_000
    /// Points of a line, area or sparkline chart (x groups times series): a point of a line
    /// costs a few bytes, so ten years of days fit.
    static let points = 10_000
    /// Rows of a table block.
    package static let tableRows = 10_000
    /// Marks of a scatter or grid chart (one per row).
    package static let rowMarks = 5_000
    /// The most a chart's values may add up to, sizes without signs. Far below a Double's
    /// 1.8e308, so every total, stack and axis drawn from them (a nice axis end is at most
    /// some ten times the data) stays finite.
    package static let magnitude = 1e300

    /// The marks a chart of `type` may draw.
    package static func marks(_ type: ChartType) -> Int {
        switch type {
        case .line, .area, .sparkline: points
        case .scatter, .grid: rowMarks
        case .bar, .hbar, .stackedBar, .groupedBar, .donut, .histogram: bars
        }
    }
}
