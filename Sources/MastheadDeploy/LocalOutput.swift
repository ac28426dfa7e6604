import Foundation
import MastheadCore
import MastheadSupport

/// The output folder a deploy publishes, as the last successful build left it: only a folder
/// `masthead build` wrote (its marker), with the manifest that build recorded, and every file
/// still as recorded. A build that failed leaves the previous output and manifest in place, and
/// a build still writing has not replaced the folder yet, so what is deployed is always a whole site.
public struct LocalOutput: Sendable {
    public let folder: URL
    public let files: [LocalFile]
    /// The first moment the same inputs may build a different site (a scheduled article), from the manifest.
    public let validUntil: Date?
    /// Each file's size and modification time (nanoseconds) as the build recorded them.
    let statuses: [String: Status]

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

    public init(folder: URL, files: [LocalFile], validUntil: Date? = nil) {
        self.init(folder: folder, files: files, validUntil: validUntil, statuses: [:])
    }

    init(folder: URL, files: [LocalFile], validUntil: Date?, statuses: [String: Status]) {
        self.statuses = statuses
        self.folder = folder
        self.files = files
        self.validUntil = validUntil
    }

    public static func load(siteDirectory: URL, output: URL) throws -> LocalOutput {
        let path = output.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw DeployError("\(path) does not exist: run masthead build first")
        }
        guard hasMarker(path) else {
            throw DeployError(
                "\(path) was not written by masthead build (it has no \(OutputFolder.markerName) file): deploy publishes only a folder it built")
        }
        let cache = BuildCache(siteDirectory: siteDirectory, output: output)
        guard let manifest = cache.loadManifest() else {
            throw DeployError("no build record for \(path) in \(siteDirectory.path)/\(BuildCache.folder): run masthead build, then deploy")
        }
        if let changed = manifest.outputs.keys.sorted().first(where: { file in
            Status(path: path + "/" + file) != Status(size: manifest.outputs[file]!.size, modified: manifest.outputs[file]!.modified)
        }) {
            throw DeployError(
                "\(path)/\(ControlCharacters.visible(changed)) changed since masthead build wrote it (or is gone): nothing was uploaded; "
                    + "run masthead build again, then deploy")
        }
        if let strange = manifest.outputs.keys.sorted().first(where: ControlCharacters.contains) {
            throw DeployError(
                "\(path)/\(ControlCharacters.visible(strange)): the file's name holds a control character (a newline, a tab), "
                    + "which no web address carries: rename its source, build again, then deploy")
        }
        if let stranger = firstUnlisted(in: path, outputs: manifest.outputs) {
            throw DeployError(
                "\(path)/\(ControlCharacters.visible(stranger)) was not written by masthead build: deploy publishes only what the build wrote. "
                    + "Put the file in the site's static files and build again, or remove it")
        }
        let files = manifest.outputs.map { LocalFile(path: $0.key, size: $0.value.size, hash: $0.value.hash) }.sorted { $0.path < $1.path }
        return LocalOutput(
            folder: output, files: files, validUntil: manifest.validUntil,
            statuses: manifest.outputs.mapValues { Status(size: $0.size, modified: $0.modified) })
    }

    /// The first entry of the output folder (sorted) the build did not record: a file put there
    /// by hand, or a link. The marker is the build's own.
    static func firstUnlisted(in folder: String, outputs: [String: BuildManifest.FileRecord]) -> String? {
        var stack = [""]
        while let relative = stack.popLast() {
            let absolute = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { return relative }
            for name in names.sorted().reversed() {
                let child = relative.isEmpty ? name : relative + "/" + name
                if child == OutputFolder.markerName { continue }
                var info = stat()
                guard lstat(folder + "/" + child, &info) == 0 else { return child }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: stack.append(child)
                case S_IFREG: if outputs[child] == nil { return child }
                default: return child
                }
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
    public func contents(of file: String, hash: String) throws -> Data {
        let data: Data
        let path = url(of: file).path
        let before = Status(path: path)
        do {
            data = try Data(contentsOf: url(of: file))
        } catch {
            throw DeployError("\(folder.path)/\(file) cannot be read (\(error.localizedDescription)): run masthead build again, then deploy")
        }
        let untouched = before != nil && before == statuses[file] && Status(path: path) == before && data.count == before?.size
        guard Self.digest(data) == hash || Self.chunkedDigest(data) == hash || untouched else {
            throw DeployError(
                "\(folder.path)/\(file) changed since masthead build wrote it (its bytes are not the ones the build recorded): "
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

    public func url(of file: String) -> URL {
        folder.appendingPathComponent(file)
    }
}
