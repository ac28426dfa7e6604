/// An article page's values.
struct ArticlePageValues: TemplateValue {
    enum Key: String, TemplateKey {
        case article
        static let byName = table()
    }

    let article: ArticleValues

    func value(for key: Key) -> Any? {
        switch key {
        case .article: article
        }
    }
}
