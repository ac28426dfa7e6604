import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Size and modification time of a file, read with one `stat` call (FileManager's
/// attribute dictionaries cost far more when a build checks thousands of files).
public struct FileStatus: Hashable, Sendable {
    public var size: Int
    /// Nanoseconds since 1970.
    public var modified: Int64
    public var isDirectory: Bool
    public var isRegular: Bool
    public var inode: UInt64

    public var isLink: Bool

    /// Follows symbolic links, as reading the file does, unless `followingLinks` is false.
    /// Nil when nothing is there.
    public init?(path: String, followingLinks: Bool = true) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        self.init(info)
    }

    /// An open file's status.
    package init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        size = Int(info.st_size)
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        let type = info.st_mode & S_IFMT
        isDirectory = type == S_IFDIR
        isRegular = type == S_IFREG
        isLink = type == S_IFLNK
        inode = UInt64(info.st_ino)
    }
}
