/// What the last deploy put on a target, kept on the target itself beside the site
/// (`.masthead-deploy`): each file's content hash (the build manifest's), size, headers and,
/// on S3, the ETag the server gave it. A listing then tells which remote files are still
/// exactly what Masthead sent (same ETag) without reading each one's metadata; a file a
/// deploy sent that the record does not list yet (an interrupted deploy) is asked about alone.
///
/// Text, one file a line, fields separated by tabs: `PATH HASH SIZE ETAG CONTENT-TYPE CACHE-CONTROL`.
public struct DeployRecord: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var hash: String
        public var size: Int
        /// Empty for rsync targets.
        public var etag: String
        public var headers: HeaderRules.Headers
    }

    public static let fileName = ".masthead-deploy"
    static let formatLine = "masthead-deploy 1"

    public var entries: [String: Entry] = [:]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    public func serialized() -> String {
        var text = Self.formatLine + "\n"
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let fields = [path, entry.hash, String(entry.size), entry.etag, entry.headers.contentType, entry.headers.cacheControl]
            text += fields.map(Self.escape).joined(separator: "\t") + "\n"
        }
        return text
    }

    /// Nil when the text is not a record of this version (then every file is treated as unknown).
    public static func parse(_ text: String) -> DeployRecord? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).makeIterator()
        guard lines.next().map(String.init) == formatLine else { return nil }
        var record = DeployRecord()
        while let line = lines.next() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { unescape($0) }
            guard fields.count == 6, let size = Int(fields[2]) else { return nil }
            record.entries[fields[0]] = Entry(
                hash: fields[1], size: size, etag: fields[3], headers: HeaderRules.Headers(contentType: fields[4], cacheControl: fields[5]))
        }
        return record
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
