import Foundation
import MastheadBuild
import MastheadContent
import MastheadSupport

/// The output folder a deploy publishes, as the last successful build left it: only a folder
/// `masthead build` wrote (its marker), with the manifest that build recorded, and every file
/// still as recorded. A build that failed leaves the previous output and manifest in place, a
/// build cannot run while a deploy holds the site's lock, and a build stopped while it put its
/// files in place leaves files that no record matches (moved in, or gone), so what is deployed
/// is always a whole site.
package struct LocalOutput: Sendable {
    package let folder: URL
    /// The files the build recorded, sorted by path (bytes).
    let files: RowFile<LocalFile>
    /// The first moment the same inputs may build a different site (a scheduled article), from the manifest.
    package let validUntil: Date?

    struct Status: Sendable, Equatable {
        var size: Int
        var modified: Int64

        init(size: Int, modified: Int64) {
            self.size = size
            self.modified = modified
        }

        init?(path: String) {
            guard let status = FileStatus(path: path) else { return nil }
            self.init(size: status.size, modified: status.modified)
        }
    }

    /// `files` in any order.
    package init(folder: URL, files: [LocalFile], validUntil: Date? = nil) throws {
        self.init(folder: folder, files: try RowFile.sorted(files), validUntil: validUntil)
    }

    init(folder: URL, files: RowFile<LocalFile>, validUntil: Date?) {
        self.folder = folder
        self.files = files
        self.validUntil = validUntil
    }

    /// The output's files, checked against the manifest a file at a time: the manifest's records
    /// are streamed into a sorted file, each file's status is compared with its record, and the
    /// folder is walked for files the build did not write.
    package static func load(siteFolder: SiteFolder, output: URL) throws -> LocalOutput {
        let path = output.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw DeployError("\(path) does not exist: run masthead build first")
        }
        guard hasMarker(path) else {
            throw DeployError(
                "\(path) was not written by masthead build (it has no \(OutputFolder.markerName) file): deploy publishes only a folder it built")
        }
        let cache = BuildCache(siteFolder: siteFolder, output: output)
        let sorter = try RowSorter<LocalFile>()
        let (validUntil, found) = try BuildManifest.readOutputs(at: cache.manifestURL) { file, record in
            try sorter.add(LocalFile(path: file, size: record.size, hash: record.hash.hex, modified: record.modified))
        }
        guard found else {
            throw DeployError("no build record for \(path) in \(siteFolder.path(BuildCache.folder)): run masthead build, then deploy")
        }
        let files = try sorter.finish()
        var changed: String?
        var strange: String?
        for file in files where changed == nil {
            if Status(path: path + "/" + file.path) != Status(size: file.size, modified: file.modified ?? 0) { changed = file.path }
            if strange == nil, ControlCharacters.contains(file.path) { strange = file.path }
        }
        if let changed {
            throw DeployError(
                "\(path)/\(ControlCharacters.visible(changed)) changed since masthead build wrote it (or is gone): nothing was uploaded; "
                    + "run masthead build again, then deploy")
        }
        if let strange {
            throw DeployError(
                "\(path)/\(ControlCharacters.visible(strange)): the file's name holds a control character (a newline, a tab), "
                    + "which no web address carries: rename its source, build again, then deploy")
        }
        if let stranger = try firstUnlisted(in: path, files: files) {
            throw DeployError(
                "\(path)/\(ControlCharacters.visible(stranger)) was not written by masthead build: deploy publishes only what the build wrote. "
                    + "Put the file in the site's static files and build again, or remove it")
        }
        return LocalOutput(folder: output, files: files, validUntil: validUntil)
    }

    /// The first entry of the output folder the build did not record: a file put there by hand,
    /// or a link. The marker is the build's own. The folder is walked a folder at a time, each
    /// folder's entries sorted, so the files come in byte order and are joined with the recorded ones as they come.
    static func firstUnlisted(in folder: String, files: RowFile<LocalFile>) throws -> String? {
        let found = try RowSorter<String>()
        if let strange = try walk(folder, relative: "", found) { return strange }
        var recorded = RowCursor(files)
        return try found.finish().first { recorded.find($0) == nil }
    }

    /// Adds each regular file under `relative` to `found`, in byte order (a folder sorts as its name
    /// with a `/`, just before what it holds); the first entry that is neither a file nor a folder, or cannot be read.
    private static func walk(_ root: String, relative: String, _ found: RowSorter<String>) throws -> String? {
        guard let directory = opendir(relative.isEmpty ? root : root + "/" + relative) else { return relative }
        var entries: [(key: String, path: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let child = relative.isEmpty ? name : relative + "/" + name
            if child == OutputFolder.markerName { continue }
            var info = stat()
            let kind = lstat(root + "/" + child, &info) == 0 ? info.st_mode & S_IFMT : 0
            guard kind == S_IFDIR || kind == S_IFREG else {
                closedir(directory)
                return child
            }
            entries.append((kind == S_IFDIR ? child + "/" : child, child, kind == S_IFDIR))
        }
        closedir(directory)
        entries.sort { ByteOrder.precedes($0.key, $1.key) }
        for entry in entries {
            if entry.isFolder {
                if let strange = try walk(root, relative: entry.path, found) { return strange }
            } else {
                try found.add(entry.path)
            }
        }
        return nil
    }

    /// The bytes of one output file, read once, when they hash to what the build recorded: the
    /// bytes a deploy uploads are the bytes it checked. Otherwise the file changed since the
    /// build (something other than masthead wrote it), and the deploy stops, naming it.
    ///
    /// A social card's recorded hash names the inputs it was drawn from (the image cache's key),
    /// not its bytes: a file whose bytes do not hash to the record is accepted only when its size
    /// and modification time, to the nanosecond, are the build's before and after the read.
    package func contents(of file: LocalFile) throws -> Data {
        let data: Data
        let path = url(of: file.path).path
        let before = Status(path: path)
        do {
            data = try Data(contentsOf: url(of: file.path))
        } catch {
            throw DeployError("\(folder.path)/\(file.path) cannot be read (\(error.localizedDescription)): run masthead build again, then deploy")
        }
        let recorded = file.modified.map { Status(size: file.size, modified: $0) }
        let untouched = before != nil && before == recorded && Status(path: path) == before && data.count == before?.size
        guard Self.digest(data) == file.hash || Self.chunkedDigest(data) == file.hash || untouched else {
            throw DeployError(
                "\(folder.path)/\(file.path) changed since masthead build wrote it (its bytes are not the ones the build recorded): "
                    + "nothing was deleted; run masthead build again, then deploy")
        }
        return data
    }

    static func digest(_ data: Data) -> String { StableHash.digest(data) }

    /// The digest the build records of a copied file over 4 MiB: `StableHash.digest(fileAt:)`'s,
    /// the digest of its 4 MiB chunks' digests.
    static func chunkedDigest(_ data: Data, chunkSize: Int = 4 << 20) -> String {
        guard data.count > chunkSize else { return StableHash.digest(data) }
        var chunks = ""
        var start = data.startIndex
        while start < data.endIndex {
            let end = min(start + chunkSize, data.endIndex)
            chunks += StableHash.digest(Data(data[start..<end]))
            start = end
        }
        return StableHash.digest(chunks)
    }

    /// Whether the folder holds the marker `masthead build` writes (a file, not a link).
    static func hasMarker(_ folder: String) -> Bool {
        let path = folder + "/" + OutputFolder.markerName
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let data = FileManager.default.contents(atPath: path)
        else { return false }
        return data.starts(with: Data("masthead-output\n".utf8))
    }

    package func url(of file: String) -> URL {
        folder.appendingPathComponent(file)
    }
}
