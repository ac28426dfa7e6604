import Foundation
import PostgresNIO

/// PostgreSQL's values and types as Masthead's: numbers, text, booleans and instants. A
/// `date` or `timestamp` (without time zone) is a wall-clock time in the site's time zone,
/// as in a CSV file; a `timestamptz` is an instant.
enum PostgresValues {
    static func fieldType(_ type: PostgresDataType) -> FieldType {
        switch type {
        case .int2, .int4, .int8, .oid: .integer
        case .float4, .float8, .numeric, .money: .decimal
        case .bool: .boolean
        case .date, .timestamp, .timestamptz: .date
        default: .string
        }
    }

    static func value(_ cell: PostgresCell, timeZone: TimeZone) -> DataValue {
        guard cell.bytes != nil else { return .null }
        do {
            switch cell.dataType {
            case .int2, .int4, .int8, .oid: return .integer(try cell.decode(Int.self))
            case .float4, .float8: return .decimal(try cell.decode(Double.self))
            case .numeric:
                let decimal = try cell.decode(Decimal.self)
                var rounded = decimal
                var source = decimal
                NSDecimalRound(&rounded, &source, 0, .plain)
                let number = NSDecimalNumber(decimal: decimal)
                if rounded == decimal, abs(number.doubleValue) < 9.2e18 { return .integer(number.intValue) }
                return .decimal(number.doubleValue)
            case .bool: return .boolean(try cell.decode(Bool.self))
            case .timestamptz: return .date(try cell.decode(Date.self))
            case .timestamp, .date: return .date(wallClock(try cell.decode(Date.self), in: timeZone))
            default: return .string(try cell.decode(String.self))
            }
        } catch {
            return .string(String(decoding: cell.bytes.map { Array($0.readableBytesView) } ?? [], as: UTF8.self))
        }
    }

    /// postgres-nio reads a wall-clock time as if it were UTC: the same clock reading in `timeZone`.
    static func wallClock(_ utc: Date, in timeZone: TimeZone) -> Date {
        var utcCalendar = Calendar(identifier: .gregorian)
        utcCalendar.timeZone = TimeZone(identifier: "UTC")!
        var local = Calendar(identifier: .gregorian)
        local.timeZone = timeZone
        let parts = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: utc)
        return local.date(from: parts) ?? utc
    }
}
