import Foundation

/// Everything a build knows once content is parsed and joined: the input of rendering.
public struct Site: Sendable {
    public var config: SiteConfig
    /// Published articles, newest first.
    public var articles: [ResolvedArticle]
    public var pages: [ResolvedPage]
    public var categories: [CategorySummary]
    /// Every tag, sorted by slug.
    public var tags: [TagSummary]
    public var routes: [Route]
    /// Files copied as they are (`Content/static/...`).
    public var staticFiles: [StaticFile]
    /// Catalogs declared in site.yml, in declaration order.
    public var catalogs: [Catalog] = []
    /// The year archives, newest first, each with its months; empty with `archives: false`.
    public var archive: [ArchiveYear] = []
    /// Named charts from site.yml's `charts:`, rendered: `{{{charts.NAME}}}` in templates.
    public var charts: [String: String] = [:]
    /// In the default language's site of a multilingual site: every other language's site
    /// (`SiteConfig.view`), resolved alike; empty otherwise.
    public var translations: [Site] = []
    /// Each page's versions in every language, the same table in every language's site.
    public var languageLinks = LanguageLinks()
}

public struct ResolvedArticle: Sendable {
    public var document: Document
    /// Site path, e.g. `/articles/moka/`.
    public var path: String
    public var category: CategoryConfig?
    public var tagSlugs: [String]
    /// Indexes into `Site.articles`.
    public var related: [Int] = []
    public var previous: Int?
    public var next: Int?
}

public struct ResolvedPage: Sendable {
    public var document: Document
    public var path: String
}

public struct CategorySummary: Sendable {
    public var config: CategoryConfig
    public var path: String
    public var feedPath: String
    /// Indexes into `Site.articles`, newest first.
    public var articles: [Int]
}

public struct TagSummary: Sendable {
    public var name: String
    public var slug: String
    public var path: String
    public var articles: [Int]
}

public struct StaticFile: Sendable {
    /// Relative to the site folder.
    public var sourcePath: String
    /// Relative to the output folder.
    public var outputPath: String
}

/// One page or file to produce.
public struct Route: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case home, article, list, terms, page, catalog, search
        case catalogItem = "catalog-item"
        case notFound = "404"
        case feed, sitemap, robots
        /// A page at an alias, sending readers to the page's URL.
        case redirect
        /// `_redirects`, every alias for Netlify and Cloudflare Pages.
        case redirects = "_redirects"
    }

    /// What the route shows: enough for the renderer to build its context.
    public enum Subject: Sendable {
        case home
        case article(Int)
        case archive(page: Pagination)
        /// One year's articles: index into `Site.archive`.
        case yearArchive(Int, page: Pagination)
        /// One month's articles: year and month indexes into `Site.archive`.
        case monthArchive(Int, month: Int, page: Pagination)
        case category(Int, page: Pagination)
        case tag(Int, page: Pagination)
        case categoryIndex
        case tagIndex
        case page(Int)
        case notFound
        /// The search page (`/search/`), when search is on.
        case search
        case siteFeed
        case categoryFeed(Int)
        case sitemap
        case robots
        /// An alias: the site path it leads to, and that page's title.
        case redirect(to: String, title: String)
        case redirectsFile
        /// A catalog's index page (`Site.catalogs` index).
        case catalogIndex(Int, page: Pagination)
        /// One item's page: catalog index, item index.
        case catalogItem(Int, item: Int)
        /// One facet value or numeric band: catalog, facet and value indexes.
        case catalogFacet(Int, facet: Int, value: Int, page: Pagination)
        /// One extra order of a catalog's index (`orders:`): catalog and order indexes.
        case catalogOrder(Int, order: Int, page: Pagination)
    }

    public var kind: Kind
    public var subject: Subject
    /// Site path: `/articles/moka/`, `/feed.xml`.
    public var path: String
    /// The file that produced the route, for duplicate-URL messages.
    public var source: String
    /// The template rendering the route; nil for files produced by code.
    public var template: String?

    package init(kind: Kind, subject: Subject, path: String, source: String, template: String? = nil) {
        self.kind = kind
        self.subject = subject
        self.path = path
        self.source = source
        self.template = template
    }

    /// Where the route is written: `/a/` gives `a/index.html`, `/feed.xml` gives `feed.xml`.
    public var outputPath: String {
        let trimmed = String(Substring(path.utf8.drop { $0 == UInt8(ascii: "/") }))
        if trimmed.isEmpty { return "index.html" }
        return path.hasSuffix("/") ? trimmed + "index.html" : trimmed
    }
}
