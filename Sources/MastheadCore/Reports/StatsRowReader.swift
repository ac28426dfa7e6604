import Foundation

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
                for (key, _) in fields where seen.insert(key).inserted { names.append(key) }
                rows += 1
                return rows < sampleRows
            }
            if names.isEmpty { throw Diagnostic(.error, "no records: expected JSON objects with fields", file: path) }
            return names
        }
    }

    /// Calls `body` with each row's line number and fields aligned with `columns`; stops when it returns false.
    func forEachRow(columns: [String], _ body: (Int, [String]) throws(Diagnostic) -> Bool) throws(Diagnostic) {
        switch format {
        case .csv:
            let stream = try CSVRecordStream(url: url, path: path)
            let positions = columns.map { name in stream.header.firstIndex(of: name) }
            var fields = [String](repeating: "", count: columns.count)
            while let record = try stream.next() {
                for (index, position) in positions.enumerated() { fields[index] = position.map { record[$0] } ?? "" }
                if try !body(stream.row, fields) { return }
            }
        case .jsonLines, .json:
            var positions: [String: Int] = [:]
            for (index, name) in columns.enumerated() { positions[name] = index }
            try forEachObject { line, pairs throws(Diagnostic) in
                var fields = [String](repeating: "", count: columns.count)
                for (key, value) in pairs { if let index = positions[key] { fields[index] = value } }
                return try body(line, fields)
            }
        }
    }

    private func forEachObject(_ body: (Int, [(String, String)]) throws(Diagnostic) -> Bool) throws(Diagnostic) {
        if format == .json { return try forEachArrayElement(body) }
        // Plain read(2) into one reused buffer: memory stays bounded whatever the file's size.
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw Diagnostic(.error, "cannot open this file", file: path) }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.chunkSize * 2)
        var line = 0
        var pairs: [(String, String)] = []
        func process(_ bytes: ArraySlice<UInt8>) throws(Diagnostic) -> Bool {
            line += 1
            var slice = bytes
            if slice.last == 0x0D { slice = slice.dropLast() }
            if line == 1, slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
            if slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }
            pairs.removeAll(keepingCapacity: true)
            let failure: JSONLineScanner.Failure? = slice.withUnsafeBufferPointer { pointer in
                do throws(JSONLineScanner.Failure) {
                    try JSONLineScanner.scan(pointer) { pairs.append(($0, $1)) }
                    return nil
                } catch { return error }
            }
            if case .malformed(let reason) = failure {
                throw Diagnostic(.error, "JSON Lines: line \(line) is not one JSON object (\(reason))", file: path, line: line, column: 1)
            }
            return try body(line, pairs)
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
    private func forEachArrayElement(_ body: (Int, [(String, String)]) throws(Diagnostic) -> Bool) throws(Diagnostic) {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw Diagnostic(.error, "cannot open this file", file: path) }
        let objects: [[String: JSONScalar]]
        do {
            objects = try JSONDecoder().decode([[String: JSONScalar]].self, from: data)
        } catch {
            throw Diagnostic(.error, "JSON: expected an array of objects with fields (\(Self.describe(error)))", file: path, line: 1, column: 1)
        }
        for (index, object) in objects.enumerated() {
            let pairs = object.keys.sorted().map { ($0, object[$0]?.text ?? "") }
            if try !body(index + 1, pairs) { return }
        }
    }

    private static func describe(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error { return context.debugDescription }
        if case DecodingError.typeMismatch(_, let context) = error { return context.debugDescription }
        return "\(error)"
    }
}

/// A JSON value as the text a CSV cell would hold.
private struct JSONScalar: Decodable {
    var text: String

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { text = "" }
        else if let value = try? container.decode(Bool.self) { text = value ? "true" : "false" }
        else if let value = try? container.decode(Int.self) { text = String(value) }
        else if let value = try? container.decode(Double.self) { text = String(value) }
        else if let value = try? container.decode(String.self) { text = value }
        else { text = "" }
    }
}
