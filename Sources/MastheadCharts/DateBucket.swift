import Foundation

/// `bucket:` of a date x axis: the span each group covers, and how `ChartFormatter` labels it.
package enum DateBucket: String, Sendable, CaseIterable, Hashable {
    case day, week, month, quarter, year

    /// From one bucket's start to the next one's.
    package var length: DateComponents {
        switch self {
        case .day: DateComponents(day: 1)
        case .week: DateComponents(day: 7)
        case .month: DateComponents(month: 1)
        case .quarter: DateComponents(month: 3)
        case .year: DateComponents(year: 1)
        }
    }
}
