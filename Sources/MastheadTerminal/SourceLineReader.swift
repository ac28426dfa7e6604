import Foundation
import MastheadContent
import MastheadSupport

#if canImport(Glibc)
import Glibc
#endif

/// Reads the lines diagnostics point at from the files of a site. Only regular files inside
/// the site folder are read (never through a link leading out of it, never a FIFO); a file is
/// read whole once while consecutive diagnostics name it, and a large one is scanned only up
/// to the line wanted, and not past `scanLimit`.
final class SourceLineReader {
    struct Line {
        /// 1-based, as editors count lines.
        var number: Int
        /// Without the line break.
        var bytes: [UInt8]
        /// For a CSV field: where it starts in `bytes`.
        var fieldOffset: Int?
    }

    /// Files up to this size are read whole and kept while the next diagnostic names them too.
    static let wholeFileLimit = 8 << 20
    /// A larger file is read in chunks up to here: past it, no line is shown.
    static let scanLimit = 256 << 20
    /// A longer line is not shown.
    static let lineLimit = 1 << 20

    private let siteFolder: SiteFolder
    /// The last file read whole, by its path in the diagnostics.
    private var lastFile: (path: String, bytes: [UInt8])?

    init(siteFolder: SiteFolder) {
        self.siteFolder = siteFolder
    }

    /// Line `number` of the file at `path` (relative to the site folder).
    func line(_ number: Int, in path: String) -> Line? {
        guard number >= 1 else { return nil }
        var line = 1
        var collected: [UInt8] = []
        var complete = false
        let read = forEachChunk(of: path) { chunk in
            var index = 0
            while index < chunk.count {
                let rest = UnsafeBufferPointer(rebasing: chunk[index...])
                let newline = memchr(rest.baseAddress!, 0x0A, rest.count).map { UnsafeRawPointer(rest.baseAddress!).distance(to: $0) }
                if line < number {
                    guard let newline else { return true }
                    line += 1
                    index += newline + 1
                    continue
                }
                collected.append(contentsOf: rest[0..<(newline ?? rest.count)])
                if newline != nil { complete = true }
                return newline == nil && collected.count <= Self.lineLimit
            }
            return true
        }
        // The last line may end without a line break; an empty one after the last break is no line.
        guard read, line == number, complete || !collected.isEmpty, collected.count <= Self.lineLimit else { return nil }
        if collected.last == 0x0D { collected.removeLast() }
        if number == 1, collected.starts(with: [0xEF, 0xBB, 0xBF]) { collected.removeFirst(3) }
        return Line(number: number, bytes: collected)
    }

    /// The line where field `field` of row `row` of a CSV file starts, as `CSVRecordStream`
    /// counts them: the header is row 1, a line break inside quotes does not end a row, a
    /// field is 1-based. A field past the row's last is placed at the end of the row.
    func csvField(_ field: Int, row: Int, in path: String) -> Line? {
        guard row >= 1, field >= 1 else { return nil }
        var scanner = CSVFieldScanner(row: row, field: field)
        var first = true
        let read = forEachChunk(of: path) { chunk in
            var bytes = chunk[...]
            if first, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            first = false
            for byte in bytes where !scanner.read(byte) { return false }
            return true
        }
        guard read, let found = scanner.finish() else { return nil }
        return found
    }

    /// Calls `body` with the file's bytes, in one or more chunks, until it returns false or the
    /// file ends; false when the file cannot be read.
    private func forEachChunk(of path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if let lastFile, lastFile.path == path {
            _ = lastFile.bytes.withUnsafeBufferPointer(body)
            return true
        }
        guard let real = resolved(path) else { return false }
        let descriptor = open(real, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        let size = Int(status.st_size)
        var buffer = [UInt8](repeating: 0, count: size <= Self.wholeFileLimit ? max(size, 1) : 1 << 20)
        if size <= Self.wholeFileLimit {
            var filled = 0
            while filled < size {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, size - filled) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                filled += count
            }
            buffer.removeSubrange(filled...)
            lastFile = (path, buffer)
            _ = buffer.withUnsafeBufferPointer(body)
            return true
        }
        var scanned = 0
        while scanned < Self.scanLimit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return true }
            scanned += count
            let goOn = buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            if !goOn { return true }
        }
        return false
    }

    /// The file's real path, when it is inside the site folder.
    private func resolved(_ path: String) -> String? {
        guard !path.isEmpty, !path.hasPrefix("/") else { return nil }
        guard let real = realPath(siteFolder.path(path)), siteFolder.isInside(real) else { return nil }
        return real
    }
}

/// Finds where a field of a CSV row starts, one byte at a time, by `CSVRecordStream`'s
/// rules: a quote opens a quoted field only at its start, `""` inside one is a quote, and a
/// line break (LF, CRLF or CR) outside quotes ends the row.
private struct CSVFieldScanner {
    let targetRow: Int
    let targetField: Int
    private var row = 1
    private var field = 1
    private var physicalLine = 1
    private var inQuotes = false
    private var quoteMayClose = false
    private var atFieldStart = true
    private var afterCarriageReturn = false
    /// The physical line being read, once in the target row.
    private var collected: [UInt8] = []
    private var found: (line: Int, offset: Int)?
    private var tooLong = false

    init(row: Int, field: Int) {
        targetRow = row
        targetField = field
        if row == 1, field == 1 { found = (1, 0) }
    }

    /// Reads one byte; false once nothing more is needed.
    mutating func read(_ byte: UInt8) -> Bool {
        if afterCarriageReturn {
            afterCarriageReturn = false
            if byte == 0x0A { return true }
        }
        let inTarget = row == targetRow
        if byte == 0x0A || byte == 0x0D {
            afterCarriageReturn = byte == 0x0D
            if quoteMayClose {
                inQuotes = false
                quoteMayClose = false
            }
            if inTarget, found != nil || !inQuotes {
                // The field starts on this line, or the row ends before it: then its place is the row's end.
                if found == nil { found = (physicalLine, collected.count) }
                return false
            }
            physicalLine += 1
            if inQuotes {
                if inTarget { collected.removeAll(keepingCapacity: true) }
                return true
            }
            row += 1
            field = 1
            atFieldStart = true
            if row == targetRow, targetField == 1 { found = (physicalLine, 0) }
            return true
        }
        if inTarget {
            collected.append(byte)
            if collected.count > SourceLineReader.lineLimit {
                tooLong = true
                return false
            }
        }
        if inQuotes {
            if !quoteMayClose {
                if byte == UInt8(ascii: "\"") { quoteMayClose = true }
                return true
            }
            quoteMayClose = false
            if byte == UInt8(ascii: "\"") { return true }
            inQuotes = false
        }
        if byte == UInt8(ascii: "\""), atFieldStart {
            inQuotes = true
            atFieldStart = false
        } else if byte == UInt8(ascii: ",") {
            field += 1
            atFieldStart = true
            if inTarget, field == targetField { found = (physicalLine, collected.count) }
        } else {
            atFieldStart = false
        }
        return true
    }

    /// The line holding the field, once the bytes have been read.
    func finish() -> SourceLineReader.Line? {
        guard !tooLong, row == targetRow else { return nil }
        let place = found ?? (physicalLine, collected.count)
        guard place.offset <= collected.count else { return nil }
        return SourceLineReader.Line(number: place.line, bytes: collected, fieldOffset: place.offset)
    }
}
