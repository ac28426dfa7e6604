import Foundation
import MastheadContent
import MastheadSupport

/// How an output folder differs from what the build that wrote it recorded (its manifest's
/// output records): files changed since (by size, modification time, change time or inode, as
/// git compares its index with the work tree), files gone, and entries the build did not write.
/// The build uses it to decide that nothing needs writing (`CachedBuild`); a
/// command that publishes the folder can use it to refuse what the build did not make.
///
/// The change time and inode catch what size and time alone miss: a page edited by hand with its
/// size kept and its time set back (`touch -r`, `rsync -t`), or a file saved over by rename.
/// Neither can be set back by any tool.
package struct OutputDrift: Sendable, Equatable {
    /// Recorded files whose status is not the recorded one (or that are no longer plain files).
    package var changed: [String] = []
    /// Recorded files that are gone.
    package var missing: [String] = []
    /// Files, links, empty folders and anything else under the folder that no record names:
    /// the build did not write them (an empty folder is named with a final `/`).
    package var unlisted: [String] = []

    package var isEmpty: Bool { changed.isEmpty && missing.isEmpty && unlisted.isEmpty }

    /// The differences between the folder `output` and `recorded` (paths relative to it). Each
    /// recorded file is looked at with one lstat, on every core; a folder is listed only when
    /// `folders` cannot vouch for it (without records, every folder is: the whole walk). A
    /// folder that cannot be listed counts as unlisted, so nothing unseen passes for intact.
    package static func find(
        in output: URL, recorded: [String: BuildManifest.FileRecord], folders: FolderRecords = FolderRecords()
    ) -> OutputDrift {
        var drift = OutputDrift()
        let root = open(output.standardizedFileURL.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if root >= 0 { close(root) } }
        let files = parallelMap(Array(recorded)) { path, record in
            (path, FileStatus(path, inFolder: root).map { $0.isRegular && $0.matches(record) })
        }
        for (path, intact) in files {
            switch intact {
            case nil: drift.missing.append(path)
            case false?: drift.changed.append(path)
            case true?: break
            }
        }
        if folders.records.isEmpty {
            drift.unlisted = unlisted(under: "", in: output, recorded: recorded, knownFolders: [:])
        } else {
            let toList = parallelMap(Array(folders.records.keys)) { folder in
                folders.mustList(folder, status: FileStatus(folder, inFolder: root)) ? folder : nil
            }
            for folder in toList.compactMap({ $0 }) {
                drift.unlisted += unlisted(under: folder, in: output, recorded: recorded, knownFolders: folders.records)
            }
        }
        drift.changed.sort()
        drift.missing.sort()
        drift.unlisted.sort()
        return drift
    }

    /// Entries under `folder` that no record names, depth first: files, links and empty folders
    /// (named with a final `/`). A folder of `knownFolders` is checked on its own, so it is not
    /// entered; an unknown one is walked whole.
    private static func unlisted(
        under folder: String, in output: URL, recorded: [String: BuildManifest.FileRecord],
        knownFolders: [String: BuildManifest.FileRecord]
    ) -> [String] {
        var unlisted: [String] = []
        // The walk goes depth first, into a folder right after visiting it: a folder is empty
        // when the next entry visited is not inside it (no build writes an empty folder).
        var lastFolder: String?
        func closeLastFolder(next: String?) {
            guard let folder = lastFolder else { return }
            lastFolder = nil
            if let next, next.utf8.count > folder.utf8.count, next.hasPrefix(folder),
                next.utf8.dropFirst(folder.utf8.count).first == UInt8(ascii: "/")
            {
                return
            }
            unlisted.append(folder + "/")
        }
        func noteProblem(_ problem: SiteTree.Problem) {
            if case .unreadableFolder(let relative, _) = problem {
                if lastFolder == relative { lastFolder = nil }
                unlisted.append(relative + "/")
            }
            if case .nameNotUTF8(let folder, let name) = problem { unlisted.append(folder + "/" + name) }
        }
        let visit = { (entry: SiteTree.Entry) -> Bool in
            closeLastFolder(next: entry.relative)
            if entry.status.isDirectory {
                if knownFolders[entry.relative] != nil { return false }
                lastFolder = entry.relative
                return true
            }
            if recorded[entry.relative] == nil { unlisted.append(entry.relative) }
            return false
        }
        SiteTree.walk(folder, root: output.standardizedFileURL.path, scope: .everything, problem: noteProblem, visit: visit)
        closeLastFolder(next: nil)
        return unlisted
    }

    /// A warning's words for what the build removed: up to five paths, then a count.
    package var unlistedSummary: String {
        let shown = unlisted.prefix(5).joined(separator: ", ")
        return unlisted.count > 5 ? "\(shown) and \(unlisted.count - 5) more" : shown
    }
}
