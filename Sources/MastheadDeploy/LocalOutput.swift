import Foundation
import MastheadCore

/// The output folder a deploy publishes, as the last successful build left it: only a folder
/// `masthead build` wrote (its marker), with the manifest that build recorded, and every file
/// still as recorded. A build that failed leaves the previous output and manifest in place, and
/// a build still writing has not replaced the folder yet, so what is deployed is always a whole site.
public struct LocalOutput: Sendable {
    public let folder: URL
    public let files: [LocalFile]
    /// The first moment the same inputs may build a different site (a scheduled article), from the manifest.
    public let validUntil: Date?

    public init(folder: URL, files: [LocalFile], validUntil: Date? = nil) {
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
        guard cache.outputIsIntact(manifest) else {
            throw DeployError("\(path) changed since masthead build wrote it: run masthead build again, then deploy")
        }
        let files = manifest.outputs.map { LocalFile(path: $0.key, size: $0.value.size, hash: $0.value.hash) }.sorted { $0.path < $1.path }
        return LocalOutput(folder: output, files: files, validUntil: manifest.validUntil)
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
