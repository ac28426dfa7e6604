import Foundation
import MastheadSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one walk over a site's folders: every build, cache check and watch lists files through it.
///
/// The one ignore rule: a name starting with `.` or `_` (editors' swap files, `.DS_Store`,
/// `_drafts/`, `_generate.py`) is not part of the published site. Walks that detect change
/// (the build cache, the preview's watch and memory) still see such files, through
/// `.everything`: site.yml may name a data file anywhere, and a change to it must be noticed.
///
/// Folders are listed with `readdir`, not FileManager: FileManager drops a name that is not
/// UTF-8 without a word, and reads a folder it may not open as empty. Both are `Problem`s,
/// so a build says which file it could not see instead of publishing a site without it.
package enum SiteTree {
    package enum Scope: Sendable {
        /// What the site publishes and reads: ignored names are skipped.
        case site
        /// Every file, for detecting change.
        case everything
    }

    package struct Entry {
        /// Relative to the site folder: `Content/articles/a.md`.
        package var relative: String
        package var absolute: String
        /// The entry itself, a link not followed.
        package var status: FileStatus
    }

    /// Something the walk could not see.
    package enum Problem: Sendable, Equatable {
        /// A folder that cannot be listed (`relative` is the folder), with the system's reason.
        case unreadableFolder(relative: String, reason: String)
        /// A name in `folder` that is not UTF-8, its bad bytes written `\xE9`.
        case nameNotUTF8(folder: String, escapedName: String)
        /// A published name holding a control character (a newline, a tab), which no web address carries.
        case nameWithControlCharacter(relative: String)

        /// The error a build reports, at the folder.
        package var diagnostic: Diagnostic {
            switch self {
            case .unreadableFolder(let relative, let reason):
                Diagnostic(.error, "cannot list this folder (\(reason)): its files would be missing from the site", file: relative)
            case .nameNotUTF8(let folder, let name):
                Diagnostic(
                    .error, "file name is not valid UTF-8: \(name) (rename it in UTF-8; Masthead cannot read or link it)", file: folder)
            case .nameWithControlCharacter(let relative):
                Diagnostic(
                    .error, "the file's name holds a control character (a newline, a tab, ...): rename it; no web address can carry it",
                    file: ControlCharacters.visible(relative))
            }
        }
    }

    package static func isIgnored(_ name: some StringProtocol) -> Bool {
        name.hasPrefix(".") || name.hasPrefix("_")
    }

    /// Calls `visit` for every entry under `folder` (relative to `siteFolder`), in name
    /// order, depth first. A folder, or a link to one, is entered when `visit` returns true.
    /// A missing `folder` has no entries; a folder that cannot be listed and a name that is
    /// not UTF-8 go to `problem` (ignored names excepted).
    package static func walk(
        _ folder: String, in siteFolder: SiteFolder, scope: Scope, problem: (Problem) -> Void = { _ in }, visit: (Entry) -> Bool
    ) {
        walk(folder, absolute: siteFolder.path(folder), scope: scope, problem: problem, visit: visit)
    }

    /// `walk` over a folder of its own (a built site), or over `folder` in it: entries' `relative`
    /// paths are relative to `root`.
    package static func walk(
        _ folder: String = "", root: String, scope: Scope, problem: (Problem) -> Void = { _ in }, visit: (Entry) -> Bool
    ) {
        walk(folder, absolute: folder.isEmpty ? root : root + "/" + folder, scope: scope, problem: problem, visit: visit)
    }

    private static func walk(
        _ relative: String, absolute: String, scope: Scope, problem: (Problem) -> Void, visit: (Entry) -> Bool
    ) {
        let entries: [(name: String, status: FileStatus?)]
        switch list(absolute, scope: scope) {
        case .success(let listing):
            for bytes in listing.notUTF8 where scope == .everything || !isIgnored(bytes) {
                problem(.nameNotUTF8(folder: relative, escapedName: escaped(bytes)))
            }
            entries = listing.entries
        case .failure(let failure):
            let code = failure.code
            // A folder the site does not have is empty; one removed mid-walk is as good as gone.
            if code != ENOENT && code != ENOTDIR { problem(.unreadableFolder(relative: relative, reason: String(cString: strerror(code)))) }
            return
        }
        for case (let name, let status?) in entries {
            let path = absolute + "/" + name
            let entry = Entry(relative: relative.isEmpty ? name : relative + "/" + name, absolute: path, status: status)
            // Walks that detect change still see it, so renaming it is noticed.
            if scope == .site && ControlCharacters.contains(name) {
                problem(.nameWithControlCharacter(relative: entry.relative))
                continue
            }
            if visit(entry), entry.status.isDirectory || entry.status.isLink {
                walk(entry.relative, absolute: entry.absolute, scope: scope, problem: problem, visit: visit)
            }
        }
    }

    private struct Listing {
        /// In name order, each with its status (nil when it went away meanwhile).
        var entries: [(name: String, status: FileStatus?)] = []
        var notUTF8: [[UInt8]] = []
    }

    private struct ListingFailure: Error {
        var code: Int32
    }

    /// The names in a folder (without `.` and `..`, and ignored ones for `.site`) with their
    /// status, or the `errno` of the failure. Each status is an lstat relative to the open
    /// folder, not FileManager's attributes: this runs for every file on every build, and the
    /// kernel then walks one part of the path, not all of them; a large folder's on every core.
    private static func list(_ absolute: String, scope: Scope) -> Result<Listing, ListingFailure> {
        errno = 0
        guard let directory = opendir(absolute) else { return .failure(ListingFailure(code: errno)) }
        defer { closedir(directory) }
        var names: [String] = []
        var listing = Listing()
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { return .failure(ListingFailure(code: errno)) }
                break
            }
            // The name's bytes up to its NUL, read in place: `entry.pointee` would copy the whole
            // `dirent`, with 256 bytes of name, but an entry takes only `d_reclen` bytes of
            // readdir's buffer, and the copy of the buffer's last one read past its end (ASan).
            let name = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let bytes = Array(UnsafeRawBufferPointer(start: name, count: strlen(name.assumingMemoryBound(to: CChar.self))))
            if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                if scope == .everything || !isIgnored(name) { names.append(name) }
            } else {
                listing.notUTF8.append(bytes)
            }
        }
        let folder = dirfd(directory)
        names.sort()
        listing.entries =
            names.count < 256
            ? names.map { ($0, FileStatus($0, inFolder: folder)) } : parallelMap(names) { ($0, FileStatus($0, inFolder: folder)) }
        return .success(listing)
    }

    private static func isIgnored(_ bytes: [UInt8]) -> Bool {
        bytes.first == UInt8(ascii: ".") || bytes.first == UInt8(ascii: "_")
    }

    /// The name with each byte that is not part of valid UTF-8 written `\xE9`, so a message can show it.
    static func escaped(_ bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            // The longest valid UTF-8 run from here, at most one scalar (4 bytes) at a time.
            var decoded: String?
            var length = 1
            for candidate in 1...min(4, bytes.count - index) {
                if let scalar = String(validating: bytes[index..<index + candidate], as: UTF8.self) {
                    decoded = scalar
                    length = candidate
                    break
                }
            }
            if let decoded {
                result += decoded
            } else {
                result += "\\x" + String(bytes[index], radix: 16, uppercase: true).leftPadded(to: 2)
            }
            index += length
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
