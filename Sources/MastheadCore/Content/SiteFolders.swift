/// The folders and files of a site, relative to the site folder: named once here.
enum SiteFolders {
    static let content = "Content"
    static let articles = "Content/articles"
    static let pages = "Content/pages"
    static let reports = "Content/reports"
    static let staticFiles = "Content/static"
    static let stats = "Content/stats"
    static let siteConfig = "Content/site.yml"
    static let templates = "Templates"
}
