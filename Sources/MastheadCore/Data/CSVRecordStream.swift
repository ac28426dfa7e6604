import CSV
import Foundation

/// Reads a CSV file one record at a time (yaslab/CSV.swift underneath), so statistics
/// files of any size stream in bounded memory. Handles quoted fields with commas,
/// quotes and newlines, a UTF-8 byte order mark, CRLF and a trailing empty line.
/// Rows are numbered as editors count them in a spreadsheet: the header is row 1.
public final class CSVRecordStream {
    public let path: String
    public let header: [String]
    private let reader: CSVReader
    /// Row number of the record last returned by `next()`.
    public private(set) var row = 1
    /// Set once the reader has nothing more to give, so `next()` keeps returning nil.
    private var ended = false

    /// Opens `url`; `path` is the site-relative name used in diagnostics.
    public init(url: URL, path: String) throws(Diagnostic) {
        self.path = path
        guard let stream = InputStream(url: url) else {
            throw Diagnostic(.error, "cannot open this file", file: path)
        }
        do {
            reader = try CSVReader(stream: stream, hasHeaderRow: true)
        } catch {
            throw Diagnostic(.error, "CSV: cannot read the header row (\(error))", file: path, line: 1, column: 1)
        }
        var names = reader.headerRow ?? []
        if let first = names.first, first.hasPrefix("\u{FEFF}") { names[0] = String(first.dropFirst()) }
        header = names.map { $0.trimmingCharacters(in: .whitespaces) }
        if header.isEmpty || header.allSatisfy(\.isEmpty) {
            throw Diagnostic(.error, "CSV: the first row must name the columns", file: path, line: 1, column: 1)
        }
    }

    /// The next record's fields, nil at the end. A ragged row (a different number of
    /// fields than the header) and undecodable text are diagnostics naming the row.
    /// After a ragged row, calling `next()` again goes on with the following row, so a
    /// caller can report every bad row; after undecodable text the stream ends (nil).
    public func next() throws(Diagnostic) -> [String]? {
        while true {
            guard !ended, let fields = reader.next() else {
                if !ended, let error = reader.error {
                    ended = true
                    // On Linux, InputStream still claims bytes at the end of a file larger than
                    // CSV.swift's 64 KB buffer; the reader then fails to read one: that is the end.
                    if let csvError = error as? CSVError, case .cannotReadFile = csvError { return nil }
                    throw Diagnostic(.error, "CSV: cannot read past row \(row) (\(error)); is the file UTF-8?", file: path, line: row + 1, column: 1)
                }
                ended = true
                return nil
            }
            row += 1
            // A blank line (the trailing newline's empty record, or a gap) is not a record.
            if fields.count <= 1, fields.first?.isEmpty ?? true { continue }
            guard fields.count == header.count else {
                throw Diagnostic(.error, "CSV: row \(row) has \(fields.count) field\(fields.count == 1 ? "" : "s"), the header has \(header.count)",
                                 file: path, line: row, column: min(fields.count, header.count) + 1)
            }
            return fields
        }
    }
}
