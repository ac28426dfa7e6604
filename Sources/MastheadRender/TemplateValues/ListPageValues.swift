/// The values of a page of the archive, of a category or of a tag.
struct ListPageValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case list, articles, pagination
        static let byName = table()
    }

    let list: ListValues
    let articles: [CardValues]
    let pagination: PaginationValues?

    func value(for key: Key) -> Any? {
        switch key {
        case .list: list
        case .articles: articles
        case .pagination: pagination
        }
    }
}
