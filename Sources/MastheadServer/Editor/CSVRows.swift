import Foundation

/// A CSV catalog as the editor changes it: its records, each as the text it was read from and
/// its fields as written, so a row edited in the form is written again and every other row, the
/// header and the line endings keep their bytes (RFC 4180 quoting: `"a, b"`, `""` inside).
struct CSVRows: CatalogRows, Equatable {
    struct Record: Sendable, Equatable {
        /// The fields as written, quotes included.
        var raw: [String]
        /// What ends the record: `\n`, `\r\n`, or nothing at the end of the file.
        var end: String
        var values: [String] { raw.map(CSVRows.value(of:)) }
        var text: String { raw.joined(separator: ",") + end }
    }

    /// The header first.
    private(set) var records: [Record]

    init(_ text: String) {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let held = pending {
                pending = nil
                return held
            }
            return scalars.next()
        }
        while let scalar = next() {
            if quoted {
                field.unicodeScalars.append(scalar)
                if scalar == "\"" {
                    // `""` inside quotes is a quote; a lone one closes them.
                    let following = next()
                    if following == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                        pending = following
                    }
                }
                continue
            }
            switch scalar {
            case "\"":
                quoted = true
                field.unicodeScalars.append(scalar)
            case ",":
                fields.append(field)
                field = ""
            case "\r":
                let following = next()
                if following == "\n" {
                    fields.append(field)
                    records.append(Record(raw: fields, end: "\r\n"))
                    fields = []
                    field = ""
                } else {
                    field.unicodeScalars.append(scalar)
                    pending = following
                }
            case "\n":
                fields.append(field)
                records.append(Record(raw: fields, end: "\n"))
                fields = []
                field = ""
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            records.append(Record(raw: fields, end: ""))
        }
        self.records = records
    }

    var text: String { records.map(\.text).joined() }
    var header: [String] { records.first?.values ?? [] }
    /// The data rows (the records after the header).
    var rows: [Record] { Array(records.dropFirst()) }
    var count: Int { max(0, records.count - 1) }

    /// Every field of a CSV row is text the form holds.
    func cells(row index: Int) -> [String: CatalogCell] {
        let values = records[index + 1].values
        var cells: [String: CatalogCell] = [:]
        for (column, name) in header.enumerated() where cells[name] == nil {
            cells[name] = CatalogCell(value: column < values.count ? values[column] : "", editable: true)
        }
        return cells
    }

    /// Puts `values` (by column name) into data row `index` (0 for the first after the header):
    /// a field whose value is unchanged keeps its bytes, a changed one is quoted only when it must be.
    @discardableResult
    mutating func set(row index: Int, _ values: [String: String]) -> String? {
        let position = index + 1
        guard position < records.count else { return "no such row" }
        var record = records[position]
        for (column, name) in header.enumerated() {
            guard let new = values[name] else { continue }
            while record.raw.count <= column { record.raw.append("") }
            if Self.value(of: record.raw[column]) != new { record.raw[column] = Self.field(new) }
        }
        records[position] = record
        return nil
    }

    /// A field as written, without its quotes.
    static func value(of raw: String) -> String {
        guard raw.hasPrefix("\""), raw.hasSuffix("\""), raw.count >= 2 else { return raw }
        return String(raw.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }

    /// A value as a field: quoted when it holds a comma, a quote, a line break, or spaces at its ends.
    static func field(_ value: String) -> String {
        let needsQuotes =
            value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || value.hasPrefix(" ") || value.hasSuffix(" ")
        return needsQuotes ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
    }
}
