import Foundation
import MastheadSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one check on symbolic links between the site folder and everything Masthead reads
/// from it (content, templates, site.yml, catalogs, statistics): a link that resolves inside
/// the site folder is read as the file it points to, so the output gets a copy, never a
/// link; a link that leads outside the site, to nothing, or round a loop is an error naming
/// the link, and nothing of its target is read. Otherwise `ln -s /etc/passwd
/// Content/static/p.txt` would publish the password file with the site.
///
/// The walk of a folder (`ContentLoader`) asks `target(ofLink:)` only for the links it meets,
/// and checks the folder it starts from with `problem(at:)`; a file named in site.yml or in
/// a block is checked whole with `problem(at:)` before it is opened.
package struct SiteFiles: Sendable {
    package let siteDirectory: URL
    /// The site folder with any link in its own path resolved (`/tmp` may itself be a link).
    package let realRoot: String

    package init(siteDirectory: URL) {
        self.siteDirectory = siteDirectory
        realRoot = realPath(siteDirectory.path) ?? siteDirectory.standardizedFileURL.path
    }

    /// Where a symbolic link leads.
    package enum LinkTarget: Sendable, Equatable {
        case insideFile
        case insideFolder
        case outside
        case nowhere
        case loop
    }

    /// Where the link at `absolute` leads (every link on the way followed).
    package func target(ofLink absolute: String) -> LinkTarget {
        errno = 0
        guard let real = realPath(absolute) else { return errno == ELOOP ? .loop : .nowhere }
        guard isInside(real) else { return .outside }
        var info = stat()
        return stat(real, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? .insideFolder : .insideFile
    }

    /// Nil when `relative` (`Content/catalogs/prizes.csv`) can be read: it passes through no
    /// link that leaves the site, dangles or loops. A path with nothing there is not this
    /// check's business: its reader reports a missing file in its own words.
    package func problem(at relative: String) -> Diagnostic? {
        let absolute = siteDirectory.path + "/" + relative
        var info = stat()
        guard lstat(absolute, &info) == 0 else { return nil }
        if let real = realPath(absolute), isInside(real) { return nil }
        // Name the link to blame: the first one on the way that does not stay inside.
        var prefix = ""
        for name in relative.split(separator: "/") {
            prefix += prefix.isEmpty ? String(name) : "/" + name
            guard lstat(siteDirectory.path + "/" + prefix, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { continue }
            let target = target(ofLink: siteDirectory.path + "/" + prefix)
            if target != .insideFile && target != .insideFolder {
                return Self.diagnostic(target, link: prefix, reading: relative)
            }
        }
        return Self.diagnostic(.outside, link: relative, reading: relative)
    }

    /// The bytes of the file at `relative`, or an error at it saying why they cannot be read
    /// (`permission denied`, `is a directory`): a file that exists is never taken as missing.
    package func read(_ relative: String) -> Result<Data, Diagnostic> {
        Self.read(absolute: siteDirectory.path + "/" + relative, reporting: relative)
    }

    /// `read(_:)` for a file named by its absolute path, reported as `relative`.
    package static func read(absolute: String, reporting relative: String) -> Result<Data, Diagnostic> {
        errno = 0
        let descriptor = open(absolute, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(cannotRead(relative, code: errno)) }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(data) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(cannotRead(relative, code: errno))
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    private static func cannotRead(_ relative: String, code: Int32) -> Diagnostic {
        Diagnostic(.error, "cannot read this file (\(String(cString: strerror(code))))", file: relative)
    }

    /// The error for a link that leads nowhere usable. Where an outside link points is not
    /// printed: the path may itself be private (a home folder, a key file's name).
    static func diagnostic(_ target: LinkTarget, link: String, reading path: String) -> Diagnostic {
        let what = link == path ? "it is" : "so \(path) is"
        let message =
            switch target {
            case .outside: "symbolic link points outside the site: \(what) not read or published (copy the file into the site instead)"
            case .nowhere: "symbolic link points to nothing: fix or remove it"
            case .loop: "symbolic link loop: the link leads back to itself; fix or remove it"
            case .insideFile, .insideFolder: "symbolic link"
            }
        return Diagnostic(.error, message, file: link)
    }

    /// A path under the site folder as the site knows it (`Content/static/p.txt`), for messages.
    package func relative(_ absolute: String) -> String {
        for root in [siteDirectory.path, siteDirectory.standardizedFileURL.path, realRoot] where absolute.hasPrefix(root + "/") {
            return String(absolute.dropFirst(root.count + 1))
        }
        return absolute
    }

    /// Whether an absolute path with every link resolved lies in the site folder.
    package func isInside(_ real: String) -> Bool {
        real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
    }
}

/// The system's `read`, which `SiteFiles.read` hides by name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
