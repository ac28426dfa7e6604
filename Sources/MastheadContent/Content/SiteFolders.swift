/// The folders and files of a site, relative to the site folder: named once here
/// (docs/content.md shows the layout).
package enum SiteFolders {
    /// Everything a site is made of except its templates.
    package static let content = "Content"
    package static let articles = "Content/articles"
    package static let pages = "Content/pages"
    package static let reports = "Content/reports"
    /// Copied to the output as they are.
    package static let staticFiles = "Content/static"
    /// Statistics files a block may name without a `datasets:` declaration.
    package static let stats = "Content/stats"
    package static let siteConfig = "Content/site.yml"
    package static let templates = "Templates"

    /// The site-relative path of a file named relative to `Content/` (`stats/a.csv`).
    package static func inContent(_ path: String) -> String {
        content + "/" + path
    }

    /// A path inside `Content/` as site.yml or a block may write it, with or without the
    /// folder in front (`Content/stats/a.csv`, `stats/a.csv`): without it.
    package static func relativeToContent(_ path: String) -> String {
        let prefix = content + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
