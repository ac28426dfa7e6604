import Foundation
import MastheadSupport

/// Reads a CSV file one record at a time, so statistics files of any size stream in
/// bounded memory. Handles quoted fields with commas, quotes and newlines, a UTF-8 byte
/// order mark, CRLF and a trailing empty line. Rows are numbered as editors count them
/// in a spreadsheet: the header is row 1, and a quoted newline does not start a new row.
///
/// Its own reader rather than a library's: a quote left open must be an error at the row
/// where it opened (a reader that runs to the end of the file instead turns every later
/// row into one field), and text that is not UTF-8 an error at its row and field.
package final class CSVRecordStream {
    package let path: String
    package let header: [String]
    /// Row number of the record last returned by `next()`.
    package private(set) var row = 1
    /// A quoted field longer than this is an error (a quote left open, most likely), not unbounded memory.
    static let maximumFieldLength = 16 << 20

    private let bytes: ByteReader
    /// The field being read, kept from record to record so that its storage is allocated once.
    private var field: [UInt8] = []
    /// Set once the file has nothing more to give (or cannot be read on), so `next()` keeps returning nil.
    private var ended = false

    /// Opens `url`; `path` is the site-relative name used in diagnostics.
    package init(url: URL, path: String) throws(Diagnostic) {
        self.path = path
        guard let bytes = ByteReader(path: url.path) else {
            throw Diagnostic(.error, "cannot open this file", file: path)
        }
        self.bytes = bytes
        bytes.skipByteOrderMark()
        let names: [String]
        var field: [UInt8] = []
        do throws(RecordProblem) {
            names = try Self.readRecord(bytes, row: 1, path: path, field: &field, expected: 8)
        } catch {
            throw error.diagnostic
        }
        header = names.map { $0.trimmingCharacters(in: .whitespaces) }
        if header.isEmpty || header.allSatisfy(\.isEmpty) {
            throw Diagnostic(.error, "CSV: the first row must name the columns", file: path, line: 1, column: 1)
        }
    }

    /// The next record's fields, nil at the end. A ragged row (a different number of
    /// fields than the header), text after a closing quote and text that is not UTF-8 are
    /// diagnostics naming the row; calling `next()` again goes on with the following row, so
    /// a caller can report every bad row. A quote never closed is a diagnostic at the row
    /// where it opened, and the stream ends there (every later row would be inside it).
    package func next() throws(Diagnostic) -> [String]? {
        while !ended {
            guard bytes.peek() != nil else {
                ended = true
                if let failure = bytes.failure { throw Diagnostic(.error, "cannot read past row \(row): \(failure)", file: path, line: row + 1) }
                return nil
            }
            row += 1
            let fields: [String]
            do throws(RecordProblem) {
                fields = try Self.readRecord(bytes, row: row, path: path, field: &field, expected: header.count)
            } catch {
                if error.endsStream { ended = true }
                throw error.diagnostic
            }
            // A blank line (a gap between rows) is not a record.
            if fields.count == 1, fields[0].isEmpty { continue }
            guard fields.count == header.count else {
                throw Diagnostic(
                    .error, "CSV: row \(row) has \(fields.count) field\(fields.count == 1 ? "" : "s"), the header has \(header.count)",
                    file: path, line: row, column: min(fields.count, header.count) + 1)
            }
            return fields
        }
        return nil
    }

    /// A problem with one record; `endsStream` when nothing after it can be read as rows.
    private struct RecordProblem: Error {
        var diagnostic: Diagnostic
        var endsStream = false
    }

    /// One record (row `row`); an empty file gives one empty field. After a problem that
    /// does not end the stream the rest of the record is still read, so the next call
    /// starts at the following row.
    /// `expected`: how many fields a record has, so that its array is allocated once.
    private static func readRecord(
        _ bytes: ByteReader, row: Int, path: String, field: inout [UInt8], expected: Int
    ) throws(RecordProblem) -> [String] {
        var fields: [String] = []
        fields.reserveCapacity(expected)
        field.removeAll(keepingCapacity: true)
        var problem: Diagnostic?
        func finishField() {
            if let text = field.withUnsafeBufferPointer(String.validatingUTF8) {
                fields.append(text)
            } else {
                let message = "CSV: field \(fields.count + 1) of row \(row) is not valid UTF-8 text; save the file as UTF-8"
                problem = problem ?? Diagnostic(.error, message, file: path, line: row, column: fields.count + 1)
                fields.append("")
            }
            field.removeAll(keepingCapacity: true)
        }
        var atFieldStart = true
        while true {
            if atFieldStart, bytes.peek() == UInt8(ascii: "\"") {
                _ = bytes.next()
                try readQuoted(bytes, into: &field, row: row, column: fields.count + 1, path: path)
                // After the closing quote: a comma, the end of the row, or text that does not belong.
                if let after = bytes.peek(), after != UInt8(ascii: ","), after != 0x0A, after != 0x0D {
                    let message =
                        "CSV: row \(row), field \(fields.count + 1): text after the closing quote; "
                        + "write a quote inside a quoted field as two (\"\")"
                    problem = problem ?? Diagnostic(.error, message, file: path, line: row, column: fields.count + 1)
                }
            }
            atFieldStart = false
            // The field's bytes up to a comma or the end of the row (a quote inside an unquoted field
            // is text): most fields lie whole in the chunk read, and become text without a copy.
            let stop: UInt8
            if field.isEmpty, let whole = bytes.unquotedField() {
                fields.append(whole.text)
                stop = whole.stop
            } else {
                guard let run = bytes.appendRun(into: &field, toQuote: false) else { break }
                finishField()
                stop = run
            }
            _ = bytes.next()
            if stop == UInt8(ascii: ",") {
                atFieldStart = true
                continue
            }
            if stop == 0x0D, bytes.peek() == 0x0A { _ = bytes.next() }
            if let problem { throw RecordProblem(diagnostic: problem) }
            return fields
        }
        finishField()
        if let problem { throw RecordProblem(diagnostic: problem) }
        return fields
    }

    /// A quoted field's text, after its opening quote, up to and past its closing quote.
    private static func readQuoted(_ bytes: ByteReader, into field: inout [UInt8], row: Int, column: Int, path: String) throws(RecordProblem) {
        while bytes.appendRun(into: &field, toQuote: true, limit: maximumFieldLength) != nil {
            _ = bytes.next()
            // A doubled quote is one quote of the text; a single one closes the field.
            guard bytes.peek() == UInt8(ascii: "\"") else { return }
            _ = bytes.next()
            field.append(UInt8(ascii: "\""))
        }
        if field.count > maximumFieldLength {
            let message = "CSV: the quoted field \(column) of row \(row) runs on past 16 MB: is its closing quote missing?"
            throw RecordProblem(diagnostic: Diagnostic(.error, message, file: path, line: row, column: column), endsStream: true)
        }
        throw RecordProblem(
            diagnostic: Diagnostic(
                .error,
                "CSV: the quote opened in row \(row), field \(column) is never closed, so every later row "
                    + "would be part of this field; close it, or write a quote inside a field as two (\"\")",
                file: path, line: row, column: column), endsStream: true)
    }
}

/// A file's bytes, a field's run or one byte at a time, read in large chunks with read(2) into one reused buffer.
private final class ByteReader {
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    private var index = 0
    private var count = 0
    private var atEnd = false
    /// Why reading stopped early, when a read failed.
    private(set) var failure: String?

    init?(path: String) {
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// Skips a UTF-8 byte order mark at the start of the file.
    func skipByteOrderMark() {
        guard fill(), count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF else { return }
        index = 3
    }

    @inline(__always) func peek() -> UInt8? {
        guard index < count || fill() else { return nil }
        return buffer[index]
    }

    @inline(__always) func next() -> UInt8? {
        guard index < count || fill() else { return nil }
        defer { index += 1 }
        return buffer[index]
    }

    /// Appends the bytes before the next comma, line feed or carriage return (or, with
    /// `toQuote`, the next quote) to `field`, a run at a time, and returns that byte without
    /// taking it; nil at the end of the file, or once `field` is longer than `limit`. The
    /// loop that decides every field's end.
    func appendRun(into field: inout [UInt8], toQuote: Bool, limit: Int = .max) -> UInt8? {
        while index < count || fill() {
            let stop = buffer.withUnsafeBufferPointer { buffer in
                let end = toQuote ? Self.quote(in: buffer, from: index, to: count) : Self.fieldEnd(in: buffer, from: index, to: count)
                field.append(contentsOf: buffer[index..<end])
                return end
            }
            index = stop
            if stop < count { return buffer[stop] }
            if field.count > limit { return nil }
        }
        return nil
    }

    /// The bytes before the next comma, line feed or carriage return as text, with that byte
    /// (not taken), when they lie whole in the chunk read and are UTF-8; nil otherwise, with
    /// nothing taken.
    func unquotedField() -> (text: String, stop: UInt8)? {
        guard index < count || fill() else { return nil }
        let start = index
        let found = buffer.withUnsafeBufferPointer { buffer -> (text: String, end: Int)? in
            let end = Self.fieldEnd(in: buffer, from: start, to: count)
            guard end < count, let text = String.validatingUTF8(UnsafeBufferPointer(rebasing: buffer[start..<end])) else { return nil }
            return (text, end)
        }
        guard let found else { return nil }
        index = found.end
        return (found.text, buffer[found.end])
    }

    /// The position of the first comma, line feed or carriage return from `start`; `end` if none.
    @inline(__always) private static func fieldEnd(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var position = start
        while position < end {
            let byte = buffer[position]
            if byte == 0x2C || byte == 0x0A || byte == 0x0D { break }
            position += 1
        }
        return position
    }

    /// The position of the first quote from `start`; `end` if none.
    @inline(__always) private static func quote(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var position = start
        while position < end, buffer[position] != 0x22 { position += 1 }
        return position
    }

    /// Reads the next chunk once the current one is used up; false at the end of the file.
    private func fill() -> Bool {
        if index < count { return true }
        guard !atEnd else { return false }
        let read = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
        guard read > 0 else {
            if read < 0 { failure = String(cString: strerror(errno)) }
            atEnd = true
            return false
        }
        index = 0
        count = read
        return true
    }
}
