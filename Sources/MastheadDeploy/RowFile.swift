import Foundation

/// What a deploy knows of a million files never sits in memory at once: each list (the build's
/// outputs, the target's listing, its record, the plan's uploads) is a temporary file of rows, one
/// a line, fields separated by tabs, most of them sorted by path. Lists are compared by merge
/// joins (`RowCursor`), a row at a time, so memory does not grow with the number of files.
///
/// The order is that of the paths' UTF-8 bytes, the order S3 lists keys in. Swift's `<` on
/// strings compares them as canonically equivalent (an NFD name equals its NFC form), which is
/// not an order of bytes: `ByteOrder` compares bytes.
protocol Row: Sendable {
    var path: String { get }
    var fields: [String] { get }
    init?(fields: [String])
}

enum ByteOrder {
    static func precedes(_ left: String, _ right: String) -> Bool { compare(left, right) < 0 }

    static func same(_ left: String, _ right: String) -> Bool { compare(left, right) == 0 }

    static func compare(_ left: String, _ right: String) -> Int {
        let fast = left.utf8.withContiguousStorageIfAvailable { a in
            right.utf8.withContiguousStorageIfAvailable { b -> Int in
                let common = min(a.count, b.count)
                let result = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return result != 0 ? Int(result) : a.count - b.count
            }
        }
        if let fast, let fast { return fast }
        var a = left.utf8.makeIterator()
        var b = right.utf8.makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?) where x != y: return Int(x) - Int(y)
            default: continue
            }
        }
    }
}

/// Tabs, newlines and backslashes in a field are escaped, so a row stays one line.
enum TabFields {
    static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: "\t")
    }

    /// Split by byte: a Character at a time (grapheme breaking) was most of a row's reading time.
    static func fields(_ line: Substring) -> [String] {
        line.utf8.split(separator: 9, omittingEmptySubsequences: false).map { unescape(Substring($0)) }
    }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 9 || $0 == 10 || $0 == 13 }) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    static func unescape(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return String(text) }
        var result = ""
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                result.unicodeScalars.append(scalar == "t" ? "\t" : scalar == "n" ? "\n" : scalar == "r" ? "\r" : scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// An optional field: empty for nil, the value after a `=` otherwise.
    static func optional(_ value: String?) -> String { value.map { "=" + $0 } ?? "" }

    static func optional(_ field: String) -> String? { field.hasPrefix("=") ? String(field.dropFirst()) : nil }
}

/// A path alone, as a row: deletions, kept and foreign files.
extension String: Row {
    var path: String { self }
    var fields: [String] { [self] }
    init?(fields: [String]) {
        guard fields.count == 1 else { return nil }
        self = fields[0]
    }
}

/// Lines of a file, 64 KB read at a time: a merge of sorted runs reads one per run at once.
final class LineReader: IteratorProtocol {
    private let handle: FileHandle?
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false

    convenience init(url: URL) {
        self.init(handle: FileHandle(forReadingAtPath: url.path))
    }

    /// Reads to the end of `handle` (a pipe, say), and closes it.
    init(handle: FileHandle?) {
        self.handle = handle
        finished = handle == nil
    }

    deinit { try? handle?.close() }

    func next() -> Substring? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                let line = Substring(String(decoding: buffer[start..<newline], as: UTF8.self))
                start = newline + 1
                return line
            }
            if finished {
                guard start < buffer.count else { return nil }
                let line = Substring(String(decoding: buffer[start...], as: UTF8.self))
                start = buffer.count
                return line
            }
            buffer.removeFirst(start)
            start = 0
            let chunk = (try? handle?.read(upToCount: 1 << 16)) ?? nil
            if let chunk, !chunk.isEmpty { buffer.append(contentsOf: chunk) } else { finished = true }
        }
    }
}

/// Text written to a file a megabyte at a time.
final class LineWriter {
    let url: URL
    private let handle: FileHandle
    private var pending = Data()

    init(url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = FileHandle(forWritingAtPath: url.path) else {
            throw DeployError("cannot write \(url.path)")
        }
        self.url = url
        self.handle = handle
    }

    deinit { try? handle.close() }

    func write(_ text: String) throws {
        pending.append(contentsOf: text.utf8)
        if pending.count >= 1 << 20 { try flush() }
    }

    func flush() throws {
        try handle.write(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
    }

    func close() throws {
        try flush()
        try handle.close()
    }

    /// A new file of the deploy's temporary folder (`DeployScratch`), for `RowFile`s.
    static func temporaryURL() -> URL {
        DeployScratch.newURL(suffix: ".rows")
    }
}

/// A temporary file of rows, deleted when the last reference to it goes.
final class RowFile<Element: Row>: Sequence, @unchecked Sendable {
    let url: URL
    let count: Int

    fileprivate init(url: URL, count: Int) {
        self.url = url
        self.count = count
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var isEmpty: Bool { count == 0 }
    var first: Element? {
        var rows = makeIterator()
        return rows.next()
    }

    func makeIterator() -> Iterator { Iterator(lines: LineReader(url: url)) }

    struct Iterator: IteratorProtocol {
        let lines: LineReader

        mutating func next() -> Element? {
            while let line = lines.next() {
                if let row = Element(fields: TabFields.fields(line)) { return row }
            }
            return nil
        }
    }

    /// The rows, written to a new file.
    static func make<S: Sequence>(_ rows: S) throws -> RowFile where S.Element == Element {
        let writer = try RowWriter<Element>()
        for row in rows { try writer.append(row) }
        return try writer.finish()
    }

    /// The rows sorted by path in byte order, each path once (the first given wins).
    static func sorted<S: Sequence>(_ rows: S) throws -> RowFile where S.Element == Element {
        let sorter = try RowSorter<Element>()
        for row in rows { try sorter.add(row) }
        return try sorter.finish()
    }
}

/// Writes rows, in the order given, to a new `RowFile`.
final class RowWriter<Element: Row> {
    private let writer: LineWriter
    private(set) var count = 0

    init() throws {
        writer = try LineWriter(url: LineWriter.temporaryURL())
    }

    func append(_ row: Element) throws {
        try writer.write(TabFields.line(row.fields) + "\n")
        count += 1
    }

    func finish() throws -> RowFile<Element> {
        try writer.close()
        return RowFile(url: writer.url, count: count)
    }
}

/// Sorts rows by path in bounded memory. Rows that arrive in order (a sorted listing, a sorted
/// record) are written straight to the file; otherwise they are sorted a few megabytes at a time
/// into runs, which `finish` merges.
final class RowSorter<Element: Row> {
    /// About how much text of rows is sorted in memory at once.
    let runBytes: Int

    private var direct: RowWriter<Element>?
    private var last: String?
    private var runs: [RowFile<Element>] = []
    private var buffer: [Element] = []
    private var bufferBytes = 0

    init(runBytes: Int = 4 << 20) throws {
        self.runBytes = runBytes
        direct = try RowWriter<Element>()
    }

    func add(_ row: Element) throws {
        if let direct {
            if last == nil || ByteOrder.precedes(last!, row.path) {
                try direct.append(row)
                last = row.path
                return
            }
            runs.append(try direct.finish())
            self.direct = nil
        }
        buffer.append(row)
        bufferBytes += row.fields.reduce(64) { $0 + $1.utf8.count }
        if bufferBytes >= runBytes { try flushRun() }
    }

    private func flushRun() throws {
        guard !buffer.isEmpty else { return }
        buffer.sort { ByteOrder.precedes($0.path, $1.path) }
        runs.append(try RowFile.make(buffer))
        buffer.removeAll(keepingCapacity: true)
        bufferBytes = 0
    }

    func finish() throws -> RowFile<Element> {
        if let direct { return try direct.finish() }
        try flushRun()
        if runs.count == 1 { return try RowFile.make(Self.unique(runs[0])) }
        let writer = try RowWriter<Element>()
        var heads = runs.map { run -> (RowFile<Element>.Iterator, Element?) in
            var iterator = run.makeIterator()
            return (iterator, iterator.next())
        }
        var previous: String?
        while true {
            var smallest: Int?
            for index in heads.indices {
                guard let row = heads[index].1 else { continue }
                if let best = smallest, let bestRow = heads[best].1, !ByteOrder.precedes(row.path, bestRow.path) { continue }
                smallest = index
            }
            guard let index = smallest, let row = heads[index].1 else { break }
            heads[index].1 = heads[index].0.next()
            if let previous, ByteOrder.same(previous, row.path) { continue }
            previous = row.path
            try writer.append(row)
        }
        runs = []
        return try writer.finish()
    }

    private static func unique(_ rows: RowFile<Element>) -> some Sequence<Element> {
        var previous: String?
        return rows.lazy.filter { row in
            defer { previous = row.path }
            return previous.map { !ByteOrder.same($0, row.path) } ?? true
        }
    }
}

/// A sorted list read alongside another sorted one: `find` looks up paths in increasing order,
/// each lookup moving on from the last.
struct RowCursor<Element: Row> {
    private var iterator: AnyIterator<Element>
    private var current: Element?

    /// A cursor over nothing.
    init() {
        iterator = AnyIterator { nil }
    }

    init<S: Sequence>(_ rows: S) where S.Element == Element {
        var base = rows.makeIterator()
        iterator = AnyIterator { base.next() }
        current = iterator.next()
    }

    mutating func find(_ path: String) -> Element? {
        while let row = current, ByteOrder.precedes(row.path, path) { current = iterator.next() }
        guard let row = current, ByteOrder.same(row.path, path) else { return nil }
        return row
    }
}

/// Two sorted lists as one, by path; where both have a path, `preferred`'s row.
struct SortedUnion<Element: Row>: Sequence, IteratorProtocol {
    private var preferred: AnyIterator<Element>
    private var other: AnyIterator<Element>
    private var left: Element?
    private var right: Element?

    init<A: Sequence, B: Sequence>(preferred: A, other: B) where A.Element == Element, B.Element == Element {
        var a = preferred.makeIterator()
        var b = other.makeIterator()
        self.preferred = AnyIterator { a.next() }
        self.other = AnyIterator { b.next() }
        left = self.preferred.next()
        right = self.other.next()
    }

    mutating func next() -> Element? {
        switch (left, right) {
        case (nil, nil):
            return nil
        case (let row?, nil):
            left = preferred.next()
            return row
        case (nil, let row?):
            right = other.next()
            return row
        case (let a?, let b?):
            let order = ByteOrder.compare(a.path, b.path)
            if order <= 0 { left = preferred.next() }
            if order >= 0 { right = other.next() }
            return order <= 0 ? a : b
        }
    }
}
