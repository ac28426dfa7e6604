import Foundation
import MastheadContent

/// A number a chart, kpi or table shows. Counts, and sums, minima and maxima of integer
/// fields, stay whole numbers exact to the last digit (a Double rounds them past 2^53);
/// averages and decimal fields are Doubles. Sums are checked: an integer sum past Int's
/// range, or a decimal one that is no longer finite, is nil, never a rounded or infinite value.
package enum ReportNumber: Sendable, Comparable, CustomStringConvertible {
    case integer(Int)
    case decimal(Double)

    /// For drawing: a position or a length needs no more than a Double's precision.
    package var double: Double {
        switch self {
        case .integer(let value): Double(value)
        case .decimal(let value): value
        }
    }

    package var isWhole: Bool {
        switch self {
        case .integer: true
        case .decimal(let value): value.rounded() == value
        }
    }

    /// The size without the sign; nil for Int.min, whose size Int cannot hold.
    package var magnitude: ReportNumber? {
        switch self {
        case .integer(let value): value == .min ? nil : .integer(abs(value))
        case .decimal(let value): .decimal(abs(value))
        }
    }

    /// The sum, exact for two integers; nil when it passes Int's range or is not finite.
    package func adding(_ other: ReportNumber) -> ReportNumber? {
        if case .integer(let a) = self, case .integer(let b) = other {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? nil : .integer(sum)
        }
        let sum = double + other.double
        return sum.isFinite ? .decimal(sum) : nil
    }

    /// The sum, for drawing code whose totals `BlockView.numberProblem` has checked: exact
    /// where `adding` is; should that fail after all, the Double sum (never a trap).
    package func plus(_ other: ReportNumber) -> ReportNumber {
        adding(other) ?? .decimal(double + other.double)
    }

    /// The sum of `numbers` (nil ones are left out), or nil when it cannot be computed (see `adding`).
    package static func sum(_ numbers: some Sequence<ReportNumber?>) -> ReportNumber? {
        var total = ReportNumber.integer(0)
        for case let number? in numbers {
            guard let next = total.adding(number) else { return nil }
            total = next
        }
        return total
    }

    /// Equal as numbers: `.integer(2) == .decimal(2.0)`.
    package static func == (a: ReportNumber, b: ReportNumber) -> Bool {
        if case .integer(let x) = a, case .integer(let y) = b { return x == y }
        return a.double == b.double
    }

    /// Exact between two integers; otherwise as Doubles.
    package static func < (a: ReportNumber, b: ReportNumber) -> Bool {
        if case .integer(let x) = a, case .integer(let y) = b { return x < y }
        return a.double < b.double
    }

    /// For messages: whole numbers as digits, very large or small ones as `2e302`.
    package var description: String {
        switch self {
        case .integer(let value): String(value)
        case .decimal(let value): Self.shortText(value)
        }
    }

    /// A Double for a message: whole numbers as digits, very large or small ones as `2e302`.
    package static func shortText(_ value: Double) -> String {
        if let whole = value.roundedInt(), Double(whole) == value, abs(value) < 1e15 { return String(whole) }
        return "\(value)".replacingOccurrences(of: "e+", with: "e")
    }
}

extension ReportNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    package init(integerLiteral value: Int) { self = .integer(value) }
    package init(floatLiteral value: Double) { self = .decimal(value) }
}

extension DataValue {
    /// An integer or decimal value as a report number; nil for anything else.
    package var reportNumber: ReportNumber? {
        switch self {
        case .integer(let value): .integer(value)
        case .decimal(let value): .decimal(value)
        default: nil
        }
    }
}

extension Double {
    /// This value rounded by `rule`, as an Int; nil when it is not finite or outside Int's
    /// range (where `Int(_:)` would stop the program).
    package func roundedInt(_ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int? {
        Int(exactly: rounded(rule))
    }
}
