import Foundation

/// An axis range with "nice" ticks: steps of 1, 2 or 5 times a power of ten, including
/// zero (unless asked not to) so bar lengths and the zero line mean what they seem to.
package struct NiceScale: Sendable, Equatable {
    package var lower: Double
    package var upper: Double
    package var step: Double
    package var ticks: [Double]

    /// `includeZero: false` (scatter charts) fits the data's own range: coordinates far from zero.
    package init(minimum: Double, maximum: Double, targetTicks: Int = 5, includeZero: Bool = true) {
        var low = minimum.isFinite ? minimum : 0
        var high = maximum.isFinite ? maximum : 0
        if includeZero {
            low = min(0, low)
            high = max(0, high)
        }
        if low == high {
            if includeZero {
                high = low + 1
            } else {
                let pad = abs(low) > 1 ? abs(low) * 0.01 : 1
                low -= pad
                high += pad
            }
        }
        let step = Self.niceStep((high - low) / Double(max(1, targetTicks - 1)))
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        lower = low
        upper = high
        self.step = step
        // Blocks check that values are far inside a Double's range (`ChartLimits.magnitude`);
        // should a tick count still be out of reach, the axis gets its two ends only.
        guard let count = ((high - low) / step).roundedInt(), (0...Self.maximumTicks).contains(count) else {
            ticks = [low, high]
            return
        }
        // Multiplying (not adding) keeps 0.1 + 0.2 style drift out of the labels.
        ticks = (0...count).map { Self.clean(low + Double($0) * step, step: step) }
    }

    /// Far more than any target asks for: a guard, not a layout choice.
    static let maximumTicks = 100

    /// Decimals a tick label needs for this step: none for 1, 2 for 0.05. At most 15, a
    /// Double's precision; a step that is not a positive finite number needs none.
    package static func decimals(_ step: Double) -> Int {
        guard step > 0, step.isFinite, let power = log10(step).roundedInt(.down) else { return 0 }
        return min(15, max(0, -power))
    }

    /// The 1, 2, 5 × 10^k nearest `raw` (on a log scale, as d3 does), so the tick count
    /// stays close to the target.
    package static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let power = pow(10, (log10(raw)).rounded(.down))
        let fraction = raw / power
        let nice: Double = fraction >= 50.0.squareRoot() ? 10 : fraction >= 10.0.squareRoot() ? 5 : fraction >= 2.0.squareRoot() ? 2 : 1
        return nice * power
    }

    private static func clean(_ value: Double, step: Double) -> Double {
        let factor = pow(10, Double(decimals(step)))
        let scaled = value * factor
        // A value too large to scale has no decimals to clean.
        let result = scaled.isFinite ? scaled.rounded() / factor : value
        return result == 0 ? 0 : result
    }

    /// Position of `value` between `from` (at `lower`) and `to` (at `upper`).
    package func position(_ value: Double, from: Double, to: Double) -> Double {
        from + (value - lower) / (upper - lower) * (to - from)
    }
}
