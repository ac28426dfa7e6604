import Foundation

/// `featured: { rotate: weekly }`: a different item each ISO week, the same all week.
///
/// The formula: count the whole weeks from Monday 5 January 1970 (the first Monday
/// of the Unix era) to the Monday that starts the build date's ISO week, in the site's
/// time zone; the featured item is that number modulo the item count, taken in the
/// catalog's sort order. Consecutive weeks feature consecutive items.
package enum FeaturedRotation {
    package static func weekNumber(of date: Date, timeZone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? .current
        guard let midnight = utc.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) else { return 0 }
        // 1970-01-05 is day 4 after the epoch; floor division keeps dates before it right.
        let days = Int((midnight.timeIntervalSince1970 / 86_400).rounded(.down)) - 4
        return days >= 0 ? days / 7 : (days - 6) / 7
    }

    package static func index(count: Int, date: Date, timeZone: TimeZone) -> Int? {
        guard count > 0 else { return nil }
        let week = weekNumber(of: date, timeZone: timeZone)
        return ((week % count) + count) % count
    }
}
