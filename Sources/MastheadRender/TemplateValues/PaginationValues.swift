import MastheadSite

/// `pagination` of a list or catalog page that has more than one: previous, next, and a
/// window of page links (`PaginationLinks`).
struct PaginationValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case current, total, pages, previousURL, nextURL
        static let byName = table()
    }

    let current: Int
    let total: Int
    let pages: [PaginationLinkValues]
    let previousURL: String?
    let nextURL: String?

    /// Nil for a list that fits on one page.
    init?(_ page: Pagination, base: String, config: SiteConfig) {
        guard page.total > 1 else { return nil }
        func link(_ number: Int) -> String { config.link(forPath: Pagination.path(base: base, page: number)) }
        var pages: [PaginationLinkValues] = []
        var previous = 0
        for number in PaginationLinks.numbersShown(current: page.number, total: page.total) {
            if number > previous + 1 { pages.append(.gap) }
            pages.append(.page(number, url: link(number), isCurrent: number == page.number))
            previous = number
        }
        current = page.number
        total = page.total
        self.pages = pages
        previousURL = page.number > 1 ? link(page.number - 1) : nil
        nextURL = page.number < page.total ? link(page.number + 1) : nil
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .current: current
        case .total: total
        case .pages: pages
        case .previousURL: previousURL
        case .nextURL: nextURL
        }
    }
}

/// An entry of `pagination.pages`: a page's link, or a gap where numbers are skipped.
enum PaginationLinkValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case number, url, current, gap
        static let byName = table()
    }

    case page(Int, url: String, isCurrent: Bool)
    case gap

    func value(for key: Key) -> Any? {
        switch (self, key) {
        case (.page(let number, _, _), .number): number
        case (.page(_, let url, _), .url): url
        // false, not nil, as for the archive's months: nil is looked up in `pagination`, whose
        // `current` is a page number.
        case (.page(_, _, let isCurrent), .current): isCurrent
        case (.gap, .gap): true
        default: nil
        }
    }
}
