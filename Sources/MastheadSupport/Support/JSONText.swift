import Foundation

/// JSON written by hand, members in the order given: the same values give the same bytes.
/// Used for the search index, the catalog filter's data, JSON-LD and the preview's reload
/// events; Foundation's `JSONSerialization` with sorted keys cost a sixth of a build's CPU
/// in JSON-LD alone.
package enum JSONText {
    package static func string(_ text: String) -> String {
        // Most texts need no escape: no control character, quote, backslash, `<`, nor U+2028/9 (E2 80 A8/A9).
        if !text.containsByte(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C || $0 == 0xE2 }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // `</script>` and the line separators are harmless in a .json file; escaped all the same.
            case "<": out += "\\u003c"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    package static func number(_ value: Int) -> String { String(value) }

    /// `value` in decimal, as `number` writes it, appended to JSON being written as bytes.
    package static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// Whole numbers without a fraction (`12`, not `12.0`); `null` for what JSON cannot hold.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// Written as bytes into one buffer sized once: joining, then adding the brackets, copied
    /// each item three times, and appending Strings costs hundreds of instructions each
    /// (structured data and the search index write hundreds of thousands).
    package static func array(_ items: [String]) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(items.reduce(2) { $0 + $1.utf8.count + 1 })
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: item.utf8)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// `{"a":1}` from keys and values already written as JSON, in the order given; nil values left out.
    package static func object(_ members: [(String, String?)]) -> String {
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(members.reduce(2) { $0 + $1.0.utf8.count + ($1.1?.utf8.count ?? 0) + 4 })
        for case (let key, let value?) in members {
            if out.count > 1 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: string(key).utf8)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: value.utf8)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}
