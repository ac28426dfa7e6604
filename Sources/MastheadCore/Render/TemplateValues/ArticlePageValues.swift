/// An article page's values.
struct ArticlePageValues: TemplateValue {
    enum Key: String, CaseIterable {
        case article
    }

    let article: ArticleValues

    func value(for key: Key) -> Any? {
        switch key {
        case .article: article
        }
    }
}
