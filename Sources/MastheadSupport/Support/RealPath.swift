#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `realpath(3)`: the path with every link, `.` and `..` resolved; nil (and `errno` set)
/// when something on the way is missing or loops.
package func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// `realPath` for many files in a few folders (a site copies thousands of images from its
/// image cache): each folder is resolved once, and a file that is not itself a link is that
/// folder's real path and its name. Libc's `realpath` reads every part of every path.
package final class RealPaths: Sendable {
    private let folders = OnceCache<String, String?>()

    package init() {}

    /// The file's real path and its status there; nil when it is missing or a link on the
    /// way leads nowhere. The status comes with it so the caller need not ask again.
    package func of(_ path: String) -> (path: String, status: FileStatus)? {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return resolved(path) }
        let name = path[path.index(after: slash)...]
        var info = stat()
        guard name != ".", name != "..", !name.isEmpty, lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK else {
            return resolved(path)
        }
        let folder = String(path[..<slash])
        return folders.value(for: folder) { realPath(folder) }.map { ($0 + "/" + name, FileStatus(info)) }
    }

    private func resolved(_ path: String) -> (path: String, status: FileStatus)? {
        guard let real = realPath(path), let status = FileStatus(path: real) else { return nil }
        return (real, status)
    }
}
