import Foundation

/// Numbers, percentages and date-bucket labels as the site's language writes them.
package struct ChartFormatter: Sendable {
    package let locale: Locale
    package let timeZone: TimeZone
    private let calendar: Calendar

    package init(language: String, timeZone: TimeZone) {
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
    package func number(_ value: Double, fraction: Int = 1) -> String {
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
    package func number(_ value: ReportNumber, fraction: Int = 1) -> String {
        switch value {
        case .integer(let whole): whole.formatted(.number.locale(locale)).replacingOccurrences(of: "-", with: "−")
        case .decimal(let decimal): number(decimal, fraction: fraction)
        }
    }

    /// The largest amount money is written for, exclusive: a thousand million million. From
    /// 1e15 up a Double's steps are 0.125 or coarser, so its cents are not the data's; and
    /// Foundation's `Decimal` turns amounts from about 1e150 up into `NaN`. Readers report
    /// larger amounts as errors at their source (`currencyProblem`), so this limit is never
    /// met when a page is written.
    package static let largestCurrencyAmount = 1e15

    /// Why `value` cannot be written as money, or nil.
    package static func currencyProblem(_ value: ReportNumber) -> String? {
        guard !(abs(value.double) < largestCurrencyAmount) else { return nil }
        return "\(value) is too large to write as money with exact cents (at most ±999999999999999.99); is it in the right unit?"
    }

    /// Money with two decimals (or the currency's own), in the site's language: "24.578,80 €"
    /// in Italian, "£24,578.80" in English. Foundation's CLDR data, the same on every run.
    /// A Double is read as its shortest decimal text (`0.1`, not 0.1000000000000000055…), and
    /// an amount smaller than a hundredth is zero ("0,00 €", never "NaN €" or "−0,00 €").
    package func currency(_ value: ReportNumber, code: String) -> String {
        let amount: Decimal
        switch value {
        case .integer(let whole):
            amount = Decimal(whole)
        case .decimal(let number):
            guard number.isFinite, abs(number) < Self.largestCurrencyAmount else { return "–" }
            // Below 1e-6 Double's text is exponential (`1e-300`), and Decimal cannot hold 1e-300.
            amount = abs(number) < 1e-6 ? 0 : (Decimal(string: "\(number)", locale: Locale(identifier: "en_US_POSIX")) ?? 0)
        }
        let text = amount.formatted(.currency(code: code).locale(locale))
        // A negative amount that rounds to zero is zero: no sign.
        guard text.contains(where: { ("1"..."9").contains($0) }) else { return Decimal(0).formatted(.currency(code: code).locale(locale)) }
        return text.replacingOccurrences(of: "-", with: "−")
    }

    /// "12,5%".
    package func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "–" }
        return fraction.formatted(.percent.locale(locale).precision(.fractionLength(0...1)))
    }

    /// "+12,5%" or "−3%": the sign is always written.
    package func signedPercent(_ fraction: Double) -> String {
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
    package func bucketLabel(_ date: Date, _ bucket: DateBucket?) -> String {
        switch bucket {
        case .year: return String(calendar.component(.year, from: date))
        case .quarter: return "\(quarterName(date)) \(calendar.component(.year, from: date))"
        case .month: return date.formatted(style(Date.FormatStyle().month(.abbreviated).year()))
        case .week, .day, nil: return date.formatted(style(Date.FormatStyle().day().month(.abbreviated).year()))
        }
    }

    /// The short axis label of a date bucket, and the year to write under it when it is
    /// the first label or the year changes.
    package func axisLabel(_ date: Date, _ bucket: DateBucket?, previous: Date?) -> (String, String?) {
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
