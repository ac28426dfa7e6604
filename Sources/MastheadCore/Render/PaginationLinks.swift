/// The navigation values of one page of a list: previous, next, and a window of page links
/// (the first, the last, and `window` either side of the current one, with a gap marker
/// between), so that a list of 10,000 pages does not put 10,000 links on each of them.
enum PaginationLinks {
    static let window = 2

    /// Nil for a list that fits on one page.
    static func values(_ page: Pagination, base: String, config: SiteConfig) -> [String: Any]? {
        guard page.total > 1 else { return nil }
        var pages: [[String: Any]] = []
        var previous = 0
        for number in numbersShown(current: page.number, total: page.total) {
            if number > previous + 1 { pages.append(["gap": true]) }
            var link: [String: Any] = ["number": number, "url": config.link(forPath: Pagination.path(base: base, page: number))]
            if number == page.number { link["current"] = true }
            pages.append(link)
            previous = number
        }
        var values: [String: Any] = ["current": page.number, "total": page.total, "pages": pages]
        if page.number > 1 { values["previousURL"] = config.link(forPath: Pagination.path(base: base, page: page.number - 1)) }
        if page.number < page.total { values["nextURL"] = config.link(forPath: Pagination.path(base: base, page: page.number + 1)) }
        return values
    }

    /// 1, the last page, and the window around the current one, in order.
    static func numbersShown(current: Int, total: Int) -> [Int] {
        let around = (current - window)...(current + window)
        return Set([1, total] + around.filter { (1...total).contains($0) }).sorted()
    }
}
