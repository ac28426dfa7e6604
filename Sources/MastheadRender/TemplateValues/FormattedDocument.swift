import Foundation
import MastheadSite

/// An article's or page's links and dates, formatted once: a card is shown on many pages
/// (about ten times per article on a large site), and formatting is the costly part.
final class FormattedDocument: Sendable {
    let document: Document
    let url: String
    let permalink: String
    let date: String
    let dateISO: String
    let cover: ImageValues?
    /// For the body's images, written out when a page shows it.
    let source: TemplateSource

    init(_ document: Document, path: String, source: TemplateSource) {
        self.document = document
        self.source = source
        url = source.config.link(forPath: path)
        permalink = source.config.absoluteURL(forPath: path)
        date = source.format.longDate(document.date)
        dateISO = source.format.rfc3339(document.date)
        cover = document.cover.map { ImageValues(src: $0.src, alt: $0.alt, source: source) }
    }
}
