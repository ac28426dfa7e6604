import Foundation

/// What the deploys of one site put on a target, kept on the target itself beside the site
/// (`.masthead-deploy`): the site it belongs to (its base URL), each file a deploy wrote with
/// its content hash (the build manifest's), size, headers and, on S3, the ETag the server gave
/// it, and the files whose deletion waits for cached pages to expire.
///
/// The record is what a deploy owns: only files it names are ever deleted. A listing then tells
/// which remote files are still exactly what Masthead sent (same ETag) without reading each
/// one's metadata.
///
/// Text, one line a fact, fields separated by tabs, read and written a line at a time (a record
/// of a million files is over 100 MB):
///
/// ```
/// masthead-deploy 2
/// site	https://magazine.example/
/// f	PATH	HASH	SIZE	ETAG	CONTENT-TYPE	CACHE-CONTROL
/// p	PATH	UNIX-TIME   (a file of the record to delete after that moment)
/// ```
///
/// Version 1 (the first line `masthead-deploy 1`, then the `f` lines' fields without the `f`) is read too.
public struct DeployRecord: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var hash: String
        public var size: Int
        /// Empty for rsync targets.
        public var etag: String
        public var headers: HeaderRules.Headers

        public init(hash: String, size: Int, etag: String, headers: HeaderRules.Headers) {
            self.hash = hash
            self.size = size
            self.etag = etag
            self.headers = headers
        }
    }

    public static let fileName = ".masthead-deploy"
    static let formatLine = "masthead-deploy 2"
    static let formatLineVersion1 = "masthead-deploy 1"

    /// The base URL of the site whose deploys wrote the target; nil in a version 1 record.
    public var site: String?
    public var entries: [String: Entry] = [:]
    /// Files of `entries` the site no longer has, each with the moment its deletion is due.
    public var pendingDeletions: [String: Date] = [:]

    public init(site: String? = nil, entries: [String: Entry] = [:], pendingDeletions: [String: Date] = [:]) {
        self.site = site
        self.entries = entries
        self.pendingDeletions = pendingDeletions
    }

    /// Writes the record, a line at a time, through `write` (which buffers).
    public func serialize(_ write: (String) throws -> Void) rethrows {
        try write(Self.formatLine + "\n")
        if let site { try write("site\t" + Self.escape(site) + "\n") }
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let fields = [path, entry.hash, String(entry.size), entry.etag, entry.headers.contentType, entry.headers.cacheControl]
            try write("f\t" + fields.map(Self.escape).joined(separator: "\t") + "\n")
        }
        for (path, due) in pendingDeletions.sorted(by: { $0.key < $1.key }) {
            try write("p\t" + Self.escape(path) + "\t" + String(Int64(due.timeIntervalSince1970.rounded(.up))) + "\n")
        }
    }

    public func serialized() -> String {
        var text = ""
        serialize { text += $0 }
        return text
    }

    /// Writes the record to a file a megabyte at a time, never the whole of it in one buffer.
    public func write(to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let file = FileHandle(forWritingAtPath: url.path) else {
            throw DeployError("cannot write \(url.path)")
        }
        defer { try? file.close() }
        var chunk = ""
        try serialize { line in
            chunk += line
            if chunk.utf8.count >= 1 << 20 {
                try file.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try file.write(contentsOf: Data(chunk.utf8))
    }

    /// Nil when the text is not a record (then the target's record is damaged).
    public static func parse(_ text: String) -> DeployRecord? {
        var parser = Parser()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard parser.read(line) else { return nil }
        }
        return parser.finish()
    }

    /// Reads a record file a megabyte at a time; nil when it is not a record.
    public static func read(from url: URL) -> DeployRecord? {
        guard let file = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? file.close() }
        var parser = Parser()
        var rest = Data()
        while let chunk = try? file.read(upToCount: 1 << 20), !chunk.isEmpty {
            rest.append(chunk)
            var start = rest.startIndex
            while let newline = rest[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if newline > start, !parser.read(Substring(String(decoding: rest[start..<newline], as: UTF8.self))) { return nil }
                start = rest.index(after: newline)
            }
            rest = Data(rest[start...])
        }
        if !rest.isEmpty, !parser.read(Substring(String(decoding: rest, as: UTF8.self))) { return nil }
        return parser.finish()
    }

    /// Reads lines in order: the format line first.
    struct Parser {
        var record = DeployRecord()
        var version = 0

        mutating func read(_ line: Substring) -> Bool {
            if version == 0 {
                switch line {
                case Substring(DeployRecord.formatLine): version = 2
                case Substring(DeployRecord.formatLineVersion1): version = 1
                default: return false
                }
                return true
            }
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { DeployRecord.unescape($0) }
            let kind = version == 1 ? "f" : fields.removeFirst()
            switch kind {
            case "site" where fields.count == 1:
                record.site = fields[0]
            case "f" where fields.count == 6:
                guard let size = Int(fields[2]) else { return false }
                record.entries[fields[0]] = Entry(
                    hash: fields[1], size: size, etag: fields[3], headers: HeaderRules.Headers(contentType: fields[4], cacheControl: fields[5]))
            case "p" where fields.count == 2:
                guard let seconds = Int64(fields[1]) else { return false }
                record.pendingDeletions[fields[0]] = Date(timeIntervalSince1970: TimeInterval(seconds))
            default:
                return false
            }
            return true
        }

        func finish() -> DeployRecord? {
            version == 0 ? nil : record
        }
    }

    private static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static func unescape(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(character == "t" ? "\t" : character == "n" ? "\n" : character == "r" ? "\r" : character)
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
