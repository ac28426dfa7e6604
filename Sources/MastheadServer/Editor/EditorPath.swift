import Foundation
import MastheadContent
import MastheadSupport

/// The one check on every path the editor is asked to read or write: relative to the site,
/// inside `Content/`, without `..`, `.`, empty parts, backslashes or NUL, and reaching no
/// symbolic link that leads out of the site (`SiteFolder`, the build's own check).
enum EditorPath {
    struct Refusal: Error, Sendable, Equatable {
        var message: String
    }

    static let documentExtensions: Set<String> = ["md", "markdown", "html", "htm"]

    /// `relative` as given when it is safe to read or write, under `root` (`Content/`, or the image folder).
    static func check(_ relative: String, under root: String = "Content/", siteFolder: SiteFolder) -> Result<String, Refusal> {
        if relative.hasPrefix("/") || relative.hasPrefix("~") {
            return .failure(Refusal(message: "refused: \(shown(relative)) is an absolute path; the editor takes paths inside the site"))
        }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) || relative.contains("\\") || relative.contains("\0") {
            return .failure(Refusal(message: "refused: \(shown(relative)) leaves its folder (.., . or an empty part)"))
        }
        guard relative.hasPrefix(root) else {
            return .failure(Refusal(message: "refused: \(shown(relative)) is not under \(root): the editor writes only there"))
        }
        // The deepest part that exists must resolve inside the site; a link on the way that
        // leaves it is refused even when the file itself does not exist yet.
        var existing = relative
        while !existing.isEmpty {
            var info = stat()
            if lstat(siteFolder.path(existing), &info) == 0 { break }
            existing = existing.split(separator: "/").dropLast().joined(separator: "/")
        }
        if !existing.isEmpty, let problem = siteFolder.problem(at: existing) {
            return .failure(Refusal(message: "refused: \(problem.file): \(problem.message)"))
        }
        return .success(relative)
    }

    /// An article or page file the editor may open: a document under `Content/articles/` or `Content/pages/`.
    static func document(_ relative: String, siteFolder: SiteFolder) -> Result<String, Refusal> {
        check(relative, siteFolder: siteFolder).flatMap { path in
            let isDocument =
                (path.hasPrefix("Content/articles/") || path.hasPrefix("Content/pages/"))
                && documentExtensions.contains(path.lowercasedPathExtension)
            return isDocument ? .success(path) : .failure(Refusal(message: "refused: \(shown(path)) is not an article or page file"))
        }
    }

    /// For messages: at most 200 printable characters of what was sent.
    static func shown(_ text: String) -> String {
        "\"" + String(text.unicodeScalars.prefix(200).filter { $0.value >= 0x20 && $0.value != 0x7f }.map(Character.init)) + "\""
    }
}
