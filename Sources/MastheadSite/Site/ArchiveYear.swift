import Foundation

/// One year of articles, for its archive page (`/articles/2026/`) and the archive index.
package struct ArchiveYear: Sendable {
    package var year: Int
    package var path: String
    /// Indexes into `Site.articles`, newest first.
    package var articles: [Int]
    /// Newest first.
    package var months: [ArchiveMonth]

    /// Articles by year and month of their date in the site's time zone, newest first.
    static func group(_ articles: [ResolvedArticle], timeZone: TimeZone, base: String) -> [ArchiveYear] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var years: [ArchiveYear] = []
        // Articles are newest first, so years and months come in order.
        for index in articles.indices {
            let parts = calendar.dateComponents([.year, .month], from: articles[index].document.date)
            let year = parts.year ?? 0
            let month = parts.month ?? 1
            if years.last?.year != year {
                years.append(ArchiveYear(year: year, path: base + "\(year)/", articles: [], months: []))
            }
            years[years.count - 1].articles.append(index)
            if years[years.count - 1].months.last?.month != month {
                let path = base + "\(year)/" + (month < 10 ? "0\(month)" : "\(month)") + "/"
                years[years.count - 1].months.append(ArchiveMonth(year: year, month: month, path: path, articles: []))
            }
            let last = years[years.count - 1].months.count - 1
            years[years.count - 1].months[last].articles.append(index)
        }
        return years
    }
}

/// One month of articles (`/articles/2026/03/`).
package struct ArchiveMonth: Sendable {
    package var year: Int
    /// 1 to 12.
    package var month: Int
    package var path: String
    /// Indexes into `Site.articles`, newest first.
    package var articles: [Int]
}
