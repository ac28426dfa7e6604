#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Finds the files of a site folder, in a stable order.
public enum ContentLoader {
    /// Text sources (articles, pages) read into memory.
    public static func sources(in folder: String, siteDirectory: URL, extensions: Set<String>) -> ([SourceFile], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var paths: [String] = []
        for path in files(in: folder, siteDirectory: siteDirectory, diagnostics: &diagnostics) {
            let ext = path.lowercasedPathExtension
            guard extensions.contains(ext) else {
                diagnostics.append(Diagnostic(.warning, "ignored: only \(extensions.sorted().joined(separator: ", ")) files are read here", file: path))
                continue
            }
            paths.append(path)
        }
        // Read on every core: a large site's preview rebuild reads thousands of files.
        let read = parallelMap(paths) { path in FileManager.default.contents(atPath: siteDirectory.appendingPathComponent(path).path) }
        var sources: [SourceFile] = []
        sources.reserveCapacity(paths.count)
        for (path, data) in zip(paths, read) {
            guard let data else {
                diagnostics.append(Diagnostic(.error, "cannot read this file", file: path))
                continue
            }
            sources.append(SourceFile(path: path, data: data))
        }
        return (sources, diagnostics)
    }

    /// Relative paths (`Content/static/images/a.svg`) of every regular file under `folder`,
    /// sorted. Hidden files and names starting with `_` are skipped. A link to a file inside
    /// the site counts as that file; links to folders are not followed, so a link loop cannot
    /// trap the walk; a link out of the site, to nothing or round a loop is an error and is
    /// left out (`SiteFiles`).
    public static func files(in folder: String, siteDirectory: URL, diagnostics: inout [Diagnostic]) -> [String] {
        let siteFiles = SiteFiles(siteDirectory: siteDirectory)
        if let problem = siteFiles.problem(at: folder) {
            diagnostics.append(problem)
            return []
        }
        var result: [String] = []
        walk(folder, siteFiles: siteFiles, into: &result, diagnostics: &diagnostics)
        return result.sorted()
    }

    private static func walk(_ relative: String, siteFiles: SiteFiles, into result: inout [String], diagnostics: inout [Diagnostic]) {
        let absolute = siteFiles.siteDirectory.appendingPathComponent(relative).path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { return }
        for name in names.sorted() where !name.hasPrefix(".") && !name.hasPrefix("_") {
            let childRelative = relative + "/" + name
            let childAbsolute = absolute + "/" + name
            // lstat, not FileManager's attributes: this runs for every file on every build.
            var info = stat()
            guard lstat(childAbsolute, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                walk(childRelative, siteFiles: siteFiles, into: &result, diagnostics: &diagnostics)
            case S_IFREG:
                result.append(childRelative)
            case S_IFLNK:
                switch siteFiles.target(ofLink: childAbsolute) {
                case .insideFile:
                    result.append(childRelative)
                case .insideFolder:
                    diagnostics.append(Diagnostic(.warning, "symbolic link not followed: it points to a folder", file: childRelative))
                case let problem:
                    diagnostics.append(SiteFiles.diagnostic(problem, link: childRelative, reading: childRelative))
                }
            default:
                continue
            }
        }
    }
}
