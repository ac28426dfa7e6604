/// Where each published document sits in a resolved site, by source path: what the resolve
/// stage of a patch (`ResolveStage.patch`) needs to put a saved document in place. Made once per
/// full build and kept with it, so a patch does not index 10,000 articles again.
package struct SiteDocumentIndex: Sendable {
    /// Indexes into `site.articles` and `site.pages` by source path.
    let articles: [String: Int]
    let pages: [String: Int]

    package init(_ site: Site) {
        articles = Self.indexByPath(site.articles.map(\.document.sourcePath))
        pages = Self.indexByPath(site.pages.map(\.document.sourcePath))
    }

    /// The published document of `site` read from `sourcePath`, if any.
    package func document(at sourcePath: String, in site: Site) -> Document? {
        articles[sourcePath].map { site.articles[$0].document } ?? pages[sourcePath].map { site.pages[$0].document }
    }

    private static func indexByPath(_ paths: [String]) -> [String: Int] {
        Dictionary(paths.indices.map { (paths[$0], $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A resolved site updated in place with new versions of some of its documents, valid
/// only when it gives what resolving the whole site again would give. In place: the site's
/// arrays are not copied (a copy of 10,000 articles cost more than the rest of a patch).
package struct SiteUpdate {
    let index: SiteDocumentIndex
    package private(set) var changedArticles = Set<Int>()
    package private(set) var changedPages = Set<Int>()

    package init(_ index: SiteDocumentIndex) {
        self.index = index
    }

    /// Puts `document` in place of the published document of `site` read from the same file.
    /// False (and nothing changed) when it is not published, or places differently in the site.
    package mutating func replace(with document: Document, in site: inout Site) -> Bool {
        if document.kind == .article, let index = index.articles[document.sourcePath] {
            guard Self.placesAlike(site.articles[index].document, document),
                Self.keepsOrder(document, at: index, in: site.articles)
            else { return false }
            site.articles[index].document = document
            changedArticles.insert(index)
            return true
        }
        if document.kind != .article, let index = index.pages[document.sourcePath] {
            guard Self.placesAlike(site.pages[index].document, document) else { return false }
            site.pages[index].document = document
            changedPages.insert(index)
            return true
        }
        return false  // not published: the change may publish it
    }

    /// Whether two versions of a document put the site together the same way. The title
    /// also orders articles, which `keepsOrder` checks.
    static func placesAlike(_ old: Document, _ new: Document) -> Bool {
        old.kind == new.kind && old.slug == new.slug && old.date == new.date && old.publishDate == new.publishDate
            && old.expiryDate == new.expiryDate && old.draft == new.draft && old.categorySlug == new.categorySlug
            && old.tags == new.tags && old.related == new.related && old.template == new.template
            && sameRedirects(old, new)
    }

    /// Aliases make routes, and their pages show the title: either change resolves the site again.
    static func sameRedirects(_ old: Document, _ new: Document) -> Bool {
        if old.aliases.isEmpty && new.aliases.isEmpty { return true }
        return old.aliases.map(\.path) == new.aliases.map(\.path) && old.title == new.title
    }

    /// Whether the article still sorts between its neighbours (a new title may move it).
    static func keepsOrder(_ document: Document, at index: Int, in articles: [ResolvedArticle]) -> Bool {
        let key = SiteResolver.OrderKey(document)
        if index > 0, !SiteResolver.OrderKey(articles[index - 1].document).precedes(key) { return false }
        if index + 1 < articles.count, !key.precedes(SiteResolver.OrderKey(articles[index + 1].document)) { return false }
        return true
    }
}
