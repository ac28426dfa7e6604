import Foundation
import MastheadReports
import MastheadSite
import MastheadSupport

/// What the last successful build read and wrote, kept between builds so the next one can
/// tell that nothing changed (and skip parsing and rendering) or which files to rewrite.
///
/// Stored as text, one record a line, because it is read on every build and a site of
/// 100,000 articles has as many records: `in SIZE MTIME CTIME INODE HASH PATH`, `out ...` alike.
package struct BuildManifest: Sendable, Equatable {
    /// A file's size, modification time, change time (nanoseconds since 1970), inode and
    /// content hash. The change time and inode are what git keeps beside size and time: no tool
    /// sets them back, so a file edited with its size kept and its time restored is still seen.
    package struct FileRecord: Sendable, Equatable {
        package var size: Int
        package var modified: Int64
        package var changed: Int64
        package var inode: UInt64
        /// Zero for a folder (written `-`).
        package var hash: StableDigest

        package init(size: Int, modified: Int64, changed: Int64 = 0, inode: UInt64 = 0, hash: StableDigest) {
            self.size = size
            self.modified = modified
            self.changed = changed
            self.inode = inode
            self.hash = hash
        }

        /// A file as `status` finds it, with its hash.
        package init(_ status: FileStatus, hash: StableDigest) {
            self.init(size: status.size, modified: status.modified, changed: status.changed, inode: status.inode, hash: hash)
        }
    }

    /// Version 2 added the change time and inode, version 3 the output's folders, version 4 the
    /// pages' fingerprints: a manifest of an earlier version is not used (one full build).
    static let formatLine = "masthead-build-cache 4"

    /// Hash of the build options and the Masthead binary that built the output.
    package var key: String
    /// The first moment the output may differ with the same inputs (`BuildCache.validUntil`).
    package var validUntil: Date?
    /// What changes the site next by itself, earliest first, for `masthead status`.
    package var scheduledChanges: [ScheduledChange] = []
    /// The summary line of the build (`3 article, 1 home, ...`) and its warnings, shown again
    /// when a later build finds nothing to do.
    package var summary: String = ""
    package var warnings: [String] = []
    /// By path relative to the site folder (`Content/articles/moka.md`).
    package var inputs: [String: FileRecord] = [:]
    /// By path relative to the output folder (`articles/moka/index.html`).
    package var outputs: [String: FileRecord] = [:]
    /// The output's folders as the build left them: a folder still as recorded holds no file the build did not write.
    package var folders = FolderRecords()
    /// Each article's and page's URL by source file, to warn when one changes (`URLChanges`).
    package var pageURLs: [String: String] = [:]
    /// The fingerprint of each page written (`RouteFingerprints`) by its path in the output
    /// folder: the next build keeps a page whose fingerprint is the same (`BuildOptions.lastPages`).
    package var pageFingerprints: [String: UInt64] = [:]
    /// The statements the build sent to PostgreSQL servers, with a digest of their rows: a
    /// server is an input too, asked again at the next build (`DatabaseCheck`).
    package var databaseChecks: [DatabaseCheck] = []
    /// The SQLite files the build's blocks asked, each with the files reading it: when they
    /// are the only inputs that changed, the next build draws again only those readers' pages.
    package var databaseFiles: [String: [String]] = [:]

    package init(key: String) {
        self.key = key
    }

    package func serialized() -> String {
        var text = ""
        serialize { text += $0 }
        return text
    }

    /// The manifest's text, handed to `write` a line at a time (each with its newline): a large
    /// site's manifest is tens of megabytes, written out as it is made (`BuildCache.save`).
    package func serialize(_ write: (String) throws -> Void) rethrows {
        try write(Self.formatLine + "\n")
        try write("key \(key)\n")
        try write("validUntil " + (validUntil.map { String(format: "%.3f", $0.timeIntervalSince1970) } ?? "-") + "\n")
        try write("summary " + Self.escape(summary) + "\n")
        for warning in warnings { try write("warning " + Self.escape(warning) + "\n") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        for change in scheduledChanges {
            if let data = try? encoder.encode(change) { try write("next " + String(decoding: data, as: UTF8.self) + "\n") }
        }
        // Pairs sorted by path, so no record is looked up again by its key.
        for (path, record) in inputs.sorted(by: { $0.key < $1.key }) { try write(Self.line("in", path, record) + "\n") }
        for (path, record) in outputs.sorted(by: { $0.key < $1.key }) { try write(Self.line("out", path, record) + "\n") }
        try write("foldersAt \(folders.takenAt)\n")
        for (path, record) in folders.records.sorted(by: { $0.key < $1.key }) { try write(Self.line("dir", path, record) + "\n") }
        for (path, fingerprint) in pageFingerprints.sorted(by: { $0.key < $1.key }) {
            try write("fingerprint \(String(fingerprint, radix: 16)) \(Self.escape(path))\n")
        }
        // The URL first: it has no spaces, the source may.
        for (source, url) in pageURLs.sorted(by: { $0.key < $1.key }) { try write("page \(Self.escape(url)) \(Self.escape(source))\n") }
        // JSON escapes newlines: one check a line.
        for check in databaseChecks {
            // Rows JSON cannot hold (a NaN) leave the check without them: it is asked again, never dropped.
            guard let data = (try? encoder.encode(check)) ?? (try? encoder.encode(check.withoutRows)) else { continue }
            try write("db " + String(decoding: data, as: UTF8.self) + "\n")
        }
        for (file, readers) in databaseFiles.sorted(by: { $0.key < $1.key }) {
            if let data = try? encoder.encode([file] + readers) { try write("dbfile " + String(decoding: data, as: UTF8.self) + "\n") }
        }
    }

    /// Nil when the text is not a manifest of this version (then the cache is just not used).
    /// `withRecords: false` skips the input and output records, most of a large site's
    /// manifest: a build without the cache reads only the pages' URLs (`URLChanges`) and
    /// fingerprints. `withPages: false` skips those, which only a build that goes ahead needs.
    package static func parse(_ text: String, withRecords: Bool = true, withPages: Bool = true) -> BuildManifest? {
        var text = text
        var parser = Parser(withRecords: withRecords, withPages: withPages)
        let parsed = text.withUTF8 { bytes in
            var lines = ManifestLines(bytes: bytes)
            while let line = lines.next() { guard parser.take(line) else { return false } }
            return true
        }
        return parsed ? parser.manifest : nil
    }

    /// The manifest in the file at `path`, as `parse` reads a text, read 4 MB at a time: a
    /// million articles' manifest is 685 MB, and holding its bytes and their text besides the
    /// records took 1.4 GB more at the start of every build. Nil when there is none.
    package static func parse(fileAt path: String, withRecords: Bool = true, withPages: Bool = true, chunkSize: Int = 4 << 20) -> BuildManifest? {
        var parser = Parser(withRecords: withRecords, withPages: withPages)
        guard forEachLine(ofFileAt: path, chunkSize: chunkSize, { parser.take($0) }) == true else { return nil }
        return parser.manifest
    }

    /// Each non-empty line of the file at `path`, without its newline, read `chunkSize` bytes at
    /// a time, until `take` refuses one. Nil when the file cannot be read, false when a line was refused.
    static func forEachLine(
        ofFileAt path: String, chunkSize: Int, _ take: (UnsafeBufferPointer<UInt8>) throws -> Bool
    ) rethrows -> Bool? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let newline = UInt8(ascii: "\n")
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        // What was read and not taken yet: the start of a line.
        var pending: [UInt8] = []
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            let atEnd = count == 0
            pending += chunk[0..<count]
            guard let last = atEnd ? pending.indices.last : pending.lastIndex(of: newline) else {
                if atEnd { return true } else { continue }
            }
            let taken = try pending.withUnsafeBufferPointer { bytes in
                var lines = ManifestLines(bytes: UnsafeBufferPointer(rebasing: bytes[...last]))
                while let line = lines.next() { guard try take(line) else { return false } }
                return true
            }
            guard taken else { return false }
            pending.removeSubrange(...last)
            if atEnd { return true }
        }
    }

    /// A manifest taken line by line, each line's bytes read in place: a large site's manifest
    /// has a line for every file and folder, read at every build, and nothing-changed builds wait on it.
    private struct Parser {
        let withRecords: Bool
        let withPages: Bool
        private var taken = BuildManifest(key: "")
        /// The format line and the key line come first.
        private var linesTaken = 0

        init(withRecords: Bool, withPages: Bool) {
            self.withRecords = withRecords
            self.withPages = withPages
        }

        /// Nil until the key line is read.
        var manifest: BuildManifest? { linesTaken >= 2 ? taken : nil }

        /// False when the line is not one of a manifest of this version.
        mutating func take(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            defer { linesTaken += 1 }
            switch linesTaken {
            case 0:
                return string(line) == formatLine
            case 1:
                let keyLine = string(line)
                taken.key = String(keyLine.dropFirst(4))
                return keyLine.hasPrefix("key ")
            default:
                return takeField(line)
            }
        }

        private mutating func takeField(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return false }
            let field = UnsafeBufferPointer(rebasing: line[..<space])
            let restBytes = UnsafeBufferPointer(rebasing: line[(space + 1)...])
            if let kind = recordKind(field) {
                guard withRecords else { return true }
                guard let (path, record) = BuildManifest.record(restBytes) else { return false }
                switch kind {
                case .input: taken.inputs[path] = record
                case .output: taken.outputs[path] = record
                case .folder: taken.folders.records[path] = record
                }
                return true
            }
            let rest = Substring(string(restBytes))
            switch string(field) {
            case "validUntil":
                taken.validUntil = Double(rest).map { Date(timeIntervalSince1970: $0) }
            case "next":
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .secondsSince1970
                guard let change = try? decoder.decode(ScheduledChange.self, from: Data(rest.utf8)) else { return false }
                taken.scheduledChanges.append(change)
            case "summary":
                taken.summary = unescape(rest)
            case "warning":
                taken.warnings.append(unescape(rest))
            case "page":
                guard withPages else { return true }
                let parts = fields(rest, maxSplits: 1)
                guard parts.count == 2 else { return false }
                taken.pageURLs[unescape(parts[1])] = unescape(parts[0])
            case "db":
                guard let check = try? JSONDecoder().decode(DatabaseCheck.self, from: Data(rest.utf8)) else { return false }
                taken.databaseChecks.append(check)
            case "dbfile":
                guard let names = try? JSONDecoder().decode([String].self, from: Data(rest.utf8)), let file = names.first else { return false }
                taken.databaseFiles[file] = Array(names.dropFirst())
            case "fingerprint":
                guard withPages else { return true }
                let parts = fields(rest, maxSplits: 1)
                guard parts.count == 2, let fingerprint = UInt64(parts[0], radix: 16) else { return false }
                taken.pageFingerprints[unescape(parts[1])] = fingerprint
            case "foldersAt":
                guard let time = Int64(rest) else { return false }
                taken.folders.takenAt = time
            default:
                return false
            }
            return true
        }
    }

    private enum RecordKind { case input, output, folder }

    /// `in`, `out` and `dir`, told apart without making a string of the field.
    private static func recordKind(_ field: UnsafeBufferPointer<UInt8>) -> RecordKind? {
        switch (field.count, field.first) {
        case (2, UInt8(ascii: "i")?) where field[1] == UInt8(ascii: "n"): .input
        case (3, UInt8(ascii: "o")?) where field[1] == UInt8(ascii: "u") && field[2] == UInt8(ascii: "t"): .output
        case (3, UInt8(ascii: "d")?) where field[1] == UInt8(ascii: "i") && field[2] == UInt8(ascii: "r"): .folder
        default: nil
        }
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The non-empty lines of a text's bytes, without their newline.
    private struct ManifestLines: IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        var start = 0

        mutating func next() -> UnsafeBufferPointer<UInt8>? {
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                defer { start = end + 1 }
                if end > start { return UnsafeBufferPointer(rebasing: bytes[start..<end]) }
            }
            return nil
        }
    }

    /// A record line after its kind, `size modified changed inode hash path`, read from its bytes
    /// in place: a large site's manifest has a line for every file and folder, read at every build.
    static func record(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, FileRecord)? {
        let space = UInt8(ascii: " ")
        var index = 0
        /// The digits up to the next space (and a leading `-` when `signed`), the space skipped.
        func number(signed: Bool = false) -> (magnitude: UInt64, negative: Bool)? {
            let negative = signed && index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            var value: UInt64 = 0
            let start = index
            while index < bytes.count, bytes[index] != space {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10, value <= (UInt64.max - UInt64(digit)) / 10 else { return nil }
                value = value * 10 + UInt64(digit)
                index += 1
            }
            guard index > start, index < bytes.count else { return nil }
            index += 1
            return (value, negative)
        }
        func time() -> Int64? {
            guard let (magnitude, negative) = number(signed: true), magnitude <= UInt64(Int64.max) else { return nil }
            return negative ? -Int64(magnitude) : Int64(magnitude)
        }
        guard let size = number(), size.magnitude <= UInt64(Int.max), let modified = time(), let changed = time(),
            let inode = number()
        else { return nil }
        let hashStart = index
        while index < bytes.count, bytes[index] != space { index += 1 }
        guard index > hashStart, index < bytes.count else { return nil }
        let hashText = String(decoding: UnsafeBufferPointer(rebasing: bytes[hashStart..<index]), as: UTF8.self)
        guard let hash = hashText == "-" ? StableDigest() : StableDigest(hex: hashText) else { return nil }
        let path = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)...]), as: UTF8.self))
        let record = FileRecord(size: Int(size.magnitude), modified: modified, changed: changed, inode: inode.magnitude, hash: hash)
        return (unescape(path), record)
    }

    private static func fields(_ text: Substring, maxSplits: Int) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: " "), maxSplits: maxSplits, omittingEmptySubsequences: false).map { Substring($0) }
    }

    private static func line(_ kind: String, _ path: String, _ record: FileRecord) -> String {
        let hash = record.hash == StableDigest() ? "-" : record.hash.hex
        return "\(kind) \(record.size) \(record.modified) \(record.changed) \(record.inode) \(hash) \(escape(path))"
    }

    /// Paths and messages stay on one line: `\` and newlines are escaped.
    /// By scalar: a `\r\n` is one Character, which neither `\r` nor `\n` equals. The bytes
    /// are looked at first (a Character at a time, it was a tenth of the manifest's time).
    static func escape(_ text: String) -> String {
        guard text.containsByte(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
            return text
        }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
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
        for character in text {
            if escaping {
                result.append(character == "n" ? "\n" : character == "r" ? "\r" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension FileStatus {
    /// Whether `record` still describes this file: same size, modification time, change time and
    /// inode, as git compares its index with the work tree.
    func matches(_ record: BuildManifest.FileRecord) -> Bool {
        size == record.size && modified == record.modified && changed == record.changed && inode == record.inode
    }
}
