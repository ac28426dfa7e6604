/// What a chart shows, already labelled: categories along x, one or more series of values.
public struct ChartData: Sendable {
    public struct Category: Sendable {
        /// The full label (tables, tooltips, descriptions): "gen 2026", "Moka Express 3 tazze".
        public var label: String
        /// The short axis label: "gen".
        public var axis: String
        /// Written under the axis label when it changes between shown labels: the year.
        public var group: String?
        /// A page about this category (a catalog item's): data table row headers link to it.
        public var url: String?

        public init(label: String, axis: String? = nil, group: String? = nil, url: String? = nil) {
            self.label = label
            self.axis = axis ?? label
            self.group = group
            self.url = url
        }
    }

    public struct Series: Sendable {
        public var name: String
        /// Exact for whole-number measures (see `ReportNumber`); drawn as Doubles.
        public var values: [ReportNumber?]

        public init(name: String, values: [ReportNumber?]) {
            self.name = name
            self.values = values
        }
    }

    public var categories: [Category]
    public var series: [Series]
    /// Histograms: the bin edges, one more than the categories, labelled at the boundaries.
    public var edges: [String]?
    /// Histograms: the same edges as numbers, so bars are as wide as their bins.
    public var binEdges: [Double]?
    /// Decimals shown for values.
    public var fraction: Int = 0

    public init(categories: [Category], series: [Series], edges: [String]? = nil, binEdges: [Double]? = nil, fraction: Int = 0) {
        self.categories = categories
        self.series = series
        self.edges = edges
        self.binEdges = binEdges
        self.fraction = fraction
    }

    public var isEmpty: Bool { categories.isEmpty || series.allSatisfy { $0.values.allSatisfy { $0 == nil } } }
    public var isMultiSeries: Bool { series.count > 1 }
}

/// How a chart is titled and described.
public struct ChartDescription: Sendable {
    public var title: String
    /// The x axis's name (table header).
    public var xTitle: String
    /// The value's name ("Punti"): the table header when there is one series.
    public var valueTitle: String
    public var caption: String?
    /// Axis titles drawn on the chart: `x.label` and `y.label` as written (nil: none drawn).
    public var xAxisTitle: String?
    public var yAxisTitle: String?
    /// A stable id, unique on its page: prefixes the SVG's ids.
    public var id: String

    public init(
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
