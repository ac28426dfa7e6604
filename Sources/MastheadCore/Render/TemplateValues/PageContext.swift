import Foundation

/// Builds the plain values each template receives (see docs/templates.md, "Templates and
/// the values they receive"). Dictionaries, not reflection: the renderer never needs `Mirror`.
/// Immutable after `init`, and its `Any` values are strings, numbers, arrays and
/// dictionaries of them, so sharing it between render workers is safe.
struct PageContext: @unchecked Sendable {
    let site: Site
    let format: SiteFormatter
    let labels: Labels
    let siteValues: [String: Any]
    /// `catalogs.NAME...`, built lazily and shared by every page.
    let catalogValues: CatalogTemplateValues
    /// Every article's card, built the first time a page shows it: lists, related articles
    /// and neighbours show the same cards many times over (about ten times per article on a
    /// large site), and a preview rebuild that renders a few pages needs only a few cards.
    private let cards: CardCache
    /// Index into `site.tags` by slug.
    private var tagsBySlug: [String: Int] = [:]

    init(site: Site) {
        self.site = site
        format = SiteFormatter(language: site.config.language, timeZone: site.config.timeZone)
        labels = Labels(language: site.config.language)
        siteValues = Self.siteValues(site, format: format)
        catalogValues = CatalogTemplateValues(site: site, format: format)
        cards = CardCache(count: site.articles.count)
        tagsBySlug = Dictionary(site.tags.indices.map { (site.tags[$0].slug, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private var config: SiteConfig { site.config }

    func context(for route: Route) -> [String: Any] {
        var values: [String: Any] = ["site": siteValues, "catalogs": catalogValues]
        if !site.charts.isEmpty { values["charts"] = site.charts }
        var page: [String: Any] = [
            "url": config.link(forPath: route.path),
            "permalink": config.absoluteURL(forPath: route.path),
            "kind": route.kind.rawValue,
        ]
        func setTitle(_ title: String, description: String?) {
            page["title"] = title == config.title ? title : "\(title) · \(config.title)"
            page["heading"] = title
            page["description"] = (description?.isEmpty == false ? description : nil) ?? config.description
        }
        switch route.subject {
        case .home:
            setTitle(config.title, description: config.description)
            values["sections"] = homeSections()
            page["feedURL"] = config.link(forPath: "/feed.xml")
        case .article(let index):
            let article = site.articles[index]
            setTitle(article.document.title, description: article.document.summary)
            values["article"] = articleValues(index)
            if let cover = article.document.cover { page["image"] = absoluteImage(cover.src) }
            if let category = article.category.flatMap(categorySummary) { page["feedURL"] = config.link(forPath: category.feedPath) }
        case .archive(let pagination):
            setTitle(numbered(labels.articles, pagination), description: config.description)
            values["list"] = ["title": labels.articles, "kind": "archive", "description": config.description]
            addList(Array(site.articles.indices), pagination: pagination, base: SiteResolver.archivePath, to: &values)
            page["feedURL"] = config.link(forPath: "/feed.xml")
        case .category(let index, let pagination):
            let category = site.categories[index]
            setTitle(numbered(category.config.name, pagination), description: category.config.description)
            values["list"] = ["title": category.config.name, "kind": "category", "description": category.config.description,
                              "category": categoryValues(category)]
            addList(category.articles, pagination: pagination, base: category.path, to: &values)
            page["feedURL"] = config.link(forPath: category.feedPath)
        case .tag(let index, let pagination):
            let tag = site.tags[index]
            setTitle(numbered("#\(tag.name)", pagination), description: "\(labels.articles): \(tag.name)")
            values["list"] = ["title": "#\(tag.name)", "kind": "tag", "tag": tagValues(tag)]
            addList(tag.articles, pagination: pagination, base: tag.path, to: &values)
        case .categoryIndex:
            setTitle(labels.categories, description: config.description)
            values["terms"] = ["title": labels.categories, "kind": "categories", "items": site.categories.map(categoryValues)]
        case .tagIndex:
            setTitle(labels.tags, description: config.description)
            values["terms"] = ["title": labels.tags, "kind": "tags", "items": site.tags.map(tagValues)]
        case .page(let index):
            let document = site.pages[index].document
            setTitle(document.title, description: document.summary)
            values.merge(documentValues(document, path: site.pages[index].path)) { _, new in new }
            if let cover = document.cover { page["image"] = absoluteImage(cover.src) }
        case .notFound:
            setTitle(labels.notFound, description: config.description)
        case .catalogIndex, .catalogItem, .catalogFacet, .catalogOrder:
            if let catalogPage = catalogValues.page(for: route.subject) {
                setTitle(catalogPage.title, description: catalogPage.description)
                values.merge(catalogPage.values) { _, new in new }
                if let image = catalogPage.image { page["image"] = absoluteImage(image) }
            }
        case .siteFeed, .categoryFeed, .sitemap, .robots:
            break
        }
        values["page"] = page
        return values
    }

    // MARK: - Site

    private static func siteValues(_ site: Site, format: SiteFormatter) -> [String: Any] {
        let config = site.config
        var values: [String: Any] = [
            "title": config.title,
            "description": config.description,
            "language": config.language,
            "baseURL": config.baseURL,
            "home": config.basePath,
            "feedURL": config.link(forPath: "/feed.xml"),
            "menu": config.menu.map { ["title": $0.title, "url": $0.url.hasPrefix("/") ? config.link(forPath: $0.url) : $0.url] },
            "categories": site.categories.map { category -> [String: Any] in
                var values: [String: Any] = [
                    "name": category.config.name, "slug": category.config.slug, "url": config.link(forPath: category.path),
                    "feedURL": config.link(forPath: category.feedPath), "count": category.articles.count,
                    "description": category.config.description,
                ]
                if let colour = category.config.colour { values["colour"] = colour }
                return values
            },
        ]
        if let author = config.author { values["author"] = author }
        if let newest = site.articles.first { values["year"] = format.year(newest.document.date) }
        return values
    }

    // MARK: - Lists

    private func homeSections() -> [[String: Any]] {
        var shown = Set<Int>()
        var sections: [[String: Any]] = []
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
                more = (config.link(forPath: SiteResolver.archivePath), labels.articles)
            }
            let chosen = candidates.filter { !shown.contains($0) }.prefix(section.limit)
            shown.formUnion(chosen)
            var values: [String: Any] = ["title": section.title, "id": Slug.make(section.title), "articles": chosen.map(card)]
            if let background = section.background { values["background"] = background }
            if let more { values["moreURL"] = more.url; values["moreTitle"] = more.title }
            sections.append(values)
        }
        return sections
    }

    private func addList(_ members: [Int], pagination: Pagination, base: String, to values: inout [String: Any]) {
        values["articles"] = members[pagination.range].map(card)
        if let links = PaginationLinks.values(pagination, base: base, config: config) { values["pagination"] = links }
    }

    private func numbered(_ title: String, _ pagination: Pagination) -> String {
        pagination.number == 1 ? title : "\(title) (\(labels.page) \(pagination.number))"
    }

    private func categorySummary(_ category: CategoryConfig) -> CategorySummary? {
        site.categories.first { $0.config.slug == category.slug }
    }

    private func categoryValues(_ category: CategorySummary) -> [String: Any] {
        var values: [String: Any] = [
            "name": category.config.name, "slug": category.config.slug, "url": config.link(forPath: category.path),
            "feedURL": config.link(forPath: category.feedPath), "count": category.articles.count,
            "description": category.config.description,
        ]
        if let colour = category.config.colour { values["colour"] = colour }
        return values
    }

    private func tagValues(_ tag: TagSummary) -> [String: Any] {
        ["name": tag.name, "slug": tag.slug, "url": config.link(forPath: tag.path), "count": tag.articles.count]
    }

    // MARK: - Articles

    /// What a list shows of an article.
    func card(_ index: Int) -> [String: Any] {
        cards.card(index) { makeCard(index) }
    }

    private func makeCard(_ index: Int) -> [String: Any] {
        let article = site.articles[index]
        var values = documentValues(article.document, path: article.path)
        values["content"] = nil
        if let category = article.category.flatMap(categorySummary) { values["category"] = categoryValues(category) }
        return values
    }

    private func articleValues(_ index: Int) -> [String: Any] {
        let article = site.articles[index]
        let document = article.document
        var values = documentValues(document, path: article.path)
        if let category = article.category.flatMap(categorySummary) { values["category"] = categoryValues(category) }
        values["tags"] = article.tagSlugs.compactMap { tagsBySlug[$0].map { site.tags[$0] } }.map(tagValues)
        values["wordCount"] = document.wordCount
        values["related"] = article.related.map(card)
        if let previous = article.previous { values["previous"] = card(previous) }
        if let next = article.next { values["next"] = card(next) }
        values["share"] = shareLinks(title: document.title, url: config.absoluteURL(forPath: article.path))
        if let video = document.video {
            values["video"] = [
                "id": video.id, "watchURL": video.watchURL, "embedURL": video.embedURL,
                // The cover, when there is one, keeps the page free of YouTube requests until the click.
                "thumbnail": document.cover.map { imageLink($0.src) } ?? video.thumbnailURL,
            ]
        }
        if !document.gallery.isEmpty {
            let count = document.gallery.count
            values["gallery"] = document.gallery.enumerated().map { offset, image -> [String: Any] in
                var item: [String: Any] = ["src": imageLink(image.src), "alt": image.alt, "number": offset + 1, "id": "gallery-\(offset + 1)"]
                if let caption = image.caption { item["caption"] = caption }
                if offset > 0 { item["previousID"] = "gallery-\(offset)" }
                if offset + 1 < count { item["nextID"] = "gallery-\(offset + 2)" }
                return item
            }
            values["galleryCount"] = count
        }
        if document.draft { values["draft"] = true }
        return values
    }

    /// Values shared by articles, cards and pages.
    private func documentValues(_ document: Document, path: String) -> [String: Any] {
        var values: [String: Any] = [
            "title": document.title,
            "summary": document.summary,
            "url": config.link(forPath: path),
            "permalink": config.absoluteURL(forPath: path),
            "date": format.longDate(document.date),
            "dateISO": format.rfc3339(document.date),
            "readingTime": document.readingMinutes,
            "content": document.contentHTML,
        ]
        if let subtitle = document.subtitle { values["subtitle"] = subtitle }
        // The introduction under the title: only a written summary, never a copy of the first paragraph.
        if document.summaryIsWritten { values["lede"] = document.summary }
        if let author = document.author { values["author"] = author }
        if let cover = document.cover { values["cover"] = ["src": imageLink(cover.src), "alt": cover.alt] }
        if document.featured { values["featured"] = true }
        return values
    }

    private func shareLinks(title: String, url: String) -> [String: Any] {
        let encodedURL = Self.encode(url)
        let encodedTitle = Self.encode(title)
        return [
            "url": url,
            "email": "mailto:?subject=\(encodedTitle)&body=\(encodedURL)",
            "x": "https://x.com/intent/post?url=\(encodedURL)&text=\(encodedTitle)",
            "facebook": "https://www.facebook.com/sharer/sharer.php?u=\(encodedURL)",
            "whatsapp": "https://wa.me/?text=\(Self.encode(title + " " + url))",
            "linkedin": "https://www.linkedin.com/sharing/share-offsite/?url=\(encodedURL)",
        ]
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Image paths from front matter as links: site paths get the base path, full URLs stay.
    func imageLink(_ src: String) -> String {
        if src.contains("://") || src.hasPrefix("//") || src.hasPrefix("data:") { return src }
        return config.link(forPath: src.hasPrefix("/") ? src : "/" + src)
    }

    private func absoluteImage(_ src: String) -> String {
        if src.contains("://") { return src }
        return config.absoluteURL(forPath: src.hasPrefix("/") ? src : "/" + src)
    }
}

/// Cards by article index, each built once by whichever render worker needs it first.
/// The values are immutable plain values once stored.
private final class CardCache: @unchecked Sendable {
    private let lock = NSLock()
    private var cards: [[String: Any]?]

    init(count: Int) {
        cards = Array(repeating: nil, count: count)
    }

    func card(_ index: Int, make: () -> [String: Any]) -> [String: Any] {
        lock.lock()
        if let card = cards[index] {
            lock.unlock()
            return card
        }
        lock.unlock()
        let card = make()
        lock.lock()
        cards[index] = card
        lock.unlock()
        return card
    }
}
