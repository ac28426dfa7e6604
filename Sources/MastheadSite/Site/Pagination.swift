/// One page of a paginated list.
package struct Pagination: Sendable, Hashable {
    /// 1-based.
    package var number: Int
    package var total: Int
    /// Indexes into the full list, for this page.
    package var range: Range<Int>

    /// Splits `count` items into pages of `size`. An empty list still has one (empty) page,
    /// so its URL exists and can say "nothing here yet".
    package static func pages(count: Int, size: Int) -> [Pagination] {
        let size = max(1, size)
        let total = max(1, (count + size - 1) / size)
        return (0..<total).map { index in
            Pagination(number: index + 1, total: total, range: (index * size)..<min(count, (index + 1) * size))
        }
    }

    /// `/tags/moka/` for page 1, `/tags/moka/page/2/` after.
    package static func path(base: String, page: Int) -> String {
        page == 1 ? base : base + "page/\(page)/"
    }
}
