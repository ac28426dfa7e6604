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
public struct OutputDrift: Sendable, Equatable {
    /// Recorded files whose status is not the recorded one (or that are no longer plain files).
    public var changed: [String] = []
    /// Recorded files that are gone.
    public var missing: [String] = []
    /// Files, links, empty folders and anything else under the folder that no record names:
    /// the build did not write them (an empty folder is named with a final `/`).
    public var unlisted: [String] = []

    public var isEmpty: Bool { changed.isEmpty && missing.isEmpty && unlisted.isEmpty }

    /// The differences between the folder `output` and `recorded` (paths relative to it), in
    /// one walk: a readdir per folder and an lstat per entry. A folder that cannot be listed
    /// counts as unlisted, so nothing unseen passes for intact.
    public static func find(in output: URL, recorded: [String: BuildManifest.FileRecord]) -> OutputDrift {
        var drift = OutputDrift()
        var seen = 0
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
            drift.unlisted.append(folder + "/")
        }
        func noteProblem(_ problem: SiteTree.Problem) {
            if case .unreadableFolder(let relative, _) = problem {
                if lastFolder == relative { lastFolder = nil }
                drift.unlisted.append(relative + "/")
            }
            if case .nameNotUTF8(let folder, let name) = problem { drift.unlisted.append(folder + "/" + name) }
        }
        SiteTree.walk(root: output.standardizedFileURL.path, scope: .everything, problem: noteProblem) { entry in
            closeLastFolder(next: entry.relative)
            if entry.status.isDirectory {
                lastFolder = entry.relative
                return true
            }
            guard let record = recorded[entry.relative] else {
                drift.unlisted.append(entry.relative)
                return false
            }
            seen += 1
            if !entry.status.isRegular || !entry.status.matches(record) { drift.changed.append(entry.relative) }
            return false
        }
        closeLastFolder(next: nil)
        if seen < recorded.count {
            // A recorded file not met as a file: gone, or a folder now.
            let root = output.standardizedFileURL.path + "/"
            for path in recorded.keys {
                guard let status = FileStatus(path: root + path, followingLinks: false) else {
                    drift.missing.append(path)
                    continue
                }
                if status.isDirectory { drift.changed.append(path) }
            }
        }
        drift.changed.sort()
        drift.missing.sort()
        drift.unlisted.sort()
        return drift
    }

    /// A warning's words for what the build removed: up to five paths, then a count.
    public var unlistedSummary: String {
        let shown = unlisted.prefix(5).joined(separator: ", ")
        return unlisted.count > 5 ? "\(shown) and \(unlisted.count - 5) more" : shown
    }
}
