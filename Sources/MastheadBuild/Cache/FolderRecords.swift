import Foundation
import MastheadSupport

/// The output's folders as the build left them, and the moment they were looked at, by the
/// file system's clock. A folder whose modification and change time are still the recorded
/// ones has had no entry added, removed or renamed since (each moves both), so it need not be
/// listed: one lstat instead of a listing, as git's untracked cache does. A folder changed in
/// the clock tick in which it was looked at could change again within that tick unseen, so it
/// is listed every time ("racy", as git says of such index entries).
package struct FolderRecords: Sendable, Equatable {
    package var records: [String: BuildManifest.FileRecord] = [:]
    package var takenAt: Int64 = 0

    package init() {}

    /// Every folder holding one of `files` under `output`, and `output` itself (`""`).
    package init(of output: URL, files: some Sequence<String>) {
        takenAt = FileStatus.fileSystemNow()
        var folders: Set<String> = [""]
        for file in files {
            var path = Substring(file)
            while let slash = path.lastIndex(of: "/") {
                path = path[..<slash]
                guard folders.insert(String(path)).inserted else { break }
            }
        }
        let root = open(output.standardizedFileURL.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if root >= 0 { close(root) } }
        let found = parallelMap(Array(folders)) { folder in (folder, FileStatus(folder, inFolder: root)) }
        for case (let folder, let status?) in found where status.isDirectory {
            records[folder] = BuildManifest.FileRecord(status, hash: StableDigest())
        }
    }

    /// Whether `folder` must be listed: not a folder as recorded, or changed in the tick it was looked at.
    func mustList(_ folder: String, status: FileStatus?) -> Bool {
        guard let record = records[folder], let status, status.isDirectory, status.matches(record) else { return true }
        return record.modified >= takenAt || record.changed >= takenAt
    }
}
