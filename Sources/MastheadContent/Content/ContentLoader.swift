import Foundation
import MastheadSupport

/// Finds the files of a site folder, in a stable order.
package enum ContentLoader {
    /// Relative paths of the files under `folder` with one of `extensions` (articles, pages),
    /// sorted; a warning for each other file.
    package static func paths(in folder: String, siteFolder: SiteFolder, extensions: Set<String>) -> ([String], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var paths: [String] = []
        for path in files(in: folder, siteFolder: siteFolder, diagnostics: &diagnostics) {
            guard extensions.contains(path.lowercasedPathExtension) else {
                diagnostics.append(
                    Diagnostic(.warning, "ignored: only \(extensions.sorted().joined(separator: ", ")) files are read here", file: path))
                continue
            }
            paths.append(path)
        }
        return (paths, diagnostics)
    }

    /// Relative paths (`Content/static/images/a.svg`) of every regular file under `folder`,
    /// sorted. Names `SiteTree` ignores (`.x`, `_x`) are skipped. A link to a file inside
    /// the site counts as that file; links to folders are not followed, so a link loop cannot
    /// trap the walk; a link out of the site, to nothing or round a loop is an error and is
    /// left out (`SiteFolder`). A folder that cannot be listed and a name that is not UTF-8
    /// are errors at their folder.
    package static func files(in folder: String, siteFolder: SiteFolder, diagnostics: inout [Diagnostic]) -> [String] {
        if let problem = siteFolder.problem(at: folder) {
            diagnostics.append(problem)
            return []
        }
        var result: [String] = []
        // A folder that cannot be listed, or a name that is not UTF-8, is an error: the site
        // would otherwise be published without the files nobody could see.
        let walkProblem = { (problem: SiteTree.Problem) in diagnostics.append(problem.diagnostic) }
        SiteTree.walk(folder, in: siteFolder, scope: .site, problem: walkProblem) { entry in
            if entry.status.isDirectory { return true }
            if entry.status.isRegular {
                result.append(entry.relative)
            } else if entry.status.isLink {
                switch siteFolder.target(ofLink: entry.absolute) {
                case .insideFile:
                    result.append(entry.relative)
                case .insideFolder:
                    diagnostics.append(Diagnostic(.warning, "symbolic link not followed: it points to a folder", file: entry.relative))
                case let problem:
                    diagnostics.append(SiteFolder.diagnostic(problem, link: entry.relative, reading: entry.relative))
                }
            }
            return false
        }
        return result.sorted()
    }
}
