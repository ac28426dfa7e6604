/// Articles by tag and by category, as small integers, each list in article order (newest
/// first): what finding related articles needs without comparing every pair of articles,
/// or copying an article's strings for every comparison.
struct RelatedIndex {
    /// Per article: its tags' numbers, and its category's number (-1 for none).
    var tags: [[Int]] = []
    var category: [Int] = []
    /// Per tag and per category number: its articles.
    var byTag: [[Int]] = []
    var byCategory: [[Int]] = []

    init(_ articles: [ResolvedArticle]) {
        var tagNumbers: [String: Int] = [:]
        var categoryNumbers: [String: Int] = [:]
        tags.reserveCapacity(articles.count)
        category.reserveCapacity(articles.count)
        for (index, article) in articles.enumerated() {
            var numbers: [Int] = []
            for slug in article.tagSlugs {
                let number =
                    tagNumbers[slug]
                    ?? {
                        tagNumbers[slug] = byTag.count
                        byTag.append([])
                        return byTag.count - 1
                    }()
                byTag[number].append(index)
                numbers.append(number)
            }
            tags.append(numbers)
            if let slug = article.category?.slug {
                let number =
                    categoryNumbers[slug]
                    ?? {
                        categoryNumbers[slug] = byCategory.count
                        byCategory.append([])
                        return byCategory.count - 1
                    }()
                byCategory[number].append(index)
                category.append(number)
            } else {
                category.append(-1)
            }
        }
    }
}
