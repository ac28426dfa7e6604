/// Articles by tag slug and by category slug, each list in article order (newest first):
/// what finding related articles needs without comparing every pair of articles.
struct RelatedIndex {
    var byTag: [String: [Int]] = [:]
    var byCategory: [String: [Int]] = [:]

    init(_ articles: [ResolvedArticle]) {
        for (index, article) in articles.enumerated() {
            for slug in article.tagSlugs { byTag[slug, default: []].append(index) }
            if let category = article.category { byCategory[category.slug, default: []].append(index) }
        }
    }
}
