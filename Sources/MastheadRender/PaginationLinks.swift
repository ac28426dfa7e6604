/// Which page links a page of a list shows: the first, the last, and `window` either side of
/// the current one (`PaginationValues` puts a gap marker between), so that a list of 10,000
/// pages does not put 10,000 links on each of them.
enum PaginationLinks {
    static let window = 2

    /// 1, the last page, and the window around the current one, in order.
    static func numbersShown(current: Int, total: Int) -> [Int] {
        let around = (current - window)...(current + window)
        return Set([1, total] + around.filter { (1...total).contains($0) }).sorted()
    }
}
