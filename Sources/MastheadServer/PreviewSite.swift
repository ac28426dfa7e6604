import Foundation
import MastheadSite

/// One complete built site as the server holds it: every file's bytes in memory, keyed by
/// its relative path. A value: a rebuild makes a new one and swaps it in whole, while requests
/// go on reading the one they took.
struct PreviewSite: Sendable {
    struct File: Sendable {
        var data: Data
        var contentType: String
        /// Shown with --drafts or --future although it would not be published today.
        var notice: String?
        /// The article or page file the page shows (`Content/articles/moka.md`): the preview's "Edit" link opens it.
        var source: String?
    }

    /// The files of the last full build.
    private var built: [String: File]
    /// The files patches put in or took out (nil) since. Apart from `built` because the server
    /// serves the last value while the next is made: putting a page into one table of every
    /// file would copy it whole (287,000 files at 100,000 articles, 50 ms a save).
    private var patched: [String: File?] = [:]
    /// Counts successful builds: 1 for the first.
    var number: Int

    static let empty = PreviewSite(files: [:], number: 0)
    /// Past this many patched files, they join `built` (one copy for that many saves).
    static let patchedLimit = 4096

    init(files: [String: File], number: Int) {
        built = files
        self.number = number
    }

    subscript(path: String) -> File? {
        if let file = patched[path] { return file }
        return built[path]
    }

    /// Every file, by path: a table made whole, for comparing full builds.
    var files: [String: File] {
        var files = built
        for (path, file) in patched { files[path] = file }
        return files
    }

    /// Puts `file` at `path`, or takes the file there out (nil).
    mutating func put(_ file: File?, at path: String) {
        patched.updateValue(file, forKey: path)
        guard patched.count > Self.patchedLimit else { return }
        built = files
        patched = [:]
    }

    /// Output paths of pages whose article is a draft or not yet (or no longer) published,
    /// with the banner text each carries.
    static func notices(for site: Site, now: Date) -> [String: String] {
        var notices: [String: String] = [:]
        for article in site.articles {
            let document = article.document
            let text: String?
            if document.draft {
                text = "Draft: not published. Shown because of --drafts."
            } else if (document.publishDate ?? document.date) > now {
                text =
                    "Scheduled: publishes on \(Self.day(document.publishDate ?? document.date, in: site.config.timeZone)). Shown because of --future."
            } else {
                text = nil
            }
            guard let text else { continue }
            notices[outputPath(of: article.path)] = text
        }
        return notices
    }

    /// Output paths of article and page routes, with the file each shows, in every language.
    static func sources(for site: Site) -> [String: String] {
        var sources: [String: String] = [:]
        for site in [site] + site.translations {
            for article in site.articles { sources[outputPath(of: article.path)] = article.document.sourcePath }
            for page in site.pages { sources[outputPath(of: page.path)] = page.document.sourcePath }
        }
        return sources
    }

    /// As `Route.outputPath`: `/a/` is `a/index.html`.
    static func outputPath(of sitePath: String) -> String {
        let trimmed = String(sitePath.drop { $0 == "/" })
        if trimmed.isEmpty { return "index.html" }
        return sitePath.hasSuffix("/") ? trimmed + "index.html" : trimmed
    }

    private static func day(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
