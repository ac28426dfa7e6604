import Foundation

/// The one walk over a site's folders: every build, cache check and watch lists files through it.
///
/// The one ignore rule: a name starting with `.` or `_` (editors' swap files, `.DS_Store`,
/// `_drafts/`, `_generate.py`) is not part of the published site. Walks that detect change
/// (the build cache, the preview's watch and memory) still see such files, through
/// `.everything`: site.yml may name a data file anywhere, and a change to it must be noticed.
public enum SiteTree {
    public enum Scope: Sendable {
        /// What the site publishes and reads: ignored names are skipped.
        case site
        /// Every file, for detecting change.
        case everything
    }

    public struct Entry {
        /// Relative to the site folder: `Content/articles/a.md`.
        public var relative: String
        public var absolute: String
        /// The entry itself, a link not followed.
        public var status: FileStatus
    }

    public static func isIgnored(_ name: some StringProtocol) -> Bool {
        name.hasPrefix(".") || name.hasPrefix("_")
    }

    /// Calls `visit` for every entry under `folder` (relative to `siteDirectory`), in name
    /// order, depth first. A folder, or a link to one, is entered when `visit` returns true.
    public static func walk(_ folder: String, in siteDirectory: URL, scope: Scope, visit: (Entry) -> Bool) {
        walk(folder, absolute: siteDirectory.appendingPathComponent(folder).path, scope: scope, visit: visit)
    }

    private static func walk(_ relative: String, absolute: String, scope: Scope, visit: (Entry) -> Bool) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { return }
        for name in names.sorted() where scope == .everything || !isIgnored(name) {
            let path = absolute + "/" + name
            // lstat, not FileManager's attributes: this runs for every file on every build.
            guard let status = FileStatus(path: path, followingLinks: false) else { continue }
            let entry = Entry(relative: relative + "/" + name, absolute: path, status: status)
            if visit(entry), entry.status.isDirectory || entry.status.isLink {
                walk(entry.relative, absolute: entry.absolute, scope: scope, visit: visit)
            }
        }
    }
}
