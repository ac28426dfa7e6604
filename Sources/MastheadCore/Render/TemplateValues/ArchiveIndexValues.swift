/// `list.archive`: the years and months that have articles, newest first, each with its
/// page; `current` marks the page being shown.
struct ArchiveIndexValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case years
        static let byName = table()
    }

    let years: [ArchiveYearValues]

    /// `year` and `month` (indexes into `Site.archive`) name the page shown, if it is one.
    init(source: TemplateSource, year: Int? = nil, month: Int? = nil) {
        let config = source.config
        years = source.site.archive.enumerated().map { index, archive in
            ArchiveYearValues(
                name: String(archive.year), url: config.link(forPath: archive.path), count: archive.articles.count,
                current: index == year && month == nil,
                months: archive.months.enumerated().map { position, entry in
                    ArchiveMonthValues(
                        name: source.format.monthName(entry.month), url: config.link(forPath: entry.path), count: entry.articles.count,
                        current: index == year && position == month)
                })
        }
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .years: years
        }
    }
}

/// One year of `list.archive.years`.
struct ArchiveYearValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case name, url, count, current, months
        static let byName = table()
    }

    let name: String
    let url: String
    let count: Int
    let current: Bool
    let months: [ArchiveMonthValues]

    func value(for key: Key) -> Any? {
        switch key {
        case .name: name
        case .url: url
        case .count: count
        case .current: current ? true : nil
        case .months: months
        }
    }
}

/// One month of a year's `months`, oldest last.
struct ArchiveMonthValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case name, url, count, current
        static let byName = table()
    }

    let name: String
    let url: String
    let count: Int
    let current: Bool

    func value(for key: Key) -> Any? {
        switch key {
        case .name: name
        case .url: url
        case .count: count
        case .current: current ? true : nil
        }
    }
}
