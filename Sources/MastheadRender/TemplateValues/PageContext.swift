import Foundation
import MastheadImages
import MastheadMustache
import MastheadSite
import MastheadSupport

/// Builds the values each page's template receives (see docs/templates.md, "Templates and
/// the values they receive"): one `PageValues` per route, from typed values that compute
/// their keys when a template reads them. Shared by the render workers.
package final class PageContext: Sendable {
    let source: TemplateSource
    /// `catalogs.NAME...` and the catalog pages' values.
    let catalogValues: CatalogTemplateValues
    /// Every article's card, built the first time a page shows it: lists, related articles
    /// and neighbours show the same cards many times over (about ten times per article on a
    /// large site), and a preview rebuild that renders a few pages needs only a few cards.
    /// At most `cardsKept` at once: past that, the cards built so far are forgotten and built
    /// again when shown (about 800 bytes each: 800 MB at a million articles).
    private let cards: CardCache
    /// More than the largest site measured against Hugo (100,000 articles), which keeps every card.
    package static let cardsKept = 1 << 17
    /// Each card rendered once, when the templates place rendered cards (`TemplateSet.rendersCardsOnce`).
    private let cardHTML: CardHTML?
    /// What every page of this language shows alike, site-wide partials included.
    private let siteWide: SiteWideValues

    var site: Site { source.site }
    var format: SiteFormatter { source.format }
    private var config: SiteConfig { source.config }
    private var labels: Labels { source.labels }

    /// `cardSpill` sets the rendered cards aside past its budget (`CardHTML`); without one, every card is kept in memory.
    package init(
        site: Site, templates: TemplateSet, images: SiteImages = SiteImages(), cardSpill: TextSpill? = nil, cardsKept: Int = cardsKept
    ) {
        cards = CardCache(capacity: cardsKept)
        source = TemplateSource(site: site, images: images, strings: templates.strings)
        catalogValues = CatalogTemplateValues(site: site, format: source.format, images: images)
        siteWide = SiteWideValues(source: source, catalogs: catalogValues.byName, templates: templates)
        cardHTML = templates.rendersCardsOnce ? CardHTML(templates: templates, siteWide: siteWide, spill: cardSpill) : nil
    }

    func values(for route: Route) -> PageValues {
        var page = PageInfoValues(
            url: config.link(forPath: route.path), permalink: config.absoluteURL(forPath: route.path),
            kind: route.kind.rawValue)
        languageVersions(of: route, into: &page)
        func setTitle(_ title: String, description: String?) {
            page.title = title == config.title ? title : "\(title) · \(config.title)"
            page.heading = title
            page.description = (description?.isEmpty == false ? description : nil) ?? config.description
        }
        let body: any TemplateParent
        switch route.subject {
        case .home:
            setTitle(config.title, description: config.description)
            body = HomePageValues(sections: homeSections())
            page.feedURL = source.siteFeedURL
        case .article(let index):
            let article = site.articles[index]
            setTitle(article.document.title, description: article.document.summary)
            body = ArticlePageValues(article: ArticleValues(card: card(index), context: self))

            if let category = source.articleCategory[index] { page.feedURL = source.categories[category].feedURL }
        case .archive(let pagination):
            setTitle(numbered(labels.articles, pagination), description: config.description)
            body = list(
                ListValues(
                    title: labels.articles, kind: "archive", description: config.description,
                    archive: site.archive.isEmpty ? nil : ArchiveIndexValues(source: source)),
                members: site.articles.indices, pagination: pagination, base: config.languagePath(SiteResolver.archivePath))
            page.feedURL = source.siteFeedURL
        case .yearArchive(let index, let pagination):
            let year = site.archive[index]
            let title = "\(labels.articles): \(year.year)"
            setTitle(numbered(title, pagination), description: title)
            body = list(
                ListValues(title: title, kind: "year", description: nil, archive: ArchiveIndexValues(source: source, year: index)),
                members: year.articles, pagination: pagination, base: year.path)
        case .monthArchive(let index, let month, let pagination):
            let archive = site.archive[index].months[month]
            let title = "\(labels.articles): \(format.monthName(archive.month)) \(archive.year)"
            setTitle(numbered(title, pagination), description: title)
            body = list(
                ListValues(
                    title: title, kind: "month", description: nil, archive: ArchiveIndexValues(source: source, year: index, month: month)),
                members: archive.articles, pagination: pagination, base: archive.path)
        case .category(let index, let pagination):
            let category = site.categories[index]
            setTitle(numbered(category.config.name, pagination), description: category.config.description)
            body = list(
                ListValues(
                    title: category.config.name, kind: "category", description: category.config.description,
                    category: source.categories[index]),
                members: category.articles, pagination: pagination, base: category.path)
            page.feedURL = source.categories[index].feedURL
        case .tag(let index, let pagination):
            let tag = site.tags[index]
            setTitle(numbered("#\(tag.name)", pagination), description: "\(labels.articles): \(tag.name)")
            body = list(
                ListValues(title: "#\(tag.name)", kind: "tag", tag: source.tags[index]),
                members: tag.articles, pagination: pagination, base: tag.path)
        case .categoryIndex:
            setTitle(labels.categories, description: config.description)
            body = TermsPageValues(terms: TermsValues(title: labels.categories, items: .categories(source.categories)))
        case .tagIndex:
            setTitle(labels.tags, description: config.description)
            body = TermsPageValues(terms: TermsValues(title: labels.tags, items: .tags(source.tags)))
        case .page(let index):
            let document = site.pages[index].document
            setTitle(document.title, description: document.summary)
            body = DocumentPageValues(document: DocumentValues(formatted: FormattedDocument(document, path: site.pages[index].path, source: source)))

        case .notFound:
            setTitle(labels.notFound, description: config.description)
            body = NoPageValues()
        case .search:
            setTitle(labels.search, description: config.description)
            body = NoPageValues()
        case .catalogIndex, .catalogItem, .catalogFacet, .catalogOrder:
            if let catalogPage = catalogValues.page(for: route.subject) {
                setTitle(catalogPage.title, description: catalogPage.description)
                body = catalogPage.values
                if let image = catalogPage.image { page.image = source.absoluteImage(image) }
            } else {
                body = NoPageValues()
            }
        case .siteFeed, .categoryFeed, .sitemap, .sitemapPart, .robots, .redirect, .redirectsFile:
            body = NoPageValues()
        }
        page.jsonLD = StructuredData(source: source).blocks(for: route, heading: page.heading)
        if let card = source.images.cards[route.path] {
            page.image = source.absoluteImage(card.src)
            page.imageWidth = card.width
            page.imageHeight = card.height
            page.imageAlt = card.alt
        }
        return PageValues(source: source, page: page, catalogs: catalogValues.byName, body: body, siteWide: siteWide)
    }

    // MARK: - Lists

    private func homeSections() -> [HomeSectionValues] {
        var shown = Set<Int>()
        var sections: [HomeSectionValues] = []
        for section in config.homeSections {
            let candidates: [Int]
            var more: (url: String, title: String)?
            switch section.show {
            case .featured:
                candidates = site.articles.indices.filter { site.articles[$0].document.featured }
            case .category:
                let category = site.categories.first { $0.config.slug == section.categorySlug }
                candidates = category?.articles ?? []
                if let category { more = (config.link(forPath: category.path), category.config.name) }
            case .rest:
                candidates = Array(site.articles.indices)
                more = (config.link(forPath: config.languagePath(SiteResolver.archivePath)), labels.articles)
            }
            let chosen = candidates.filter { !shown.contains($0) }.prefix(section.limit)
            shown.formUnion(chosen)
            var cards = chosen.map(card)
            // The first card of the first section leads the page, shown largest (site.css).
            if sections.isEmpty, !cards.isEmpty { cards[0] = cards[0].leading }
            sections.append(
                HomeSectionValues(
                    title: section.title, id: Slug.make(section.title), articles: cards,
                    background: section.background, more: more))
        }
        return sections
    }

    /// `members` is every article of the list, of which the page shows `pagination.range`: the
    /// archive passes the range of all articles rather than an array of them, one per page.
    private func list<Members: RandomAccessCollection<Int>>(
        _ list: ListValues, members: Members, pagination: Pagination, base: String
    ) -> ListPageValues where Members.Index == Int {
        ListPageValues(
            list: list, articles: members[pagination.range].map(card),
            pagination: PaginationValues(pagination, base: base, config: config))
    }

    private func numbered(_ title: String, _ pagination: Pagination) -> String {
        pagination.number == 1 ? title : "\(title) (\(labels.page) \(pagination.number))"
    }

    /// The language switcher's entries and the `hreflang` alternates, on a multilingual site.
    private func languageVersions(of route: Route, into page: inout PageInfoValues) {
        let versions = site.languageLinks.versions(of: route.path)
        guard !versions.isEmpty else { return }
        let current = config.language
        page.languages = versions.map { version in
            LanguageVersionValues(
                code: version.code, name: version.name, url: config.link(forPath: version.path), current: version.code == current,
                translated: version.isTranslation, toHome: version.path == homePath(of: version))
        }
        let alternates = site.languageLinks.alternates(of: route.path)
        guard let defaultVersion = alternates.first(where: { $0.code == config.languages.first?.code }) ?? alternates.first else { return }
        page.alternates =
            alternates.map { AlternateValues(hreflang: $0.code, url: config.absoluteURL(forPath: $0.path)) }
            + [AlternateValues(hreflang: "x-default", url: config.absoluteURL(forPath: defaultVersion.path))]
    }

    /// The home page of a version's language: `/` or `/en/`.
    private func homePath(of version: LanguageLinks.Version) -> String {
        config.languages.first?.code == version.code ? "/" : "/" + version.code.lowercased() + "/"
    }

    /// What a list shows of an article.
    func card(_ index: Int) -> CardValues {
        cards.value(for: index) {
            let article = site.articles[index]
            let formatted = FormattedDocument(article.document, path: article.path, source: source)
            return CardValues(source: source, index: index, document: DocumentValues(formatted: formatted), rendered: cardHTML)
        }
    }
}

/// Cards by article index, each built once by whichever render worker needs it first.
private typealias CardCache = OnceCache<Int, CardValues>
