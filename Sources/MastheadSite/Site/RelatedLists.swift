import MastheadSupport

/// Every published article's related articles (indexes into `Site.articles`, in article
/// order), with the problems found making them (an explicit `related:` naming no article).
package struct RelatedLists: Sendable {
    var related: [[Int]]
    var diagnostics: [Diagnostic]
}

/// Related lists kept between preview builds. Finding them touches every pair of articles
/// sharing a tag (millions of pairs on a large site with few tags), yet they depend only on
/// each article's slug, tags, category and explicit `related`, in article order: while those
/// are unchanged (an edit to a body or a title), the last lists still hold. Only the latest is kept.
package typealias RelatedListsMemory = OnceCache<UInt64, RelatedLists>
