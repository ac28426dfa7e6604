import Foundation

/// Numbers, percentages and date-bucket labels as the site's language writes them.
public struct ChartFormatter: Sendable {
    public let locale: Locale
    public let timeZone: TimeZone
    private let calendar: Calendar

    public init(language: String, timeZone: TimeZone) {
        locale = Locale(identifier: language)
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        self.calendar = calendar
    }

    /// "12.345" in Italian; decimals only when the value has them (at most `fraction`, and
    /// at most 15: a Double has no more). Blocks check their values are finite before they
    /// are written; one that is not anyway is written "–", never "∞" or "NaN".
    public func number(_ value: Double, fraction: Int = 1) -> String {
        guard value.isFinite else { return "–" }
        let fraction = min(15, max(0, fraction))
        let factor = pow(10, Double(fraction))
        let scaled = value * factor
        // A value too large to scale has no decimals to round.
        let rounded = scaled.isFinite ? scaled.rounded() / factor : value
        let text = (rounded == 0 ? 0 : rounded).formatted(.number.locale(locale).precision(.fractionLength(0...fraction)))
        return text.replacingOccurrences(of: "-", with: "−")
    }

    /// A report's number: a whole number written exactly, however large (a Double would
    /// round it past 2^53); a decimal as `number(_:fraction:)` writes it. A bare literal
    /// (`number(12)`) means the Double one.
    @_disfavoredOverload
    public func number(_ value: ReportNumber, fraction: Int = 1) -> String {
        switch value {
        case .integer(let whole): whole.formatted(.number.locale(locale)).replacingOccurrences(of: "-", with: "−")
        case .decimal(let decimal): number(decimal, fraction: fraction)
        }
    }

    /// Money with two decimals (or the currency's own), in the site's language: "24.578,80 €"
    /// in Italian, "£24,578.80" in English. Foundation's CLDR data, the same on every run.
    public func currency(_ value: ReportNumber, code: String) -> String {
        let amount: Decimal =
            switch value {
            case .integer(let whole): Decimal(whole)
            case .decimal(let number): number.isFinite ? Decimal(number) : 0
            }
        if case .decimal(let number) = value, !number.isFinite { return "–" }
        return amount.formatted(.currency(code: code).locale(locale)).replacingOccurrences(of: "-", with: "−")
    }

    /// "12,5%".
    public func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "–" }
        return fraction.formatted(.percent.locale(locale).precision(.fractionLength(0...1)))
    }

    /// "+12,5%" or "−3%": the sign is always written.
    public func signedPercent(_ fraction: Double) -> String {
        let text = percent(abs(fraction))
        return fraction > 0 ? "+" + text : (fraction < 0 ? "−" + text : text)
    }

    private func style(_ template: Date.FormatStyle) -> Date.FormatStyle {
        var style = template
        style.locale = locale
        style.timeZone = timeZone
        style.calendar = calendar
        return style
    }

    /// The full name of a date bucket: "gen 2026", "T1 2026", "9 mar 2026", "2026".
    public func bucketLabel(_ date: Date, _ bucket: DateBucket?) -> String {
        switch bucket {
        case .year: return String(calendar.component(.year, from: date))
        case .quarter: return "\(quarterName(date)) \(calendar.component(.year, from: date))"
        case .month: return date.formatted(style(Date.FormatStyle().month(.abbreviated).year()))
        case .week, .day, nil: return date.formatted(style(Date.FormatStyle().day().month(.abbreviated).year()))
        }
    }

    /// The short axis label of a date bucket, and the year to write under it when it is
    /// the first label or the year changes.
    public func axisLabel(_ date: Date, _ bucket: DateBucket?, previous: Date?) -> (String, String?) {
        let year = calendar.component(.year, from: date)
        let newYear = previous.map { calendar.component(.year, from: $0) != year } ?? true
        let yearText = newYear ? String(year) : nil
        switch bucket {
        case .year: return (String(year), nil)
        case .quarter: return (quarterName(date), yearText)
        case .month: return (date.formatted(style(Date.FormatStyle().month(.abbreviated))), yearText)
        case .week, .day, nil: return (date.formatted(style(Date.FormatStyle().day().month(.abbreviated))), yearText)
        }
    }

    private func quarterName(_ date: Date) -> String {
        let quarter = (calendar.component(.month, from: date) - 1) / 3 + 1
        let letter: String =
            switch locale.language.languageCode?.identifier {
            case "it": "T"
            case "fr": "T"
            case "de": "Q"
            case "es": "T"
            default: "Q"
            }
        return "\(letter)\(quarter)"
    }
}
