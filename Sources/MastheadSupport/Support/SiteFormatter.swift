import Foundation

/// Dates and numbers as the site's language writes them, in the site's time zone.
package struct SiteFormatter: Sendable {
    package let locale: Locale
    package let timeZone: TimeZone
    private let longDate: Date.FormatStyle
    private let iso: Date.ISO8601FormatStyle
    /// Made once: a `DateFormatter` per call cost a millisecond, on every page that lists archives.
    private let monthNames: [String]

    package init(language: String, timeZone: TimeZone) {
        locale = Locale(identifier: language)
        self.timeZone = timeZone
        longDate = Date.FormatStyle(
            date: .long, time: .omitted, locale: locale,
            calendar: Calendar(identifier: .gregorian), timeZone: timeZone)
        iso = Date.ISO8601FormatStyle(timeSeparator: .colon, timeZoneSeparator: .colon, timeZone: timeZone)
        let formatter = DateFormatter()
        formatter.locale = locale
        monthNames = formatter.standaloneMonthSymbols ?? []
    }

    /// "23 novembre 2026" in Italian, "November 23, 2026" in English.
    package func longDate(_ date: Date) -> String { longDate.format(date) }

    /// RFC 3339, as feeds, sitemaps and `<time datetime>` want it.
    package func rfc3339(_ date: Date) -> String { iso.format(date) }

    /// "1.234" in Italian, "1,234" in English.
    package func number(_ value: Int) -> String {
        value.formatted(IntegerFormatStyle<Int>(locale: locale))
    }

    /// "marzo" in Italian, "March" in English (1 is January).
    package func monthName(_ month: Int) -> String {
        monthNames.indices.contains(month - 1) ? monthNames[month - 1] : String(month)
    }

    package func year(_ date: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.component(.year, from: date)
    }
}
