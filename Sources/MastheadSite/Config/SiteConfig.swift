import Foundation
import MastheadImages
import MastheadMarkdown
import MastheadSupport

/// `Content/site.yml`, typed.
public struct SiteConfig: Sendable {
    package var title: String
    package var description: String = ""
    /// Absolute, always ending in `/`.
    package var baseURL: String = "http://localhost/" {
        didSet { basePath = Self.basePath(of: baseURL) }
    }
    package var language: String = "en"
    package var timeZone: TimeZone = TimeZone(identifier: "UTC")!
    package var author: String?
    package var categories: [CategoryConfig] = []
    package var homeSections: [HomeSectionConfig] = [HomeSectionConfig(title: "Latest", show: .rest, limit: 6)]
    package var menu: [MenuLink] = []
    package var pageSize: Int = 10
    package var permalinks = Permalinks()
    public var markdown = MarkdownOptions()
    /// `toc:`: which articles get a table of contents, and of which heading levels.
    package var tableOfContents = TableOfContentsOptions()
    package var feedLength: Int = 20
    package var relatedLimit: Int = 3
    /// `archives:`: the year and month pages of articles (`/articles/2026/`, `/articles/2026/03/`).
    package var archives = true
    /// `images:`: widths, pixel limit, quality and social card colours.
    package var images = ImageSettings()
    /// `catalogs:`, in declaration order.
    package var catalogs: [CatalogConfig] = []
    /// `datasets:`, `charts:` and `statements:` (reports).
    package var reports = ReportsConfig()
    /// `colours.brand`: the site's brand colour; chart colours are derived from it when
    /// `charts.palette` lists none.
    package var brandColour: String?
    /// `email:`: the magazine's email edition (docs/email.md); nil: none.
    package var email: EmailConfig?
    /// `search:`: the index and the `/search/` page.
    package var search = SearchConfig()
    /// `languages:`: every language of a multilingual site, the default first; empty for a
    /// site in one language (docs/translating.md).
    package var languages: [LanguageConfig] = []
    /// What this configuration's site paths start with: empty for the default language,
    /// `/en` in the English view of the site (`LanguageView`).
    package var languagePrefix = ""

    package init(title: String) {
        self.title = title
    }

    /// The path part of the base URL (`/` or `/magazine/`): every internal link starts with it.
    /// Kept, not computed at each of the links of every page.
    package private(set) var basePath = "/"

    private static func basePath(of baseURL: String) -> String {
        guard let schemeEnd = baseURL.range(of: "://") else { return "/" }
        let afterHost = baseURL[schemeEnd.upperBound...]
        guard let slash = afterHost.firstIndex(of: "/") else { return "/" }
        return String(afterHost[slash...])
    }

    /// `/articles/x/` becomes `https://host/base/articles/x/`.
    package func absoluteURL(forPath path: String) -> String {
        baseURL + path.drop { $0 == "/" }
    }

    /// A site path (`/articles/x/`) as a link from a page (`/base/articles/x/`).
    package func link(forPath path: String) -> String {
        basePath + path.drop { $0 == "/" }
    }

    package func category(named nameOrSlug: String) -> CategoryConfig? {
        let slug = Slug.make(nameOrSlug)
        return categories.first { $0.slug == nameOrSlug || $0.slug == slug || $0.name == nameOrSlug }
    }
}

package struct CategoryConfig: Sendable, Hashable {
    package var name: String
    package var slug: String
    package var description: String = ""
    package var colour: String?
}

package struct HomeSectionConfig: Sendable {
    package enum Show: String, Sendable, CaseIterable {
        case featured, category, rest
    }

    package var title: String
    package var show: Show
    package var categorySlug: String?
    package var limit: Int
    package var background: String?
}

package struct MenuLink: Sendable {
    package var title: String
    package var url: String
}

/// URL patterns with the tokens `:slug`, `:year`, `:month`, `:day`, `:category`.
package struct Permalinks: Sendable {
    package var article = "/articles/:slug/"
    package var page = "/:slug/"
    package var category = "/categories/:slug/"
    package var tag = "/tags/:slug/"

    package static let tokens = [":slug", ":year", ":month", ":day", ":category"]

    /// Fills a pattern. The result always starts with `/`.
    package static func expand(_ pattern: String, slug: String, date: Date? = nil, category: String? = nil, timeZone: TimeZone) -> String {
        // One pass over the pattern's `:token`s; the calendar only when a date token is there
        // (this runs for every article on every build).
        var path = ""
        var parts: DateComponents?
        func part(_ component: Calendar.Component) -> Int? {
            guard let date else { return nil }
            if parts == nil {
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = timeZone
                parts = calendar.dateComponents([.year, .month, .day], from: date)
            }
            return parts?.value(for: component)
        }
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            path += rest[..<colon]
            let name = rest[rest.index(after: colon)...].prefix { $0.isASCII && $0.isLetter }
            switch name {
            case "slug": path += slug
            case "category": path += category ?? "uncategorised"
            case "year" where date != nil: path += String(format: "%04d", part(.year) ?? 0)
            case "month" where date != nil: path += String(format: "%02d", part(.month) ?? 0)
            case "day" where date != nil: path += String(format: "%02d", part(.day) ?? 0)
            default: path += ":" + name
            }
            rest = rest[name.endIndex...]
        }
        path += rest
        return path.hasPrefix("/") ? path : "/" + path
    }
}
