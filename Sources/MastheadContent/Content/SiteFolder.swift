import Foundation
import MastheadSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The site folder (`--site`): made once where a command or test names it, carried in
/// `BuildIdentity`, and the only way Masthead reaches the site's files, so its rules cannot
/// be skipped. A path in the site is always relative to it (`Content/articles/moka.md`) and
/// joined here (`url(_:)`, `path(_:)`).
///
/// Its rule on symbolic links: a link that resolves inside the site folder is read as the file
/// it points to, so the output gets a copy, never a link; a link that leads outside the site
/// (`..` included), to nothing, or round a loop is an error naming the link, and nothing of its
/// target is read. Otherwise `ln -s /etc/passwd Content/static/p.txt` would publish the password
/// file with the site.
///
/// The walk of a folder (`ContentLoader`, `SiteTree`) asks `target(ofLink:)` only for the links it
/// meets, and checks the folder it starts from with `problem(at:)`; a file named in site.yml or
/// in a block is checked whole with `problem(at:)` before it is opened (`read(_:)` does both).
public struct SiteFolder: Sendable, Hashable {
    /// The folder, absolute and standardized (`/home/ed/magazine`).
    package let url: URL
    /// The site folder with any link in its own path resolved (`/tmp` may itself be a link).
    package let realRoot: String

    /// The folder at `url`, made absolute from the working folder when it is relative.
    public init(_ url: URL) {
        let absolute = url.standardizedFileURL
        self.url = absolute
        realRoot = realPath(absolute.path) ?? absolute.path
    }

    /// The folder's absolute path.
    package var path: String { url.path }

    /// The folder's own name, with links in its path resolved (`magazine`).
    package var name: String { URL(fileURLWithPath: realRoot).lastPathComponent }

    /// The absolute path of `relative`, a path in the site (`Content/static`, `.masthead`).
    package func path(_ relative: String) -> String {
        relative.isEmpty ? path : path + "/" + relative
    }

    /// The URL of `relative`, a path in the site (`Content/static`, `.masthead`).
    package func url(_ relative: String) -> URL {
        URL(fileURLWithPath: path(relative))
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
    /// link that leaves the site, dangles or loops, and no `..` takes it out of the folder. A
    /// path with nothing there is not this check's business: its reader reports a missing file
    /// in its own words.
    package func problem(at relative: String) -> Diagnostic? {
        let absolute = path(relative)
        var info = stat()
        guard lstat(absolute, &info) == 0 else { return nil }
        if let real = realPath(absolute), isInside(real) { return nil }
        // Name the link to blame: the first one on the way that does not stay inside.
        var prefix = ""
        for name in relative.split(separator: "/") {
            prefix += prefix.isEmpty ? String(name) : "/" + name
            guard lstat(path(prefix), &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { continue }
            let target = target(ofLink: path(prefix))
            if target != .insideFile && target != .insideFolder {
                return Self.diagnostic(target, link: prefix, reading: relative)
            }
        }
        return Self.diagnostic(.outside, link: relative, reading: relative)
    }

    /// The bytes of the file at `relative`, or an error at it saying why they cannot be read
    /// (`permission denied`, `is a directory`): a file that exists is never taken as missing.
    package func read(_ relative: String) -> Result<Data, Diagnostic> {
        Self.read(absolute: path(relative), reporting: relative)
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
        for root in [path, realRoot] where absolute.hasPrefix(root + "/") {
            return String(absolute.dropFirst(root.count + 1))
        }
        return absolute
    }

    /// Whether an absolute path with every link resolved lies in the site folder.
    package func isInside(_ real: String) -> Bool {
        real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
    }
}

/// The system's `read`, which `SiteFolder.read` hides by name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
