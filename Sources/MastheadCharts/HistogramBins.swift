/// The bins of a histogram drawn as wide as they are: with unequal bins, a bar's height is
/// its count per narrowest bin width (a density), so its area is its count and a wide bin
/// does not look fuller than it is.
enum HistogramBins {
    /// Each bin's factor from count to drawn height (narrowest width / bin width); nil when
    /// the bins are equal (heights are counts) or there are no numeric edges.
    static func densityFactors(_ data: ChartData) -> [Double]? {
        guard let widths = widths(data), let narrowest = widths.min(), narrowest > 0 else { return nil }
        guard widths.contains(where: { abs($0 - narrowest) > narrowest * 1e-9 }) else { return nil }
        return widths.map { narrowest / $0 }
    }

    /// The narrowest bin's width when the bins are unequal: the unit of the value axis.
    static func densityUnit(_ data: ChartData) -> Double? {
        densityFactors(data) == nil ? nil : widths(data)?.min()
    }

    private static func widths(_ data: ChartData) -> [Double]? {
        guard let edges = data.binEdges, edges.count == data.categories.count + 1, edges.count >= 2 else { return nil }
        return zip(edges, edges.dropFirst()).map { $1 - $0 }
    }
}

/// Which bars get their value written. One rule for every width: every value when each
/// fits inside its bar in the narrow layout (so in the wide one too), else only the tallest
/// bar's, so a phone never shows the small values and hides the large ones.
enum ValueLabels: Sendable {
    case all
    case largest
}
