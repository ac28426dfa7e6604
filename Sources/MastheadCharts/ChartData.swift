/// What a chart shows, already labelled: categories along x, one or more series of values.
package struct ChartData: Sendable {
    package struct Category: Sendable {
        /// The full label (tables, tooltips, descriptions): "gen 2026", "Moka Express 3 tazze".
        package var label: String
        /// The short axis label: "gen".
        package var axis: String
        /// Written under the axis label when it changes between shown labels: the year.
        package var group: String?
        /// A page about this category (a catalog item's): data table row headers link to it.
        package var url: String?

        package init(label: String, axis: String? = nil, group: String? = nil, url: String? = nil) {
            self.label = label
            self.axis = axis ?? label
            self.group = group
            self.url = url
        }
    }

    package struct Series: Sendable {
        package var name: String
        /// Exact for whole-number measures (see `ReportNumber`); drawn as Doubles.
        package var values: [ReportNumber?]

        package init(name: String, values: [ReportNumber?]) {
            self.name = name
            self.values = values
        }
    }

    package var categories: [Category]
    package var series: [Series]
    /// Histograms: the bin edges, one more than the categories, labelled at the boundaries.
    package var edges: [String]?
    /// Histograms: the same edges as numbers, so bars are as wide as their bins.
    package var binEdges: [Double]?
    /// Decimals shown for values.
    package var fraction: Int = 0

    package init(categories: [Category], series: [Series], edges: [String]? = nil, binEdges: [Double]? = nil, fraction: Int = 0) {
        self.categories = categories
        self.series = series
        self.edges = edges
        self.binEdges = binEdges
        self.fraction = fraction
    }

    package var isEmpty: Bool { categories.isEmpty || series.allSatisfy { $0.values.allSatisfy { $0 == nil } } }
    package var isMultiSeries: Bool { series.count > 1 }
}

/// How a chart is titled and described.
package struct ChartDescription: Sendable {
    package var title: String
    /// The x axis's name (table header).
    package var xTitle: String
    /// The value's name ("Punti"): the table header when there is one series.
    package var valueTitle: String
    package var caption: String?
    /// Axis titles drawn on the chart: `x.label` and `y.label` as written (nil: none drawn).
    package var xAxisTitle: String?
    package var yAxisTitle: String?
    /// A stable id, unique on its page: prefixes the SVG's ids.
    package var id: String

    package init(
        title: String, xTitle: String, valueTitle: String, caption: String? = nil, id: String, xAxisTitle: String? = nil,
        yAxisTitle: String? = nil
    ) {
        self.title = title
        self.xAxisTitle = xAxisTitle
        self.yAxisTitle = yAxisTitle
        self.xTitle = xTitle
        self.valueTitle = valueTitle
        self.caption = caption
        self.id = id
    }
}
