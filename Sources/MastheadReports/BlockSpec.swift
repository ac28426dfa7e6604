import Foundation
import MastheadCharts
import MastheadSite
import MastheadSupport

/// A ```chart, ```kpi or ```table block (or a named chart in site.yml), as written.
package struct BlockSpec: Sendable {
    /// Declared with the site.yml readers, which read catalogs' `blocks:` kinds before any block is parsed.
    package typealias Kind = BlockKind

    package var kind: Kind
    package var chartType: ChartType = .bar
    package var title: String?
    package var caption: String?
    package var source: String
    package var sourceLocation: SourceLocation
    package var filters: [FieldFilter] = []
    package var x: XSpec?
    package var measure: Measure = .count
    package var measureLocation: SourceLocation
    /// The y axis / value column heading.
    package var yLabel: String?
    package var series: String?
    package var seriesLocation: SourceLocation?
    package var sort: SortOrder?
    package var limit: Int?
    /// Display names for values of x and series (`code: Codici registrati`).
    package var labels: [String: String] = [:]
    /// The order `labels:` were written in: a grid's states take their colours in this order.
    package var labelOrder: [String] = []
    /// Text after KPI values (`punti`).
    package var unit: String?
    /// How kpi and table values are written (`format: duration`: minutes as months, days, hours).
    package var valueFormat: ValueFormat?
    /// `currency: EUR` with `format: currency`: the ISO 4217 code money is written in.
    package var currency: String?
    /// Scatter: `y: { value: field }`, each row's own value.
    package var pointValue: String?
    /// Scatter and grid: the field naming each point or cell.
    package var pointLabel: String?
    package var pointLabelLocation: SourceLocation?
    /// Grid: one line of cells per value of this field.
    package var row: String?
    package var rowLocation: SourceLocation?
    /// Scatter: `aspect: geo` scales x by cos(mean latitude).
    package var aspect: ChartAspect?
    /// Where the block starts, for problems about the whole block.
    package var location: SourceLocation

    /// What is read from the source: blocks asking the same thing share one pass.
    package var query: AggregationQuery {
        AggregationQuery(filters: filters, x: x.map { AggregationQuery.Grouping(field: $0.field, rule: $0.rule) }, measure: measure, series: series)
    }

    /// Scatter and grid charts draw one mark per row instead of aggregating.
    package var drawsRows: Bool { kind == .chart && (chartType == .scatter || chartType == .grid) }
}

/// `format:` of kpi and table values.
package enum ValueFormat: String, Sendable, CaseIterable {
    /// A number of minutes written as months (of 30 days), days and hours.
    case duration
    /// Money in the site's language with the `currency:` code: "24.578,80 €", "£24,578.80".
    case currency
}

/// `aspect:` of a scatter chart.
package enum ChartAspect: String, Sendable, CaseIterable {
    /// Longitude along x, latitude along y: x is scaled by cos(mean latitude) so a map is not stretched.
    case geo
}

/// How x values are grouped.
package enum GroupingRule: Sendable, Hashable {
    /// One group per distinct value.
    case value
    case bucket(DateBucket)
    /// Numeric bins of this width, aligned at multiples of it.
    case binWidth(Double)
    /// Explicit bin edges, ascending: `[0, 100, 500]` gives 0–100 and 100–500.
    case bins([Double])

    var isDateBucket: Bool {
        if case .bucket = self { return true }
        return false
    }
}

package struct XSpec: Sendable {
    package var field: String
    package var rule: GroupingRule
    package var label: String?
    package var location: SourceLocation
    /// Where `bucket:`, `binWidth:` or `bins:` is written, when one is.
    package var ruleLocation: SourceLocation?
    /// `values: [...]`: exactly these groups, in this order (as written; typed against the field later).
    package var values: [String]?
    package var valuesLocation: SourceLocation?
    /// `catalog: films`: x values are keys of that catalog, shown as the items' titles.
    package var catalog: String?
    package var catalogLocation: SourceLocation?

    package init(field: String, rule: GroupingRule, label: String? = nil, location: SourceLocation) {
        self.field = field
        self.rule = rule
        self.label = label
        self.location = location
    }
}

package enum Measure: Sendable, Hashable {
    case count
    case sum(String)
    case average(String)
    case minimum(String)
    case maximum(String)
    case distinct(String)

    package var field: String? {
        switch self {
        case .count: nil
        case .sum(let field), .average(let field), .minimum(let field), .maximum(let field), .distinct(let field): field
        }
    }

    /// The key as written in `y:`.
    package var keyword: String {
        switch self {
        case .count: "count"
        case .sum: "sum"
        case .average: "avg"
        case .minimum: "min"
        case .maximum: "max"
        case .distinct: "distinct"
        }
    }

    /// Missing x groups count as zero for these; for the others they have no value.
    var emptyIsZero: Bool {
        switch self {
        case .count, .sum, .distinct: true
        case .average, .minimum, .maximum: false
        }
    }
}

/// One condition of `where:`. Values stay text until the field's type is known.
package struct FieldFilter: Sendable, Hashable {
    package enum Condition: Sendable, Hashable {
        /// The value equals one of these.
        case oneOf([String])
        /// Inclusive bounds (`min`/`max`, or `from`/`to` for dates).
        case range(lower: String?, upper: String?)
    }

    package var field: String
    package var condition: Condition
    package var location: SourceLocation

    package static func == (a: FieldFilter, b: FieldFilter) -> Bool { a.field == b.field && a.condition == b.condition }
    package func hash(into hasher: inout Hasher) {
        hasher.combine(field)
        hasher.combine(condition)
    }
}

package enum SortOrder: String, Sendable, CaseIterable {
    case x
    case descendingX = "-x"
    case y
    case descendingY = "-y"
}
