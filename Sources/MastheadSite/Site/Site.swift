import Foundation

/// Everything a build knows once content is parsed and joined: the input of rendering.
package struct Site: Sendable {
    package var config: SiteConfig
    /// Published articles, newest first.
    package var articles: [ResolvedArticle]
    package var pages: [ResolvedPage]
    package var categories: [CategorySummary]
    /// Every tag, sorted by slug.
    package var tags: [TagSummary]
    package var routes: [Route]
    /// Files copied as they are (`Content/static/...`).
    package var staticFiles: [StaticFile]
    /// Catalogs declared in site.yml, in declaration order.
    package var catalogs: [Catalog] = []
    /// The year archives, newest first, each with its months; empty with `archives: false`.
    package var archive: [ArchiveYear] = []
    /// Named charts from site.yml's `charts:`, rendered: `{{{charts.NAME}}}` in templates.
    package var charts: [String: String] = [:]
    /// In the default language's site of a multilingual site: every other language's site
    /// (`SiteConfig.view`), resolved alike; empty otherwise.
    package var translations: [Site] = []
    /// Each page's versions in every language, the same table in every language's site.
    package var languageLinks = LanguageLinks()
}

package struct ResolvedArticle: Sendable {
    package var document: Document
    /// Site path, e.g. `/articles/moka/`.
    package var path: String
    package var category: CategoryConfig?
    package var tagSlugs: [String]
    /// Indexes into `Site.articles`.
    package var related: [Int] = []
    package var previous: Int?
    package var next: Int?
}

package struct ResolvedPage: Sendable {
    package var document: Document
    package var path: String
}

package struct CategorySummary: Sendable {
    package var config: CategoryConfig
    package var path: String
    package var feedPath: String
    /// Indexes into `Site.articles`, newest first.
    package var articles: [Int]
}

package struct TagSummary: Sendable {
    package var name: String
    package var slug: String
    package var path: String
    package var articles: [Int]
}

package struct StaticFile: Sendable {
    /// Relative to the site folder.
    package var sourcePath: String
    /// Relative to the output folder.
    package var outputPath: String
}

/// One page or file to produce.
package struct Route: Sendable {
    package enum Kind: String, Sendable, CaseIterable {
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
    package enum Subject: Sendable {
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
        /// One file of a sitemap cut in parts (`SitemapParts`): which of its listed URLs.
        case sitemapPart(Range<Int>)
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

    package var kind: Kind
    package var subject: Subject
    /// Site path: `/articles/moka/`, `/feed.xml`.
    package var path: String
    /// The file that produced the route, for duplicate-URL messages.
    package var source: String
    /// The template rendering the route; nil for files produced by code.
    package var template: String?

    package init(kind: Kind, subject: Subject, path: String, source: String, template: String? = nil) {
        self.kind = kind
        self.subject = subject
        self.path = path
        self.source = source
        self.template = template
    }

    /// Where the route is written: `/a/` gives `a/index.html`, `/feed.xml` gives `feed.xml`.
    package var outputPath: String {
        let trimmed = String(Substring(path.utf8.drop { $0 == UInt8(ascii: "/") }))
        if trimmed.isEmpty { return "index.html" }
        return path.hasSuffix("/") ? trimmed + "index.html" : trimmed
    }
}
