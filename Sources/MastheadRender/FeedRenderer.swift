import Foundation
import MastheadImages
import MastheadSite
import MastheadSupport

/// Atom feeds (RFC 4287): one for the site, one per category.
struct FeedRenderer {
    let site: Site
    let format: SiteFormatter
    /// For the bodies' images (`ImageMarkup`).
    var images = SiteImages()

    func feed(title: String, subtitle: String, path: String, articles: [Int]) -> String {
        let config = site.config
        let entries = articles.prefix(config.feedLength).map { site.articles[$0] }
        // The newest entry's date, so the same content always gives the same feed.
        let updated = entries.map { $0.document.date }.max() ?? Date(timeIntervalSince1970: 0)
        let author = config.author ?? config.title
        // Media RSS only when an entry has a cover to describe with it.
        let mediaNamespace = entries.contains { $0.document.cover != nil } ? " xmlns:media=\"http://search.yahoo.com/mrss/\"" : ""
        // Built with room for the articles' HTML (escaping adds a little): a feed of a 100 MB
        // article used to be copied five times over on its way out.
        var xml = ""
        let contentSize = entries.reduce(0) { $0 + $1.document.contentHTMLSize }
        xml.reserveCapacity(contentSize + contentSize / 4 + 4_096 * (entries.count + 1))
        xml += """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"\(mediaNamespace) xml:lang="\(XML.escape(config.language))">
              <title>\(XML.escape(title))</title>
              <subtitle>\(XML.escape(subtitle))</subtitle>
              <link href="\(XML.escape(config.absoluteURL(forPath: path)))" rel="self" type="application/atom+xml"/>
              <link href="\(XML.escape(config.baseURL))" rel="alternate" type="text/html"/>
              <id>\(XML.escape(config.absoluteURL(forPath: path)))</id>
              <updated>\(format.rfc3339(updated))</updated>
              <author><name>\(XML.escape(author))</name></author>
              <generator>Masthead</generator>

            """
        for article in entries {
            let document = article.document
            let permalink = config.absoluteURL(forPath: article.path)
            xml += """
                  <entry>
                    <title>\(XML.escape(document.title))</title>
                    <link href="\(XML.escape(permalink))" rel="alternate" type="text/html"/>
                    <id>\(XML.escape(permalink))</id>
                    <published>\(format.rfc3339(document.date))</published>
                    <updated>\(format.rfc3339(document.date))</updated>
                    <author><name>\(XML.escape(document.author ?? author))</name></author>

                """
            if let category = article.category {
                xml += "    <category term=\"\(XML.escape(category.slug))\" label=\"\(XML.escape(category.name))\"/>\n"
            }
            xml += coverElements(document)
            xml += """
                    <summary type="text">\(XML.escape(document.summary))</summary>
                    <content type="html" xml:base="\(XML.escape(permalink))">
                """
            if document.bodyImages.isEmpty {
                XML.escape(document.contentHTML, into: &xml)
            } else {
                let html = ImageMarkup.fill(
                    document.contentHTML, images: document.bodyImages, table: images, firstIsProminent: false,
                    link: { TemplateSource.imageLink($0, config: config) })
                XML.escape(html, into: &xml)
            }
            xml += """
                </content>
                  </entry>

                """
        }
        xml += "</feed>\n"
        return xml
    }

    /// The cover as RSS-to-email services and feed readers look for it: an enclosure and a
    /// `media:content` (Media RSS), its largest JPEG or PNG copy (an SVG as it is), with its size.
    private func coverElements(_ document: Document) -> String {
        guard let cover = document.cover else { return "" }
        let image = images.image(cover.src)
        let src = image?.src ?? cover.src
        let url = src.contains("://") ? src : site.config.absoluteURL(forPath: src)
        let type: String
        switch src.lowercasedPathExtension {
        case "png": type = "image/png"
        case "svg": type = "image/svg+xml"
        case "webp": type = "image/webp"
        case "avif": type = "image/avif"
        case "gif": type = "image/gif"
        default: type = "image/jpeg"
        }
        var size = ""
        if let width = image?.width, let height = image?.height { size = " width=\"\(width)\" height=\"\(height)\"" }
        return "    <link rel=\"enclosure\" href=\"\(XML.escape(url))\" type=\"\(type)\"/>\n"
            + "    <media:content url=\"\(XML.escape(url))\" medium=\"image\" type=\"\(type)\"\(size)>"
            + "<media:description type=\"plain\">\(XML.escape(cover.alt))</media:description></media:content>\n"
    }
}
