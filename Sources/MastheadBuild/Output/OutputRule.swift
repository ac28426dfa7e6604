import Foundation
import MastheadContent
import MastheadSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one rule on where a command of Masthead may write, for the build's output folder
/// (`OutputWriter.checkSafe`) and for a single file (the standalone report, `writeFile`):
/// never `/`, the site folder or a folder holding it, never inside `Content/`, `Templates/`,
/// `.git` or `.masthead`, never over a folder, and never over a file Masthead did not write
/// unless `--force` says so. A file is written whole beside its target and renamed over it,
/// so a failure leaves the old file as it was.
package enum OutputRule {
    /// Why nothing may be written at `out` (a path with every link resolved), or nil.
    /// `what` names what would be written there: "the site", "the report".
    static func protectedReason(_ out: String, site: String, writing what: String) -> String? {
        let protected = [site, site + "/" + SiteFolders.content, site + "/" + SiteFolders.templates]
        if out == "/" { return "refusing to write \(what) to / (choose an empty or a build folder)" }
        if protected.contains(out) { return "refusing to replace \(out): it holds the site's sources" }
        if site.hasPrefix(out + "/") { return "refusing to replace \(out): it contains the site folder" }
        for folder in protected.dropFirst() where out.hasPrefix(folder + "/") {
            return "refusing to write \(what) inside \(folder): it holds the site's sources"
        }
        // Folders the site keeps beside its sources: a write there would replace what they hold.
        for (name, holds) in [(BuildCache.folder, "Masthead's build and image caches"), (".git", "the site's version history")] {
            let folder = site + "/" + name
            if out == folder || out.hasPrefix(folder + "/") { return "refusing to write \(what) in \(out): \(folder) holds \(holds)" }
        }
        return nil
    }

    /// A path with every link in it resolved; for a path that does not exist yet, its folder's.
    static func resolved(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        if let real = realPath(path) { return real }
        let folder = url.standardizedFileURL.deletingLastPathComponent().path
        return (realPath(folder) ?? folder) + "/" + url.lastPathComponent
    }

    /// Why `target` may not be written as one file, or nil. An existing regular file is replaced
    /// only when `isOurs` finds Masthead's mark in its first bytes, or with `force`; anything
    /// else there (a folder, a link, a FIFO, a device) never. Nothing is opened but a regular file.
    package static func fileProblem(_ target: URL, siteFolder: SiteFolder, force: Bool, isOurs: (Data) -> Bool) -> String? {
        let path = target.standardizedFileURL.path
        let site = siteFolder.realRoot
        if let reason = protectedReason(resolved(target), site: site, writing: "the report") { return reason }
        var info = stat()
        let folder = target.standardizedFileURL.deletingLastPathComponent().path
        guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            return "cannot write \(path): the folder \(folder) does not exist"
        }
        guard lstat(path, &info) == 0 else { return nil }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else {
            return "refusing to replace \(path): it is \(kind.description), not a file masthead wrote"
        }
        if force || isOurs(firstBytes(path, count: 4096)) { return nil }
        return "refusing to replace \(path): it was not written by masthead (it has no mark of a standalone report)."
            + " Choose another name, or pass --force to replace it"
    }

    /// Writes `data` as `target` after `fileProblem`'s checks: into a new file beside it, then
    /// renamed over it (rename(2)), so the old file stays whole until the new one is.
    package static func writeFile(_ data: Data, to target: URL, siteFolder: SiteFolder, force: Bool, isOurs: (Data) -> Bool) throws {
        if let problem = fileProblem(target, siteFolder: siteFolder, force: force, isOurs: isOurs) {
            throw OutputWriter.Failure(description: problem)
        }
        let path = target.standardizedFileURL.path
        let folder = target.standardizedFileURL.deletingLastPathComponent().path
        let temporary = folder + "/.\(target.lastPathComponent).masthead-new-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw OutputWriter.Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        var failure: String?
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count, failure == nil, let base = buffer.baseAddress {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno != EINTR { failure = String(cString: strerror(errno)) }
                } else {
                    offset += written
                }
            }
        }
        // On disk before the rename: a crash must leave the old file or the new one, whole.
        if failure == nil && fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        if close(descriptor) != 0 && failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil && rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw OutputWriter.Failure(description: "cannot write \(path): \(failure)")
        }
    }

    /// Up to `count` bytes from the start of a regular file (which a read never blocks on).
    private static func firstBytes(_ path: String, count: Int) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: count)) ?? Data()
    }
}
