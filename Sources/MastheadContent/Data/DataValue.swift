import Foundation
import MastheadSupport

/// The types a field of a catalog or statistics file can have.
package enum FieldType: String, Sendable, CaseIterable, Codable {
    case string, integer, decimal, boolean, date, url, image, list

    /// What an editor should have written, for messages ("expected an integer").
    package var expectation: String {
        switch self {
        case .string: "text"
        case .integer: "an integer"
        case .decimal: "a number"
        case .boolean: "true or false"
        case .date: "a date like 2026-03-14"
        case .url: "an absolute URL (https://...)"
        case .image: "an image path"
        case .list: "a list"
        }
    }
}

/// One typed value of a data file.
package enum DataValue: Sendable, Hashable, Codable {
    case null
    case string(String)
    case integer(Int)
    case decimal(Double)
    case boolean(Bool)
    case date(Date)
    case list([String])

    package var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .decimal(let value): value
        default: nil
        }
    }

    package var isNull: Bool { self == .null }

    /// Parses text from a CSV cell (or a YAML/JSON scalar) as `type`. Empty text is null;
    /// anything else that does not fit is an error message, never a silent 0.
    package static func parse(_ text: String, as type: FieldType, timeZone: TimeZone) -> Result<DataValue, DataValueError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .success(type == .string ? (text.isEmpty ? .null : .string(text)) : .null) }
        switch type {
        case .string:
            return .success(.string(text))
        case .integer:
            let digits = trimmed.replacingOccurrences(of: "_", with: "")
            guard let value = Int(digits) else {
                // Digits past Int's range are an integer too large, not some other kind of value.
                let unsigned = digits.first == "-" || digits.first == "+" ? digits.dropFirst() : digits[...]
                let tooLarge = !unsigned.isEmpty && unsigned.allSatisfy { ("0"..."9").contains($0) }
                return .failure(.init(type: type, text: text, outOfRange: tooLarge))
            }
            return .success(.integer(value))
        case .decimal:
            // Digits, a point, a sign and an exponent (`1.5e3`, as JSON writes it); not `inf`, `nan` or hex.
            guard trimmed.unicodeScalars.allSatisfy({ "0123456789.+-eE".unicodeScalars.contains($0) }), let value = Double(trimmed) else {
                return .failure(.init(type: type, text: text))
            }
            guard value.isFinite else { return .failure(.init(type: type, text: text, outOfRange: true)) }
            return .success(.decimal(value))
        case .boolean:
            switch trimmed.lowercased() {
            case "true", "yes", "1": return .success(.boolean(true))
            case "false", "no", "0": return .success(.boolean(false))
            default: return .failure(.init(type: type, text: text))
            }
        case .date:
            guard let date = ContentDate.parse(trimmed, timeZone: timeZone) else { return .failure(.init(type: type, text: text)) }
            return .success(.date(date))
        case .url:
            guard let url = URL(string: trimmed), url.scheme != nil, url.host != nil || url.scheme == "mailto" || url.scheme == "tel" else {
                return .failure(.init(type: type, text: text))
            }
            return .success(.string(trimmed))
        case .image:
            guard !trimmed.contains(".."), trimmed.rangeOfCharacter(from: .whitespacesAndNewlines) == nil else {
                return .failure(.init(type: type, text: text))
            }
            return .success(.string(trimmed))
        case .list:
            // In a CSV cell a list is written "a; b; c" (or "a|b|c").
            let separator: Character = trimmed.contains(";") ? ";" : (trimmed.contains("|") ? "|" : ";")
            return .success(.list(trimmed.split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }))
        }
    }
}

package struct DataValueError: Error, Sendable, Hashable {
    package var type: FieldType
    package var text: String
    /// The text is a number of the right kind, but too large for it (`1e400`, an integer past 2^63).
    package var outOfRange = false

    package init(type: FieldType, text: String, outOfRange: Bool = false) {
        self.type = type
        self.text = text
        self.outOfRange = outOfRange
    }

    /// "expected an integer, got \"12a\"", to follow the field name.
    package var message: String {
        guard outOfRange else { return "expected \(type.expectation), got \"\(text)\"" }
        let limit = type == .integer ? "an integer is at most ±9223372036854775807" : "a number is at most ±1.8e308"
        return "\(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40)) is out of range (\(limit))"
    }
}
