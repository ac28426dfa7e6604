import Foundation
import MastheadContent
import MastheadSupport

/// Streams the rows of a statistics file as field texts aligned with its column names,
/// in bounded memory for CSV and JSON Lines. Empty text means no value.
struct StatsRowReader {
    let url: URL
    /// Site-relative, for diagnostics.
    let path: String
    let format: StatsFormat

    /// Bytes read at a time from JSON Lines files.
    static let chunkSize = 1 << 20
    /// A longer JSON line is an error rather than unbounded memory.
    static let maximumLineLength = 16 << 20

    /// Column names: the CSV header, or the keys of the first JSON objects in order of appearance.
    func columnNames(sampleRows: Int) throws(Diagnostic) -> [String] {
        switch format {
        case .csv:
            return try CSVRecordStream(url: url, path: path).header
        case .jsonLines, .json:
            var names: [String] = []
            var seen = Set<String>()
            var rows = 0
            try forEachObject { _, fields throws(Diagnostic) in
                for field in fields where seen.insert(field.key).inserted { names.append(field.key) }
                rows += 1
                return rows < sampleRows
            }
            if names.isEmpty { throw Diagnostic(.error, "no records: expected JSON objects with fields", file: path) }
            return names
        }
    }

    /// Calls `body` with each row, its fields aligned with `columns`; stops when it returns false.
    func forEachRow(columns: [String], _ body: (StatsRow) throws(Diagnostic) -> Bool) throws(Diagnostic) {
        var row = StatsRow(
            line: 0, fields: [String](repeating: "", count: columns.count),
            positions: [(line: Int, column: Int)](repeating: (0, 1), count: columns.count))
        switch format {
        case .csv:
            let stream = try CSVRecordStream(url: url, path: path)
            let indexes = columns.map { name in stream.header.firstIndex(of: name) }
            while let record = try stream.next() {
                row.line = stream.row
                for (index, position) in indexes.enumerated() {
                    row.fields[index] = position.map { record[$0] } ?? ""
                    row.positions[index] = (stream.row, (position ?? 0) + 1)
                }
                if try !body(row) { return }
            }
        case .jsonLines, .json:
            var indexes: [String: Int] = [:]
            for (index, name) in columns.enumerated() { indexes[name] = index }
            try forEachObject { line, fields throws(Diagnostic) in
                row.line = line
                for index in columns.indices {
                    row.fields[index] = ""
                    row.positions[index] = (line, 1)
                }
                for field in fields {
                    guard let index = indexes[field.key] else { continue }
                    row.fields[index] = field.value
                    row.positions[index] = (field.line, field.column)
                }
                return try body(row)
            }
        }
    }

    /// Each object's first line and fields, JSON Lines streamed line by line, a `.json` array read whole.
    private func forEachObject(_ body: (Int, [JSONObjectScanner.Field]) throws(Diagnostic) -> Bool) throws(Diagnostic) {
        if format == .json { return try forEachArrayElement(body) }
        // Plain read(2) into one reused buffer: memory stays bounded whatever the file's size.
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw Diagnostic(.error, "cannot open this file", file: path) }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.chunkSize * 2)
        var line = 0
        var fields: [JSONObjectScanner.Field] = []
        func process(_ bytes: ArraySlice<UInt8>) throws(Diagnostic) -> Bool {
            line += 1
            var slice = bytes
            if slice.last == 0x0D { slice = slice.dropLast() }
            if line == 1, slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
            if slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }
            fields.removeAll(keepingCapacity: true)
            let failure: JSONObjectScanner.Failure? = slice.withUnsafeBufferPointer { pointer in
                var scanner = JSONObjectScanner(pointer, line: line)
                do throws(JSONObjectScanner.Failure) {
                    try scanner.object { fields.append($0) }
                    scanner.skipSpace()
                    guard scanner.atEnd else { throw scanner.failure("unexpected text after the object") }
                    return nil
                } catch { return error }
            }
            if let failure {
                throw Diagnostic(
                    .error, "JSON Lines: line \(line) is not one JSON object: \(failure.reason)",
                    file: path, line: failure.line, column: failure.column)
            }
            return try body(line, fields)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Self.chunkSize) }
            if count < 0 {
                throw Diagnostic(.error, "cannot read past line \(line): \(String(cString: strerror(errno)))", file: path, line: line + 1)
            }
            if count == 0 { break }
            buffer.append(contentsOf: chunk[0..<count])
            var start = 0
            while let newline = buffer[start...].firstIndex(of: 0x0A) {
                if try !process(buffer[start..<newline]) { return }
                start = newline + 1
            }
            buffer.removeFirst(start)
            if buffer.count > Self.maximumLineLength {
                throw Diagnostic(.error, "JSON Lines: line \(line + 1) is longer than 16 MB", file: path, line: line + 1)
            }
        }
        if !buffer.isEmpty { _ = try process(buffer[...]) }
    }

    /// A `.json` file: an array of flat objects, read whole.
    private func forEachArrayElement(_ body: (Int, [JSONObjectScanner.Field]) throws(Diagnostic) -> Bool) throws(Diagnostic) {
        guard var data = FileManager.default.contents(atPath: url.path) else { throw Diagnostic(.error, "cannot open this file", file: path) }
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data.removeFirst(3) }
        var fields: [JSONObjectScanner.Field] = []
        var problem: Diagnostic?
        data.withUnsafeBytes { raw in
            var scanner = JSONObjectScanner(raw.bindMemory(to: UInt8.self))
            do throws(JSONObjectScanner.Failure) {
                try scanner.expect(0x5B, "an array of objects ('[')")
                scanner.skipSpace()
                if scanner.current == 0x5D { return }
                while true {
                    scanner.skipSpace()
                    let line = scanner.line
                    guard scanner.current == 0x7B else { throw scanner.failure("expected an object ('{') in the array") }
                    fields.removeAll(keepingCapacity: true)
                    try scanner.object { fields.append($0) }
                    do throws(Diagnostic) {
                        if try !body(line, fields) { return }
                    } catch {
                        problem = error
                        return
                    }
                    scanner.skipSpace()
                    switch scanner.current {
                    case 0x2C: try scanner.expect(0x2C, "','")
                    case 0x5D:
                        try scanner.expect(0x5D, "']'")
                        scanner.skipSpace()
                        guard scanner.atEnd else { throw scanner.failure("unexpected text after the array") }
                        return
                    default: throw scanner.failure("expected ',' or ']' after an object")
                    }
                }
            } catch {
                problem = Diagnostic(.error, "JSON: \(error.reason)", file: path, line: error.line, column: error.column)
            }
        }
        if let problem { throw problem }
    }
}

/// One row of a statistics file: field texts aligned with the columns asked for (empty
/// text is no value), and where each is written, for diagnostics.
struct StatsRow {
    /// The row's line: its row number in a CSV file, the line its object starts on in JSON.
    var line: Int
    var fields: [String]
    /// Line and column of each field: in JSON where its value starts (in characters); in a
    /// CSV file its row and field number, as spreadsheets count them.
    var positions: [(line: Int, column: Int)]
}
