import Foundation
import MastheadImages
import MastheadSite
import MastheadSupport

/// What the values of one build read and compute once: the site, its formatters, and the
/// small lists every page repeats (site values, categories, tags). Values hold it; it holds
/// no value that holds it, so nothing cycles. Immutable, so shared by the render workers.
final class TemplateSource: Sendable {
    let site: Site
    let format: SiteFormatter
    let labels: Labels
    let siteFeedURL: String
    let home: String
    /// The year of the newest article: `site.year`.
    let year: Int?
    let menu: [LinkValues]
    /// `CategoryValues` by index into `site.categories`.
    let categories: [CategoryValues]
    /// `TagValues` by index into `site.tags`.
    let tags: [TagValues]
    /// For each article, the index of its category in `site.categories`.
    let articleCategory: [Int?]
    let tagsBySlug: [String: Int]
    /// Processed images and social cards (`ImageStage`).
    let images: SiteImages
    /// The theme's words in this site's language (`Templates/i18n/`), nil when it has none.
    let strings: TemplateStringValues?

    var config: SiteConfig { site.config }

    init(site: Site, images: SiteImages = SiteImages(), strings: TemplateStrings = TemplateStrings()) {
        self.site = site
        self.images = images
        let config = site.config
        self.strings = strings.table(for: config.language, defaultLanguage: config.languages.first?.code ?? config.language)
            .map(TemplateStringValues.init)
        format = SiteFormatter(language: config.language, timeZone: config.timeZone)
        labels = Labels(language: config.language)
        siteFeedURL = config.link(forPath: config.languagePath("/feed.xml"))
        home = config.link(forPath: config.languagePath("/"))
        year = site.articles.first.map { [format] in format.year($0.document.date) }
        menu = config.menu.map { LinkValues(title: $0.title, url: $0.url.hasPrefix("/") ? config.link(forPath: $0.url) : $0.url) }
        categories = site.categories.map { CategoryValues($0, config: config) }
        tags = site.tags.map { TagValues($0, config: config) }
        let categoriesBySlug = Dictionary(
            site.categories.indices.map { (site.categories[$0].config.slug, $0) },
            uniquingKeysWith: { first, _ in first })
        // By index, not by element: a closure taking each article would copy all 10,000 of them
        // (every render makes a TemplateSource, a preview patch's of a few pages too).
        articleCategory = site.articles.indices.map { site.articles[$0].category.flatMap { categoriesBySlug[$0.slug] } }
        tagsBySlug = Dictionary(site.tags.indices.map { (site.tags[$0].slug, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Image paths from front matter as links: site paths get the base path, full URLs stay.
    func imageLink(_ src: String) -> String {
        Self.imageLink(src, config: config)
    }

    static func imageLink(_ src: String, config: SiteConfig) -> String {
        if src.containsLiteral("://") || src.hasPrefix("//") || src.hasPrefix("data:") { return src }
        return config.link(forPath: src.hasPrefix("/") ? src : "/" + src)
    }

    /// The archive page of the month of `date` (`/articles/2026/03/`); nil without archives.
    func archiveLink(for date: Date) -> String? {
        guard !site.archive.isEmpty else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = config.timeZone
        let parts = calendar.dateComponents([.year, .month], from: date)
        guard let year = parts.year, let month = parts.month else { return nil }
        return config.link(forPath: config.languagePath(SiteResolver.archivePath) + "\(year)/" + (month < 10 ? "0\(month)" : "\(month)") + "/")
    }

    /// A document's body with its images written out (`ImageMarkup`).
    func bodyHTML(_ document: Document) -> String {
        guard !document.bodyImages.isEmpty else { return document.contentHTML }
        return ImageMarkup.fill(
            document.contentHTML, images: document.bodyImages, table: images,
            firstIsProminent: document.cover == nil && document.video == nil, link: imageLink)
    }

    /// An absolute image URL, for social cards.
    func absoluteImage(_ src: String) -> String {
        if src.containsLiteral("://") { return src }
        return config.absoluteURL(forPath: src.hasPrefix("/") ? src : "/" + src)
    }
}
