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
/// of a million files is over 100 MB), its files sorted by path (bytes):
///
/// ```
/// masthead-deploy 2
/// site	https://magazine.example/
/// f	PATH	HASH	SIZE	ETAG	CONTENT-TYPE	CACHE-CONTROL
/// p	PATH	UNIX-TIME   (a file of the record to delete after that moment)
/// ```
///
/// Version 1 (the first line `masthead-deploy 1`, then the `f` lines' fields without the `f`) is read too.
/// Read, its files and pending deletions are each a sorted temporary file (`RowFile`), never in memory.
package struct DeployRecord: Sendable {
    package struct Entry: Sendable, Equatable {
        package var path: String
        package var hash: String
        package var size: Int
        /// Empty for rsync targets.
        package var etag: String
        package var headers: HeaderRules.Headers

        package init(path: String, hash: String, size: Int, etag: String, headers: HeaderRules.Headers) {
            self.path = path
            self.hash = hash
            self.size = size
            self.etag = etag
            self.headers = headers
        }
    }

    package static let fileName = ".masthead-deploy"
    static let formatLine = "masthead-deploy 2"
    static let formatLineVersion1 = "masthead-deploy 1"

    /// The base URL of the site whose deploys wrote the target; nil in a version 1 record.
    package var site: String?
    /// Sorted by path.
    let entries: RowFile<Entry>
    /// Files of `entries` the site no longer has, each with the moment its deletion is due; sorted by path.
    let pendingDeletions: RowFile<PendingDeletion>

    /// Writes a record a megabyte at a time: `entries` and `pending` sorted by path.
    static func write<E: Sequence, P: Sequence>(site: String?, entries: E, pending: P, to url: URL) throws
    where E.Element == Entry, P.Element == PendingDeletion {
        let writer = try LineWriter(url: url)
        try writer.write(formatLine + "\n")
        if let site { try writer.write("site\t" + TabFields.escape(site) + "\n") }
        for entry in entries { try writer.write("f\t" + TabFields.line(entry.fields) + "\n") }
        for deletion in pending { try writer.write("p\t" + TabFields.line(deletion.fields) + "\n") }
        try writer.close()
    }

    /// Reads a record file a line at a time; nil when it is not a record. A record an earlier
    /// version wrote in another order is sorted (in bounded memory).
    static func read(from url: URL) throws -> DeployRecord? {
        let lines = LineReader(url: url)
        let version: Int
        switch lines.next() {
        case Substring(formatLine): version = 2
        case Substring(formatLineVersion1): version = 1
        default: return nil
        }
        var site: String?
        let entries = try RowSorter<Entry>()
        let pending = try RowSorter<PendingDeletion>()
        while let line = lines.next() {
            if line.isEmpty { continue }
            var fields = TabFields.fields(line)
            let kind = version == 1 ? "f" : fields.removeFirst()
            switch kind {
            case "site" where fields.count == 1:
                site = fields[0]
            case "f":
                guard let entry = Entry(fields: fields) else { return nil }
                try entries.add(entry)
            case "p":
                guard let deletion = PendingDeletion(fields: fields) else { return nil }
                try pending.add(deletion)
            default:
                return nil
            }
        }
        return DeployRecord(site: site, entries: try entries.finish(), pendingDeletions: try pending.finish())
    }
}
