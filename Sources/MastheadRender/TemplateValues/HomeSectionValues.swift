/// An entry of `sections` on the home page: a titled row of cards, with a link to more.
struct HomeSectionValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case title, id, articles, background, moreURL, moreTitle
        static let byName = table()
    }

    let title: String
    let id: String
    let articles: [CardValues]
    let background: String?
    /// The category's list or the archive: both or neither.
    let more: (url: String, title: String)?

    func value(for key: Key) -> Any? {
        switch key {
        case .title: title
        case .id: id
        case .articles: articles
        case .background: background
        case .moreURL: more?.url
        case .moreTitle: more?.title
        }
    }
}
