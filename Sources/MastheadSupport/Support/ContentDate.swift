import Foundation

/// Dates as editors write them: `2026-03-14`, `2026-03-14 09:30`, `2026-03-14T09:30:00+01:00`, `...Z`.
package enum ContentDate {
    package static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        // Foundation's trimming costs a microsecond: statistics files have millions of dates.
        let padded = text.utf8.first.map(isSpace) ?? false || text.utf8.last.map(isSpace) ?? false
        let text = padded ? text.trimmingCharacters(in: .whitespaces) : text
        let scalars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for index in range {
                let byte = scalars[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard scalars.count >= 10, scalars[4] == UInt8(ascii: "-"), scalars[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var zone = timeZone
        var offset: Int?
        var index = 10
        if index < scalars.count {
            guard scalars[index] == UInt8(ascii: "T") || scalars[index] == UInt8(ascii: " "),
                let hour = number(index + 1..<index + 3), scalars.count > index + 3,
                scalars[index + 3] == UInt8(ascii: ":"), let minute = number(index + 4..<index + 6),
                hour < 24, minute < 60
            else { return nil }
            components.hour = hour
            components.minute = minute
            index += 6
            if index < scalars.count, scalars[index] == UInt8(ascii: ":") {
                guard let second = number(index + 1..<index + 3), second < 61 else { return nil }
                components.second = second
                index += 3
                // Fractional seconds are accepted and dropped.
                if index < scalars.count, scalars[index] == UInt8(ascii: ".") {
                    index += 1
                    while index < scalars.count, scalars[index] >= 48, scalars[index] <= 57 { index += 1 }
                }
            }
            if index < scalars.count {
                // A lone Z, the usual case in statistics files, needs no string.
                let rest =
                    index + 1 == scalars.count && (scalars[index] | 0x20) == UInt8(ascii: "z")
                    ? "Z" : String(decoding: scalars[index...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                if rest == "Z" || rest == "z" {
                    zone = TimeZone(identifier: "UTC")!
                    offset = 0
                } else if let seconds = parseOffset(rest) {
                    guard let fixed = TimeZone(secondsFromGMT: seconds) else { return nil }
                    zone = fixed
                    offset = seconds
                } else {
                    return nil
                }
            }
        }
        if let offset, year >= 1600 {
            return fixedOffsetDate(
                year: year, month: month, day: day, hour: components.hour ?? 0, minute: components.minute ?? 0,
                second: components.second ?? 0, offset: offset)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day  // rejects 2026-02-31
        else { return nil }
        return date
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }

    /// What `Calendar` gives for a time at a fixed offset, by arithmetic (days from the
    /// civil date, as in Howard Hinnant's algorithms): the same instant, and nil for a day
    /// the month does not have or a leap second that would move the date. Gregorian dates
    /// only: Foundation's calendar is Julian before 1582.
    package static func fixedOffsetDate(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int) -> Date? {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard day <= monthDays, second < 60 || hour < 23 || minute < 59 else { return nil }
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second - offset))
    }

    private static func parseOffset(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: ":"),
            let hours = Int(String(decoding: bytes[1..<3], as: UTF8.self)),
            let minutes = Int(String(decoding: bytes[4..<6], as: UTF8.self))
        else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return bytes[0] == UInt8(ascii: "-") ? -seconds : seconds
    }
}
