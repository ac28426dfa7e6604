import Foundation
import MastheadContent
import MastheadSupport

/// Joins parsed documents into one `Site`: which articles are published, their URLs,
/// categories, tags, related articles, pagination and every route. Duplicate URLs are errors here.
package struct SiteResolver {
    package var config: SiteConfig
    package var includeDrafts = false
    package var includeFuture = false
    package var now: Date
    /// Loaded before articles (for `prize:` links); their routes join the others here.
    package var catalogs: [Catalog] = []
    /// Related lists the previous preview build found, by a fingerprint of what they depend
    /// on; nil finds them every time.
    package var relatedLists: RelatedListsMemory?
    /// Candidates past the limit kept for articles' small tags (`SharedRelated.extra`).
    package var relatedListExtra = SharedRelated.extra
    /// Whether the site has articles at all (a `Content/articles/` folder): without it there is
    /// no archive and no tag index.
    package var hasArticleSection = true
    /// Search is on (`search:`, or a `search` template): the site gets `/search/`.
    package var hasSearchPage = false
    /// Slugs of articles whose files did not parse: a `related:` naming one is skipped without
    /// an error of its own (the file's error is the one to fix).
    package var failedArticleSlugs: Set<String> = []

    package init(config: SiteConfig, now: Date) {
        self.config = config
        self.now = now
    }

    /// `documents`: one language's articles, pages and reports, by their `kind`.
    package func resolve(_ documents: [Document], staticPaths: [String]) -> (Site, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        // Indexes, not documents, are filtered and sorted: a document is copied once, into its
        // article or page (each copy retains some thirty strings and arrays).
        let published = documents.indices.filter { isPublished(documents[$0]) }
        let articleIndexes = published.filter { documents[$0].kind == .article }
        var articles = newestFirst(articleIndexes, of: documents).map { index in
            let document = documents[index]
            return ResolvedArticle(
                document: document,
                path: Permalinks.expand(
                    config.permalinks.article, slug: document.slug, date: document.date,
                    category: document.categorySlug, timeZone: config.timeZone),
                category: document.categorySlug.flatMap(config.category(named:)),
                tagSlugs: uniqueSlugs(document.tags))
        }
        let pageIndexes = published.filter { documents[$0].kind != .article }
        let pages = pageIndexes.sorted { documents[$0].sourcePath < documents[$1].sourcePath }.map { index in
            let document = documents[index]
            return ResolvedPage(
                document: document,
                path: Permalinks.expand(
                    document.kind == .report ? config.languagePath(Self.reportPermalink) : config.permalinks.page,
                    slug: document.slug, timeZone: config.timeZone))
        }

        let categories = config.categories.map { category in
            let path = Permalinks.expand(config.permalinks.category, slug: category.slug, timeZone: config.timeZone)
            return CategorySummary(
                config: category, path: path, feedPath: path.hasSuffix("/") ? path + "feed.xml" : path + ".xml",
                articles: articles.indices.filter { articles[$0].category?.slug == category.slug })
        }
        let tags = collectTags(articles)
        diagnostics += linkRelated(&articles)
        linkNeighbours(&articles, categories: categories)

        var site = Site(
            config: config, articles: articles, pages: pages, categories: categories, tags: tags, routes: [],
            staticFiles: staticPaths.map { StaticFile(sourcePath: $0, outputPath: String($0.dropFirst(SiteFolders.staticFiles.count + 1))) })
        site.catalogs = catalogs
        if hasArticleSection && config.archives {
            site.archive = ArchiveYear.group(articles, timeZone: config.timeZone, base: config.languagePath(Self.archivePath))
        }
        site.routes = routes(for: site)
        let (redirects, aliasProblems) = Redirects.routes(for: site, describe: describe)
        site.routes += redirects
        diagnostics += aliasProblems
        diagnostics += duplicateURLs(site)
        return (site, diagnostics)
    }

    func isPublished(_ document: Document) -> Bool {
        if document.draft && !includeDrafts { return false }
        if (document.publishDate ?? document.date) > now && !includeFuture { return false }
        if let expiry = document.expiryDate, expiry <= now { return false }
        return true
    }

    /// `indexes` of `documents` in `Site.articles` order, comparing small keys rather than moving whole documents.
    private func newestFirst(_ indexes: [Int], of documents: [Document]) -> [Int] {
        let keys = indexes.map { OrderKey(documents[$0]) }
        return keys.indices.sorted { keys[$0].precedes(keys[$1]) }.map { indexes[$0] }
    }

    /// What places an article in `Site.articles`: newest first, then by title, then by file.
    struct OrderKey {
        var date: Date
        var title: String
        var path: String

        init(_ document: Document) {
            date = document.date
            title = document.title
            path = document.sourcePath
        }

        func precedes(_ other: OrderKey) -> Bool {
            if date != other.date { return date > other.date }
            if title != other.title { return title < other.title }
            return path < other.path
        }
    }

    private func uniqueSlugs(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.map(Slug.make).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Tags by slug. When articles spell a tag differently ("Moka", "moka"), the spelling
    /// used most wins, then the first alphabetically, so the name is stable.
    private func collectTags(_ articles: [ResolvedArticle]) -> [TagSummary] {
        var members: [String: [Int]] = [:]
        var spellings: [String: [String: Int]] = [:]
        for index in articles.indices {
            for name in articles[index].document.tags {
                let slug = Slug.make(name)
                guard !slug.isEmpty else { continue }
                if members[slug]?.last != index { members[slug, default: []].append(index) }
                spellings[slug, default: [:]][name, default: 0] += 1
            }
        }
        return members.keys.sorted().map { slug in
            let name = spellings[slug]!.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first!.key
            return TagSummary(
                name: name, slug: slug,
                path: Permalinks.expand(config.permalinks.tag, slug: slug, timeZone: config.timeZone),
                articles: members[slug]!)
        }
    }

    /// Explicit `related` first, then articles sharing the category or tags: the more they
    /// share, the earlier; newest first among equals. Never the article itself.
    private func linkRelated(_ articles: inout [ResolvedArticle]) -> [Diagnostic] {
        let found: RelatedLists
        if let relatedLists {
            var key = Fingerprint()
            key.add(config.relatedLimit)
            key.add(failedArticleSlugs.count)
            for slug in failedArticleSlugs.sorted() { key.add(slug) }
            for index in articles.indices {
                key.add(articles[index].document.slug)
                key.add(articles[index].document.sourcePath)
                key.add(articles[index].category?.slug ?? "")
                key.add(articles[index].tagSlugs.count)
                for slug in articles[index].tagSlugs { key.add(slug) }
                key.add(articles[index].document.related.count)
                for slug in articles[index].document.related { key.add(slug) }
                key.add(articles[index].document.relatedLocation.map { "\($0.line ?? 0):\($0.column ?? 0)" } ?? "")
            }
            found = relatedLists.value(for: key.value) { findRelated(articles) }
        } else {
            found = findRelated(articles)
        }
        for index in articles.indices { articles[index].related = found.related[index] }
        return found.diagnostics
    }

    private func findRelated(_ articles: [ResolvedArticle]) -> RelatedLists {
        let indexBySlug = Dictionary(articles.indices.map { (articles[$0].document.slug, $0) }, uniquingKeysWith: { first, _ in first })
        let index = RelatedIndex(articles)
        let limit = config.relatedLimit
        let failed = failedArticleSlugs
        // Each article's list depends on no other's: chunks of articles are scored on every
        // core, each with its own scratch. A scratch has a slot per article, so the number of
        // chunks is bounded (16), not their size: 512-article chunks zeroed 157 MB of scores
        // at 100,000 articles.
        let size = max(512, (articles.count + 15) / 16)
        let chunks = stride(from: 0, to: articles.count, by: size).map { $0..<min($0 + size, articles.count) }
        let shared = SharedRelated(index, limit: limit, extra: relatedListExtra)
        let found = parallelMap(chunks) { chunk in
            var scratch = RelatedScratch(count: articles.count)
            return chunk.map {
                Self.related(
                    of: $0, in: articles, index: index, shared: shared, indexBySlug: indexBySlug, failed: failed, limit: limit,
                    scratch: &scratch)
            }
        }.joined()
        return RelatedLists(related: found.map(\.list), diagnostics: found.flatMap(\.diagnostics))
    }

    /// The scores of the articles sharing a tag with the one being scored, and which they are.
    /// `sharing[other] == current` marks the ones sharing a tag with `current`: arrays by
    /// article index, not sets, because every article walks hundreds of others on a large site;
    /// of 32 bits, as the fewer of the processor's caches they fill, the faster a large site's walk.
    private struct RelatedScratch {
        var scores: [Int32]
        var touched: [Int] = []
        var sharing: [Int32]

        init(count: Int) {
            scores = [Int32](repeating: 0, count: count)
            sharing = [Int32](repeating: -1, count: count)
        }
    }

    private static func related(
        of current: Int, in articles: [ResolvedArticle], index: RelatedIndex, shared: SharedRelated?, indexBySlug: [String: Int],
        failed: Set<String>, limit: Int, scratch: inout RelatedScratch
    ) -> (list: [Int], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var chosen: [Int] = []
        for slug in articles[current].document.related {
            guard let other = indexBySlug[slug] else {
                // An article that did not parse has its own error; it is just left out here.
                if failed.contains(slug) { continue }
                let location = articles[current].document.relatedLocation ?? SourceLocation(file: articles[current].document.sourcePath)
                diagnostics.append(
                    .error(
                        "related: no published article with the slug '\(slug)'"
                            + Suggestion.didYouMean(slug, in: Array(indexBySlug.keys).sorted()),
                        at: location))
                continue
            }
            if other != current, !chosen.contains(other) { chosen.append(other) }
        }
        // What others share of an article's big tags and category comes ranked from its
        // combination's list (`SharedRelated`); only its small tags' articles are walked here,
        // and those not sharing one take their place in that list. An article with no big tag
        // walks its tags, and of the category-only ones (score 1) the first few are enough:
        // comparing every pair one at a time does not scale.
        let wanted = max(0, limit - chosen.count)
        var best = TopScores(count: wanted)
        let ranked = wanted > 0 ? shared?.candidates(of: current) : nil
        if wanted > 0 {
            let category = index.category[current]
            for tag in index.tags[current] where ranked == nil || !index.isBig(tag) {
                for other in index.byTag[tag] where other != current {
                    if scratch.scores[other] == 0 { scratch.touched.append(other) }
                    scratch.scores[other] += 1
                }
            }
            for other in scratch.touched {
                var score = Int(scratch.scores[other])
                scratch.scores[other] = 0
                scratch.sharing[other] = Int32(current)
                if category >= 0, index.category[other] == category { score += 1 }
                if ranked != nil {
                    for tag in index.tags[other] where index.isBig(tag) && index.tags[current].contains(tag) { score += 1 }
                }
                if best.admits(score: score, index: other), !chosen.contains(other) { best.insert(score: score, index: other) }
            }
            scratch.touched.removeAll(keepingCapacity: true)
            // The others, best first: the ranked list, or the category's articles (score 1);
            // stop once enough are found (a `where` clause would walk the whole list).
            var added = 0
            func consider(_ other: Int, score: Int) -> Bool {
                guard added < wanted else { return false }
                guard other != current, scratch.sharing[other] != Int32(current), !chosen.contains(other) else { return true }
                if best.admits(score: score, index: other) { best.insert(score: score, index: other) }
                added += 1
                return true
            }
            if let ranked {
                for (other, score) in ranked.articles { if !consider(other, score: score) { break } }
            } else if category >= 0 {
                for other in index.byCategory[category] { if !consider(other, score: 1) { break } }
            }
            if added < wanted, let ranked, ranked.isCut {
                // The list ran out before enough were found (many small tags' articles in it):
                // score this article by walking its big tags too.
                return related(
                    of: current, in: articles, index: index, shared: nil, indexBySlug: indexBySlug, failed: failed, limit: limit,
                    scratch: &scratch)
            }
        }
        // Articles are newest first, so the index breaks ties by date.
        chosen += best.indices
        return (Array(chosen.prefix(limit)), diagnostics)
    }

    /// The `count` highest scores seen, ties by lower index, best first. Most candidates
    /// fail `admits` at once, so nothing is kept or sorted for them.
    struct TopScores {
        let count: Int
        private(set) var kept: [(index: Int, score: Int)] = []

        init(count: Int) {
            self.count = count
            kept.reserveCapacity(count + 1)
        }

        var indices: [Int] { kept.map(\.index) }

        /// Whether a candidate would be among the `count` best so far.
        func admits(score: Int, index: Int) -> Bool {
            guard count > 0 else { return false }
            guard kept.count == count, let last = kept.last else { return true }
            return score > last.score || (score == last.score && index < last.index)
        }

        mutating func insert(score: Int, index: Int) {
            let position = kept.firstIndex { score > $0.score || (score == $0.score && index < $0.index) } ?? kept.count
            kept.insert((index, score), at: position)
            if kept.count > count { kept.removeLast() }
        }
    }

    /// Previous (older) and next (newer) article within the same category.
    private func linkNeighbours(_ articles: inout [ResolvedArticle], categories: [CategorySummary]) {
        for category in categories {
            let members = category.articles  // newest first
            for (position, index) in members.enumerated() {
                articles[index].next = position > 0 ? members[position - 1] : nil
                articles[index].previous = position + 1 < members.count ? members[position + 1] : nil
            }
        }
    }

    private func routes(for site: Site) -> [Route] {
        let configFile = SiteConfigLoader.path
        var routes: [Route] = [Route(kind: .home, subject: .home, path: config.languagePath("/"), source: configFile, template: "home")]
        for index in site.articles.indices {
            // By field: `for article in site.articles` would copy every article.
            routes.append(
                Route(
                    kind: .article, subject: .article(index), path: site.articles[index].path,
                    source: site.articles[index].document.sourcePath, template: site.articles[index].document.template ?? "article"))
        }
        // A site with no Content/articles/ (a catalog or a report site) has no archive and no
        // tag index, and no category index unless site.yml declares categories.
        let archivePages = hasArticleSection ? Pagination.pages(count: site.articles.count, size: config.pageSize) : []
        for page in archivePages {
            routes.append(
                Route(
                    kind: .list, subject: .archive(page: page), path: Pagination.path(base: config.languagePath(Self.archivePath), page: page.number),
                    source: configFile, template: "list"))
        }
        for (index, year) in site.archive.enumerated() {
            for page in Pagination.pages(count: year.articles.count, size: config.pageSize) {
                routes.append(
                    Route(
                        kind: .list, subject: .yearArchive(index, page: page), path: Pagination.path(base: year.path, page: page.number),
                        source: configFile, template: "list"))
            }
            for (month, archive) in year.months.enumerated() {
                for page in Pagination.pages(count: archive.articles.count, size: config.pageSize) {
                    routes.append(
                        Route(
                            kind: .list, subject: .monthArchive(index, month: month, page: page),
                            path: Pagination.path(base: archive.path, page: page.number), source: configFile, template: "list"))
                }
            }
        }
        for (index, category) in site.categories.enumerated() {
            for page in Pagination.pages(count: category.articles.count, size: config.pageSize) {
                routes.append(
                    Route(
                        kind: .list, subject: .category(index, page: page), path: Pagination.path(base: category.path, page: page.number),
                        source: configFile, template: "list"))
            }
            routes.append(Route(kind: .feed, subject: .categoryFeed(index), path: category.feedPath, source: configFile))
        }
        for (index, tag) in site.tags.enumerated() {
            let source = site.articles[tag.articles[0]].document.sourcePath
            for page in Pagination.pages(count: tag.articles.count, size: config.pageSize) {
                routes.append(
                    Route(
                        kind: .list, subject: .tag(index, page: page), path: Pagination.path(base: tag.path, page: page.number),
                        source: source, template: "list"))
            }
        }
        if hasArticleSection || !site.categories.isEmpty {
            routes.append(
                Route(
                    kind: .terms, subject: .categoryIndex,
                    path: indexPath(of: config.permalinks.category, fallback: config.languagePath("/categories/")),
                    source: configFile, template: "terms"))
        }
        if hasArticleSection {
            routes.append(
                Route(
                    kind: .terms, subject: .tagIndex, path: indexPath(of: config.permalinks.tag, fallback: config.languagePath("/tags/")),
                    source: configFile,
                    template: "terms"))
        }
        for (index, page) in site.pages.enumerated() {
            routes.append(
                Route(
                    kind: .page, subject: .page(index), path: page.path, source: page.document.sourcePath,
                    template: page.document.template ?? (page.document.kind == .report ? "report" : "page")))
        }
        routes += CatalogRoutes.routes(for: site.catalogs)
        if hasSearchPage {
            routes.append(Route(kind: .search, subject: .search, path: config.languagePath(Self.searchPath), source: configFile, template: "search"))
        }
        routes.append(Route(kind: .notFound, subject: .notFound, path: config.languagePath("/404.html"), source: configFile, template: "404"))
        routes.append(Route(kind: .feed, subject: .siteFeed, path: config.languagePath("/feed.xml"), source: configFile))
        // One sitemap and one robots.txt for every language, at the root (`SitemapRenderer`).
        if config.languagePrefix.isEmpty {
            routes.append(Route(kind: .sitemap, subject: .sitemap, path: "/sitemap.xml", source: configFile))
            routes.append(Route(kind: .robots, subject: .robots, path: "/robots.txt", source: configFile))
        }
        return routes
    }

    package static let archivePath = "/articles/"
    /// The search page, beside the index's files (`search/`).
    package static let searchPath = "/search/"
    /// Pages from `Content/reports/`.
    static let reportPermalink = "/reports/:slug/"

    /// `/tags/:slug/` gives `/tags/`: the folder that holds every term's page.
    private func indexPath(of pattern: String, fallback: String) -> String {
        guard let range = pattern.range(of: ":slug") else { return fallback }
        let prefix = String(pattern[..<range.lowerBound])
        return prefix.hasSuffix("/") && prefix.count > 1 ? prefix : fallback
    }

    /// Two routes writing the same file is an error naming both sources; so is a static
    /// file colliding with a generated page, and a file where another output needs a folder.
    private func duplicateURLs(_ site: Site) -> [Diagnostic] {
        // Each output path once, with the number of its first route.
        var owners: [String: Int] = [:]
        owners.reserveCapacity(site.routes.count)
        var diagnostics: [Diagnostic] = []
        let paths = site.routes.map(\.outputPath) + site.staticFiles.map(\.outputPath)
        for number in site.routes.indices {
            if let earlier = owners[paths[number]] {
                let (first, route) = (site.routes[earlier], site.routes[number])
                let names = [describe(first), describe(route)].sorted()
                let file = [first.source, route.source].filter { $0 != SiteConfigLoader.path }.max() ?? route.source
                diagnostics.append(Diagnostic(.error, "URL \(route.path) is produced twice: by \(names[0]) and by \(names[1])", file: file))
            } else {
                owners[paths[number]] = number
            }
        }
        for file in site.staticFiles {
            if let route = owners[file.outputPath].map({ site.routes[$0] }) {
                diagnostics.append(
                    Diagnostic(.error, "this static file would overwrite \(route.path), produced by \(describe(route))", file: file.sourcePath))
            }
        }
        diagnostics += OutputCollisions.staticFilesOverGenerated(site)
        diagnostics += OutputCollisions.fileFolderCollisions(paths) { number in
            guard number < site.routes.count else {
                let file = site.staticFiles[number - site.routes.count]
                return .init(description: "the static file \(file.sourcePath)", source: file.sourcePath)
            }
            return .init(description: describe(site.routes[number]), source: site.routes[number].source)
        }
        return diagnostics
    }

    private func describe(_ route: Route) -> String {
        switch route.subject {
        case .article, .page: route.source
        case .home: "the home page"
        case .archive: "the article archive"
        case .yearArchive, .monthArchive: "the archive of a year or month"
        case .category: "a category list"
        case .tag: "a tag list"
        case .categoryIndex: "the category index"
        case .tagIndex: "the tag index"
        case .notFound: "the 404 page"
        case .search: "the search page"
        case .siteFeed, .categoryFeed: "a feed"
        case .sitemap, .sitemapPart: "the sitemap"
        case .robots: "robots.txt"
        case .redirect: "an alias in \(route.source)"
        case .redirectsFile: "_redirects"
        case .catalogIndex, .catalogFacet, .catalogOrder: "the catalog \(route.source)"
        case .catalogItem: "an item of \(route.source)"
        }
    }
}
