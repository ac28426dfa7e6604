import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Size, modification time, change time and inode of a file, read with one `stat` call
/// (FileManager's attribute dictionaries cost far more when a build checks thousands of files).
package struct FileStatus: Hashable, Sendable {
    package var size: Int
    /// Nanoseconds since 1970.
    package var modified: Int64
    /// The change time (ctime), nanoseconds since 1970: moved by every write, rename, link or
    /// `chmod`, and, unlike the modification time, never set back by a tool (rsync -t, tar, touch -d).
    package var changed: Int64
    package var isDirectory: Bool
    package var isRegular: Bool
    package var inode: UInt64
    /// How many names the file has: above 1 for a hard link (an output linked from the image
    /// cache), whose change time any of its other names can move.
    package var linkCount: UInt64

    package var isLink: Bool

    /// Follows symbolic links, as reading the file does, unless `followingLinks` is false.
    /// Nil when nothing is there.
    package init?(path: String, followingLinks: Bool = true) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        self.init(info)
    }

    /// The status of `relative`, a path inside the open folder `folder`, links not followed: the
    /// kernel walks only the relative path's parts (checking every file of a site, the walk is
    /// most of an lstat's time).
    package init?(_ relative: String, inFolder folder: Int32) {
        var info = stat()
        guard fstatat(folder, relative.isEmpty ? "." : relative, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
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
        changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        let type = info.st_mode & S_IFMT
        isDirectory = type == S_IFDIR
        isRegular = type == S_IFREG
        isLink = type == S_IFLNK
        inode = UInt64(info.st_ino)
        linkCount = UInt64(info.st_nlink)
    }

    /// Now, in nanoseconds since 1970, by the clock the kernel stamps files with (the coarse one,
    /// on Linux): a file changed after this moment has a modification and change time at or after it.
    package static func fileSystemNow() -> Int64 {
        var now = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        #else
        clock_gettime(CLOCK_REALTIME, &now)
        #endif
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}

/// What a path is, in words for messages ("it is a FIFO"): a path that should be a file but
/// is a folder, a FIFO or a device is named as such, and never opened for reading (a FIFO
/// blocks the reader until someone writes to it).
package enum FileKind: Sendable, Equatable, CustomStringConvertible {
    case regular, folder, symbolicLink, fifo, characterDevice, blockDevice, socket, unknown

    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .unknown
        }
    }

    /// What is at `path`, links followed (as reading it would) unless `followingLinks` is false; nil when nothing is.
    package init?(path: String, followingLinks: Bool = true) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        self.init(mode: info.st_mode)
    }

    package var description: String {
        switch self {
        case .regular: "a file"
        case .folder: "a folder"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (a named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .unknown: "not a regular file"
        }
    }
}
