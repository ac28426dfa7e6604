import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a deploy keeps its temporary files (sorted rows, rsync's file lists, the record read back): one folder of
/// the system's temporary folder named by the process, `masthead-deploy-<pid>`. A deploy killed before it could
/// clean up leaves that one folder, and the next deploy removes it, its process being gone.
package enum DeployScratch {
    static let prefix = "masthead-deploy-"

    /// Made on first use, after the folders of deploys whose process is gone are removed.
    static let folder: URL = {
        let temporary = FileManager.default.temporaryDirectory
        removeAbandoned(in: temporary)
        let folder = temporary.appendingPathComponent(prefix + String(getpid()))
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// A new name inside the folder, for a file or a folder of one step of the deploy.
    static func newURL(suffix: String = "") -> URL {
        folder.appendingPathComponent(UUID().uuidString + suffix)
    }

    /// Removes the folder, once the deploy is over: for a process that deploys once (the command line), not for
    /// one running deploys side by side (the tests), which leaves it to the next process.
    package static func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// `masthead-deploy-<pid>` folders of processes that no longer run (killed deploys); nothing else is touched.
    static func removeAbandoned(in temporary: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
    }
}
