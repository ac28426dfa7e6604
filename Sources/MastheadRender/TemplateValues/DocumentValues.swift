/// What articles, cards and pages share: titles, summary, links, dates, cover.
/// Not a value of its own: `CardValues` and `DocumentPageValues` extend it.
struct DocumentValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case title, subtitle, summary, lede, url, permalink, date, dateISO, readingTime, author, cover, featured
        static let byName = table()
    }

    let formatted: FormattedDocument

    func value(for key: Key) -> Any? {
        let document = formatted.document
        return switch key {
        case .title: document.title
        case .subtitle: document.subtitle
        case .summary: document.summary
        // The introduction under the title: only a written summary, never a copy of the first paragraph.
        case .lede: document.summaryIsWritten ? document.summary : nil
        case .url: formatted.url
        case .permalink: formatted.permalink
        case .date: formatted.date
        case .dateISO: formatted.dateISO
        case .readingTime: document.readingMinutes
        case .author: document.author
        case .cover: formatted.cover
        case .featured: document.featured ? true : nil
        }
    }
}
