import Foundation
import MastheadContent
import MastheadSupport

#if canImport(Glibc)
import Glibc
#endif

/// Puts a build's changes into its output folder in place: the files the build no longer makes
/// are removed, then every file of the staging folder (the new and changed ones) is renamed over
/// its old self. A journal written into the staging folder before the first change lists the
/// removals; a commit stopped half-way (the process killed) is finished by the next build
/// (`finishInterrupted`) before it looks at the folder. So a failed build leaves the old site,
/// a stopped commit is completed, and the folder is a mix of old and new pages only while the
/// renames run: milliseconds for an edit, where replacing the folder whole meant linking and
/// removing every one of its files.
enum OutputCommit {
    static let journalName = ".masthead-commit"
    static let journalFirstLine = "masthead-commit 1"

    /// Removes `removals` from `target` (paths relative to it; an empty folder's ends in `/`),
    /// then moves every file of `staging` into `target`, then removes `staging`.
    static func apply(staging: String, target: String, removals: [String]) throws {
        // One path a line, escaped as the manifest escapes them: a file someone put in the output may have a newline in its name.
        let journal = journalFirstLine + "\n" + removals.map(BuildManifest.escape).joined(separator: "\n")
        let temporary = staging + "/" + journalName + ".tmp"
        do {
            try Data(journal.utf8).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, staging + "/" + journalName) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            throw OutputWriter.Failure(description: "cannot start putting the new site in \(target): \(OutputWriter.Staging.reason(error))")
        }
        try run(staging: staging, target: target, removals: removals)
    }

    /// Whether `staging` holds the journal of a commit that was started.
    static func isJournaled(_ staging: String) -> Bool {
        guard let text = try? String(contentsOfFile: staging + "/" + journalName, encoding: .utf8) else { return false }
        return text == journalFirstLine || text.hasPrefix(journalFirstLine + "\n")
    }

    /// Finishes the commit a stopped build left in `target`'s staging folder, if any.
    static func finishInterrupted(target: String) throws {
        let staging = target + OutputWriter.Staging.newSuffix
        guard isJournaled(staging), let text = try? String(contentsOfFile: staging + "/" + journalName, encoding: .utf8) else { return }
        let removals = text.split(separator: "\n", omittingEmptySubsequences: true).dropFirst().map(BuildManifest.unescape)
        try run(staging: staging, target: target, removals: removals)
    }

    /// Every step can be run again: a path already removed or moved is skipped.
    private static func run(staging: String, target: String, removals: [String]) throws {
        var problems = parallelMap(removals) { path in remove(target + "/" + path).map { "\(path): \($0)" } }.compactMap { $0 }
        pruneEmptyFolders(Set(removals.map(parent)), in: target)
        var moves: [String] = []
        SiteTree.walk(root: staging, scope: .everything) { entry in
            if entry.status.isDirectory { return true }
            if entry.relative != journalName && !sameMarker(entry.relative, staging: staging, target: target) { moves.append(entry.relative) }
            return false
        }
        let madeFolders = OnceCache<String, Bool>()
        problems += parallelMap(moves) { path in
            move(path, from: staging, to: target, madeFolders: madeFolders).map { "\(path): \($0)" }
        }.compactMap { $0 }
        problems.sort()
        guard problems.isEmpty else {
            // The journal stays: the next build tries again.
            throw OutputWriter.Failure(
                description: "cannot put the new site in \(target): \(problems.prefix(3).joined(separator: "; "))"
                    + (problems.count > 3 ? " and \(problems.count - 3) more" : ""))
        }
        unlink(staging + "/" + journalName)
        try? FileManager.default.removeItem(atPath: staging)
    }

    /// Whether `path` is the output's marker with the bytes it has already: every staging folder
    /// holds one (so a stopped build's is known as Masthead's), but the output's is left as it is.
    private static func sameMarker(_ path: String, staging: String, target: String) -> Bool {
        guard path == OutputFolder.markerName, let staged = FileManager.default.contents(atPath: staging + "/" + path) else { return false }
        return FileManager.default.contents(atPath: target + "/" + path) == staged
    }

    /// Removes a file, a link, or (written with a final `/`, or found to be one) a folder and what
    /// it holds; nil when done or nothing was there, else the system's reason.
    private static func remove(_ path: String) -> String? {
        let plain = path.hasSuffix("/") ? String(path.dropLast()) : path
        if unlink(plain) == 0 || errno == ENOENT { return nil }
        guard errno == EISDIR || errno == EPERM else { return String(cString: strerror(errno)) }
        do {
            try FileManager.default.removeItem(atPath: plain)
            return nil
        } catch {
            return OutputWriter.Staging.reason(error)
        }
    }

    /// Removes the folders that removing files left empty, deepest first; never `target` itself.
    private static func pruneEmptyFolders(_ folders: Set<String>, in target: String) {
        var candidates = Set<String>()
        for folder in folders {
            var path = Substring(folder)
            while !path.isEmpty, candidates.insert(String(path)).inserted {
                path = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            }
        }
        for folder in candidates.sorted(by: { $0.utf8.count > $1.utf8.count }) {
            rmdir(target + "/" + folder)
        }
    }

    /// Renames one staged file into place, making its folders; a file or folder in their way is
    /// one the new site no longer has (it was on the removal list, or appeared since) and goes.
    private static func move(_ path: String, from staging: String, to target: String, madeFolders: OnceCache<String, Bool>) -> String? {
        let parentPath = parent(path)
        if !parentPath.isEmpty {
            do {
                _ = try madeFolders.value(for: parentPath) {
                    try makeFolders(parentPath, in: target)
                    return true
                }
            } catch {
                return OutputWriter.Staging.reason(error)
            }
        }
        let source = staging + "/" + path
        let destination = target + "/" + path
        if Glibc.rename(source, destination) == 0 { return nil }
        guard errno == EISDIR || errno == ENOTEMPTY || errno == EEXIST, remove(destination + "/") == nil,
            Glibc.rename(source, destination) == 0
        else { return String(cString: strerror(errno)) }
        return nil
    }

    /// Makes `folder` and its parents inside `target`, replacing a file that stands where a folder must be.
    private static func makeFolders(_ folder: String, in target: String) throws {
        var path = target
        for name in folder.split(separator: "/") {
            path += "/" + name
            if mkdir(path, 0o755) == 0 { continue }
            guard errno == EEXIST else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            if FileStatus(path: path, followingLinks: false)?.isDirectory == true { continue }
            // Another worker may be replacing the same file.
            guard unlink(path) == 0 || errno == ENOENT, mkdir(path, 0o755) == 0 || errno == EEXIST else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }
    }

    private static func parent(_ path: String) -> String {
        let plain = path.hasSuffix("/") ? path.dropLast() : Substring(path)
        return plain.lastIndex(of: "/").map { String(plain[..<$0]) } ?? ""
    }
}
