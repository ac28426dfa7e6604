/// `list.archive`: the years that have articles, newest first, each with its page, and the
/// months of one of them: the year shown, or the newest on the archive's own pages. `current`
/// marks the page being shown. Every month of every year on every archive page made the pages
/// grow with the site's age: 85 months on each of 30,000 pages at 100,000 articles.
struct ArchiveIndexValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case years
        static let byName = table()
    }

    let years: [ArchiveYearValues]

    /// `year` and `month` (indexes into `Site.archive`) name the page shown, if it is one.
    init(source: TemplateSource, year: Int? = nil, month: Int? = nil) {
        let config = source.config
        let open = year ?? 0
        years = source.site.archive.enumerated().map { index, archive in
            ArchiveYearValues(
                name: String(archive.year), url: config.link(forPath: archive.path), count: archive.articles.count,
                current: index == year && month == nil, open: index == open,
                months: index != open
                    ? []
                    : archive.months.enumerated().map { position, entry in
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
        case name, url, count, current, open, months
        static let byName = table()
    }

    let name: String
    let url: String
    let count: Int
    let current: Bool
    /// The year whose months are listed.
    let open: Bool
    /// Empty but on the open year.
    let months: [ArchiveMonthValues]

    func value(for key: Key) -> Any? {
        switch key {
        case .name: name
        case .url: url
        case .count: count
        // false, not nil, as for months: nil is looked up in the enclosing values.
        case .current: current
        case .open: open
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
        // false, not nil: nil would be looked up in the year, and on a year's own page every
        // month was marked current.
        case .current: current
        }
    }
}
