/// `page`: what every page says about itself (titles, links, kind), for `<head>` and headings.
struct PageInfoValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case title, heading, description, url, permalink, kind, feedURL, image, imageWidth, imageHeight, imageAlt, noindex, jsonLD
        case languages, alternates, multilingual
        static let byName = table()
    }

    /// With the site's name (for `<title>`), unless the page's title is the site's.
    var title = ""
    var heading = ""
    var description = ""
    var url: String
    var permalink: String
    var kind: String
    var feedURL: String?
    /// Absolute, for social cards: the page's card (`SocialCards`), 1200×630.
    var image: String?
    var imageWidth: Int?
    var imageHeight: Int?
    var imageAlt: String?
    /// Member statements keep out of search engines.
    var noindex = false
    /// Structured data as `<script type="application/ld+json">` blocks (HTML).
    var jsonLD = ""
    /// On a multilingual site: this page in every language, for the language switcher.
    var languages: [LanguageVersionValues] = []
    /// On a multilingual site: the page's translations and `x-default`, for `<link rel="alternate" hreflang>`.
    var alternates: [AlternateValues] = []

    func value(for key: Key) -> Any? {
        switch key {
        case .title: title
        case .heading: heading
        case .description: description
        case .url: url
        case .permalink: permalink
        case .kind: kind
        case .feedURL: feedURL
        case .image: image
        case .imageWidth: imageWidth
        case .imageHeight: imageHeight
        case .imageAlt: imageAlt
        case .noindex: noindex ? true : nil
        case .jsonLD: jsonLD.isEmpty ? nil : jsonLD
        case .languages: languages.isEmpty ? nil : languages
        case .alternates: alternates.isEmpty ? nil : alternates
        case .multilingual: languages.isEmpty ? nil : true
        }
    }
}
