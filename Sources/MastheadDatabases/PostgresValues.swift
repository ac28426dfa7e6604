import Foundation
import MastheadContent
import MastheadSupport

/// PostgreSQL's values, in its text format, as Masthead's: numbers, text, booleans and
/// instants, typed by the column's type (its OID). A `date` or `timestamp` (without time
/// zone) is a wall-clock time in the site's time zone, as in a CSV file; a `timestamptz`
/// is an instant (written in the session's time zone with its offset, `DateStyle=ISO`).
struct PostgresValues {
    /// The built-in types' OIDs (`pg_type.oid`), fixed since PostgreSQL 7.
    enum OID {
        static let bool: UInt32 = 16
        static let int8: UInt32 = 20
        static let int2: UInt32 = 21
        static let int4: UInt32 = 23
        static let text: UInt32 = 25
        static let oid: UInt32 = 26
        static let float4: UInt32 = 700
        static let float8: UInt32 = 701
        static let money: UInt32 = 790
        static let date: UInt32 = 1082
        static let timestamp: UInt32 = 1114
        static let timestamptz: UInt32 = 1184
        static let numeric: UInt32 = 1700
    }

    static func fieldType(_ oid: UInt32) -> FieldType {
        switch oid {
        case OID.int2, OID.int4, OID.int8, OID.oid: .integer
        case OID.float4, OID.float8, OID.numeric, OID.money: .decimal
        case OID.bool: .boolean
        case OID.date, OID.timestamp, OID.timestamptz: .date
        default: .string
        }
    }

    /// The type's SQL name, for `DatabaseColumn.databaseType` (`DATE` marks a column of days).
    static func typeName(_ oid: UInt32) -> String {
        switch oid {
        case OID.bool: "BOOLEAN"
        case OID.int2: "SMALLINT"
        case OID.int4: "INTEGER"
        case OID.int8: "BIGINT"
        case OID.oid: "OID"
        case OID.float4: "REAL"
        case OID.float8: "DOUBLE PRECISION"
        case OID.numeric: "NUMERIC"
        case OID.money: "MONEY"
        case OID.date: "DATE"
        case OID.timestamp: "TIMESTAMP"
        case OID.timestamptz: "TIMESTAMPTZ"
        default: ""
        }
    }

    let timeZone: TimeZone
    private let calendar: Calendar

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// One value from its text (`bytes`, without the terminating zero that `text` has).
    func value(_ text: UnsafePointer<CChar>, count: Int, oid: UInt32) -> DataValue {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count)
        let parsed: DataValue?
        switch oid {
        case OID.int2, OID.int4, OID.int8, OID.oid: parsed = Self.integer(bytes).map { .integer($0) } ?? Self.double(text).map { .decimal($0) }
        case OID.float4, OID.float8: parsed = Self.double(text).map { .decimal($0) }
        case OID.numeric: parsed = Self.numeric(bytes, text)
        case OID.money: parsed = Self.money(bytes)
        case OID.bool: parsed = count == 1 ? .boolean(bytes[0] == UInt8(ascii: "t")) : nil
        case OID.timestamptz: parsed = instant(bytes).map { .date($0) }
        case OID.timestamp, OID.date: parsed = wallClock(bytes).map { .date($0) }
        default: parsed = nil
        }
        return parsed ?? .string(String(decoding: bytes, as: UTF8.self))
    }

    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        let negative = bytes[0] == UInt8(ascii: "-")
        var value = 0
        for byte in bytes[(negative ? 1 : 0)...] {
            guard byte >= 48, byte <= 57 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 48))
            guard !overflow, !overflow2 else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// `strtod` in the C locale Masthead runs in: `1.5`, `1e+30`, `NaN`, `Infinity`, `-Infinity`.
    static func double(_ text: UnsafePointer<CChar>) -> Double? {
        var end: UnsafeMutablePointer<CChar>?
        let number = strtod(text, &end)
        guard let end, end != UnsafeMutablePointer(mutating: text), end.pointee == 0 else { return nil }
        return number
    }

    /// An integral numeric (`12`, `12.000`) is an integer, as a sum of integers is; else a decimal.
    static func numeric(_ bytes: UnsafeBufferPointer<UInt8>, _ text: UnsafePointer<CChar>) -> DataValue? {
        if let point = bytes.firstIndex(of: UInt8(ascii: ".")) {
            if bytes[(point + 1)...].allSatisfy({ $0 == UInt8(ascii: "0") }),
                let whole = integer(UnsafeBufferPointer(rebasing: bytes[..<point]))
            {
                return .integer(whole)
            }
        } else if let whole = integer(bytes) {
            return .integer(whole)
        }
        return double(text).map { .decimal($0) }
    }

    /// `$1,234.56` or `-1.234,56 €` (lc_monetary's format): the digits and the last separator.
    static func money(_ bytes: UnsafeBufferPointer<UInt8>) -> DataValue? {
        var digits = ""
        var negative = false
        for byte in bytes {
            switch byte {
            case 48...57: digits.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "-"), UInt8(ascii: "("): negative = true
            case UInt8(ascii: "."), UInt8(ascii: ","): digits += "."
            default: continue
            }
        }
        // Only the last separator is the decimal point when it has two digits after it.
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let text = parts.count > 1 && parts.last?.count == 2 ? parts.dropLast().joined() + "." + parts.last! : parts.joined()
        return Double(text).map { .decimal(negative ? -$0 : $0) }
    }

    /// The parts of `2026-03-01 10:00:00.123456` and what follows them.
    private struct Reading {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var rest: Slice<UnsafeBufferPointer<UInt8>>
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading? {
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            return integer(UnsafeBufferPointer(rebasing: bytes[from..<from + count]))
        }
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), let year = number(0, 4),
            let month = number(5, 2), let day = number(8, 2)
        else { return nil }
        var reading = Reading(year: year, month: month, day: day, rest: bytes[10...])
        guard bytes.count >= 19, bytes[10] == UInt8(ascii: " "), let hour = number(11, 2), let minute = number(14, 2),
            let second = number(17, 2)
        else { return reading }
        reading.hour = hour
        reading.minute = minute
        reading.second = second
        var index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            var scale = 0.1
            index += 1
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                reading.fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        reading.rest = bytes[index...]
        return reading
    }

    /// A `timestamptz`: `2026-03-01 10:00:00+01`, `...+05:30`, `...+00:49:56`, `infinity`.
    func instant(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if let infinite = Self.infinity(bytes) { return infinite }
        guard let reading = Self.read(bytes), let sign = reading.rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
            return nil
        }
        var offset = 0
        for (position, part) in reading.rest.dropFirst().split(separator: UInt8(ascii: ":")).enumerated() {
            guard position < 3, let value = Self.integer(UnsafeBufferPointer(rebasing: part)) else { return nil }
            offset += value * [3600, 60, 1][position]
        }
        let base = ContentDate.fixedOffsetDate(
            year: reading.year, month: reading.month, day: reading.day, hour: reading.hour, minute: reading.minute,
            second: reading.second, offset: sign == UInt8(ascii: "-") ? -offset : offset)
        return base.map { $0.addingTimeInterval(reading.fraction) }
    }

    /// A `date` or `timestamp`: the same clock reading in the site's time zone, as `ContentDate` reads a file's.
    func wallClock(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if let infinite = Self.infinity(bytes) { return infinite }
        guard let reading = Self.read(bytes), reading.rest.isEmpty else { return nil }
        let parts = DateComponents(
            year: reading.year, month: reading.month, day: reading.day, hour: reading.hour, minute: reading.minute, second: reading.second)
        return calendar.date(from: parts).map { $0.addingTimeInterval(reading.fraction) }
    }

    private static func infinity(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if bytes.elementsEqual("infinity".utf8) { return .distantFuture }
        if bytes.elementsEqual("-infinity".utf8) { return .distantPast }
        return nil
    }

    /// An instant as PostgreSQL reads a `timestamptz` parameter, to the microsecond, in UTC.
    static func text(_ date: Date) -> String {
        let microseconds = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let (seconds, fraction) = microseconds.quotientAndRemainder(dividingBy: 1_000_000)
        let adjusted = fraction < 0 ? (seconds - 1, fraction + 1_000_000) : (seconds, fraction)
        let (days, time) = adjusted.0.quotientAndRemainder(dividingBy: 86_400)
        let (day, secondOfDay) = time < 0 ? (days - 1, time + 86_400) : (days, time)
        let date = CivilDate(daysSince1970: Int(day))
        func two<Number: BinaryInteger>(_ value: Number) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let micro = String(adjusted.1)
        let calendarDay = "\(date.year)-\(two(date.month))-\(two(date.day))"
        let clock = "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        return calendarDay + " " + clock + "." + String(repeating: "0", count: 6 - micro.count) + micro + "+00"
    }
}
