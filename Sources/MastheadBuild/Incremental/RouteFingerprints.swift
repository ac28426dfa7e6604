import Foundation
import MastheadRender
import MastheadSite
import MastheadSupport

/// For each route, a fingerprint of everything its page is made from: its template (with
/// the partials it reaches), the documents it shows, and the values every page receives.
/// Two builds giving a route the same fingerprint give it the same bytes, so the preview and
/// `masthead build` (`LastPages`) render again only the routes whose fingerprint changed.
///
/// What every page can show (site.yml, catalogs and the items they show today, statistics,
/// category counts) goes into one site-wide part: a change there renders everything again.
/// Named charts go only into the pages whose template shows one. An article's own edit
/// reaches its page, the pages showing its card (lists, the home page, its
/// neighbours and the articles that list it as related) and nothing else.
struct RouteFingerprints: Sendable {
    let site: Site
    let templates: TemplateSet
    /// The site-wide part.
    private let shared: UInt64
    /// The named charts, drawn: part of the pages whose template shows one (`TemplateSet.showingNamedCharts`).
    private let namedCharts: UInt64
    /// Per article: its path and source fingerprint, what a card of it shows (`articleKey`).
    let articleKeys: [UInt64]
    /// Every article, in order: the home page's input.
    private let allArticles: UInt64
    private let tagsBySlug: [String: Int]
    /// The years and months and their counts: the archive index on list pages.
    private let archiveIndex: UInt64

    /// `inputs` names what the `Site` does not hold: site.yml's bytes, the base URL and the
    /// data files (see `DocumentMemory.contextKey`). `articleKeys`, when given, are the
    /// articles' keys already known (a patch of a kept build).
    init(site: Site, templates: TemplateSet, inputs: String, articleKeys knownKeys: [UInt64]? = nil) {
        self.site = site
        self.templates = templates
        var shared = Fingerprint()
        shared.add(inputs)
        for category in site.categories {
            shared.add(category.config.slug)
            shared.add(category.articles.count)
        }
        shared.add(site.articles.first.map { $0.document.date.timeIntervalSince1970.description } ?? "")
        // Which items a catalog shows moves with the date as well as its file (`visible:`).
        for catalog in site.catalogs {
            shared.add(catalog.featured ?? -1)
            shared.add(catalog.items.count)
            for item in catalog.items { shared.add(item.key) }
        }
        self.shared = shared.value
        var charts = Fingerprint()
        for name in site.charts.keys.sorted() {
            charts.add(name)
            charts.add(site.charts[name] ?? "")
        }
        namedCharts = charts.value
        articleKeys = knownKeys ?? site.articles.indices.map { Self.articleKey(site.articles[$0]) }
        var all = Fingerprint()
        for key in articleKeys { all.add(key) }
        allArticles = all.value
        tagsBySlug = Dictionary(site.tags.indices.map { (site.tags[$0].slug, $0) }, uniquingKeysWith: { first, _ in first })
        var archive = Fingerprint()
        for year in site.archive {
            archive.add(year.year)
            for month in year.months {
                archive.add(month.month)
                archive.add(month.articles.count)
            }
        }
        archiveIndex = archive.value
    }

    static func articleKey(_ article: ResolvedArticle) -> UInt64 {
        var key = Fingerprint()
        key.add(article.path)
        key.add(article.document.sourceHash)
        return key.value
    }

    /// nil for files written by code (feeds, sitemap, robots.txt): they are always written again.
    func fingerprint(of route: Route) -> UInt64? {
        guard let template = route.template else { return nil }
        var fingerprint = Fingerprint()
        fingerprint.add(shared)
        fingerprint.add(route.path)
        fingerprint.add(template)
        fingerprint.add(templates.fingerprints[template] ?? 0)
        if templates.showingNamedCharts.contains(template) { fingerprint.add(namedCharts) }
        var shown = 0
        let some = forEachArticleShown(by: route.subject) { index in
            fingerprint.add(index >= 0 ? articleKeys[index] : 0)
            shown += 1
        }
        fingerprint.add(some ? UInt64(shown) : allArticles)
        // What else the page shows besides articles.
        switch route.subject {
        case .article(let index):
            for slug in site.articles[index].tagSlugs {
                if let tag = tagsBySlug[slug] { add(site.tags[tag], to: &fingerprint) }
            }
        case .archive(let page), .yearArchive(_, let page), .monthArchive(_, _, let page):
            fingerprint.add(archiveIndex)
            add(page, to: &fingerprint)
        case .category(_, let page):
            add(page, to: &fingerprint)
        case .tag(let index, let page):
            add(site.tags[index], to: &fingerprint)
            add(page, to: &fingerprint)
        case .tagIndex:
            for tag in site.tags { add(tag, to: &fingerprint) }
        case .page(let index):
            fingerprint.add(site.pages[index].document.sourceHash)
        case .home, .categoryIndex, .notFound, .search, .catalogIndex, .catalogItem, .catalogFacet, .catalogOrder:
            // Site-wide values only (catalogs come from data files, in `inputs`); the path
            // tells the pages of one catalog apart.
            break
        case .siteFeed, .categoryFeed, .sitemap, .sitemapPart, .robots, .redirect, .redirectsFile:
            return nil
        }
        return fingerprint.value
    }

    /// Whether the route's page shows any of these articles. Asked of every route on a patch,
    /// so it makes no array (at 100,000 articles, making them was 140 ms a save).
    func shows(_ subject: Route.Subject, anyOf changed: Set<Int>) -> Bool {
        var found = false
        let some = forEachArticleShown(by: subject) { index in
            if !found, index >= 0, changed.contains(index) { found = true }
        }
        return !some || found
    }

    /// `body` with each article whose card or content a route's page shows, in a fixed order (-1
    /// for a missing neighbour, so positions keep their meaning); false for every article (the
    /// home page). Fingerprints are made from these, and a patch of a kept build renders the
    /// routes showing a saved article, feeds included (they are written only when they change).
    private func forEachArticleShown(by subject: Route.Subject, _ body: (Int) -> Void) -> Bool {
        switch subject {
        case .home:
            return false
        case .article(let index):
            body(index)
            for related in site.articles[index].related { body(related) }
            body(site.articles[index].previous ?? -1)
            body(site.articles[index].next ?? -1)
        case .archive(let page):
            for index in page.range { body(index) }
        case .category(let index, let page):
            for article in site.categories[index].articles[page.range] { body(article) }
        case .yearArchive(let index, let page):
            for article in site.archive[index].articles[page.range] { body(article) }
        case .monthArchive(let index, let month, let page):
            for article in site.archive[index].months[month].articles[page.range] { body(article) }
        case .tag(let index, let page):
            for article in site.tags[index].articles[page.range] { body(article) }
        case .siteFeed:
            for index in site.articles.indices.prefix(site.config.feedLength) { body(index) }
        case .categoryFeed(let index):
            for article in site.categories[index].articles.prefix(site.config.feedLength) { body(article) }
        case .tagIndex, .categoryIndex, .page, .notFound, .search, .catalogIndex, .catalogItem, .catalogFacet, .catalogOrder, .sitemap,
            .sitemapPart, .robots, .redirect, .redirectsFile:
            break
        }
        return true
    }

    private func add(_ page: Pagination, to fingerprint: inout Fingerprint) {
        fingerprint.add(page.number)
        fingerprint.add(page.total)
    }

    private func add(_ tag: TagSummary, to fingerprint: inout Fingerprint) {
        fingerprint.add(tag.slug)
        fingerprint.add(tag.name)
        fingerprint.add(tag.articles.count)
    }
}
