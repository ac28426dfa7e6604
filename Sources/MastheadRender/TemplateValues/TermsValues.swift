/// `terms` on the categories index and the tags index.
struct TermsValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case title, kind, items
        static let byName = table()
    }

    enum Items: Sendable {
        case categories([CategoryValues])
        case tags([TagValues])
    }

    let title: String
    let items: Items

    func value(for key: Key) -> Any? {
        switch (key, items) {
        case (.title, _): title
        case (.kind, .categories): "categories"
        case (.kind, .tags): "tags"
        case (.items, .categories(let categories)): categories
        case (.items, .tags(let tags)): tags
        }
    }
}
