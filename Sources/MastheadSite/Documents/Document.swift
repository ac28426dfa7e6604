import Foundation
import MastheadImages
import MastheadMarkdown
import MastheadSupport

/// An article or a standalone page, parsed from its file.
public struct Document: Sendable {
    public enum Kind: String, Sendable {
        case article, page
        /// A page from `Content/reports/`: at `/reports/<slug>/`, template `report`.
        case report
    }

    package enum Format: String, Sendable {
        case markdown, html
    }

    package var kind: Kind
    package var format: Format
    package var sourcePath: String
    package var slug: String
    public var title: String
    public var subtitle: String?
    /// As written in front matter, or derived from the first paragraph.
    public var summary: String
    /// Whether `summary` was written in front matter (and so is not a copy of the body's start).
    package var summaryIsWritten = false
    package var date: Date
    package var publishDate: Date?
    package var expiryDate: Date?
    package var categorySlug: String?
    package var tags: [String] = []
    package var author: String?
    package var cover: Image?
    package var video: Video?
    package var gallery: [GalleryImage] = []
    package var featured = false
    package var draft = false
    /// Slugs of articles to show first among related articles.
    package var related: [String] = []
    package var relatedLocation: SourceLocation?
    package var template: String?
    /// Old URLs of the document, each given a redirect page (`aliases:`).
    package var aliases: [PageAlias] = []
    /// The body as HTML, read back from the build's `TextSpill` when it was set aside there.
    package var contentHTML: String {
        get { body.text }
        set { body.text = newValue }
    }
    /// `contentHTML`'s length in bytes, without reading it back.
    package var contentHTMLSize: Int { body.utf8Count }
    /// `contentHTML` as kept: in memory, or set aside until a page shows it.
    package var body: SpillableText
    /// The body's images that Masthead processes, in order: `contentHTML` holds a marker for
    /// each (`ImageMarkup`), replaced by its `<picture>` when a page is rendered.
    package var bodyImages: [MarkdownImage] = []
    /// The body's headings as a tree, when the article shows a table of contents (`toc:`).
    package var tableOfContents: TableOfContents?
    /// `toc:` as the file writes it: a translation that writes none follows its original's.
    package var writtenTOC: Bool?
    /// A translation that writes no `toc:`: what `toc: true` would show, for when its original writes it.
    package var headingsTOC: TableOfContents?
    package var wordCount: Int
    /// A digest of the source file's bytes and of the rows its blocks
    /// read, set when the file is parsed: the preview, and `masthead build` after its first build,
    /// render a page again only when the documents it shows have a new one (`RouteFingerprints`).
    package var sourceHash = StableDigest()
    /// A translation's language, lower-cased (`en` for `moka.en.md`); nil in the default language.
    package var language: String?
    /// What groups a document with its translations (`translationKey:`, else the file name
    /// without language and extension).
    package var translationKey = ""
    /// The front matter keys a translation writes: it takes the others from its original. Empty
    /// for a document in the default language, whose keys nothing asks.
    package var writtenKeys: Set<String> = []
    /// Where the front matter starts (`translationKey:` when written), for problems with the translation.
    package var translationLocation: SourceLocation?

    /// Reading time in whole minutes, at 200 words a minute, at least 1.
    package var readingMinutes: Int { max(1, Int((Double(wordCount) / 200).rounded(.up))) }

    package struct Image: Sendable, Hashable {
        package var src: String
        package var alt: String
        /// Where `src` is written, for problems with the image; not part of what the image is.
        package var location: SourceLocation?

        package static func == (left: Image, right: Image) -> Bool { left.src == right.src && left.alt == right.alt }
        package func hash(into hasher: inout Hasher) { hasher.combine(src) }
    }

    package struct GalleryImage: Sendable, Hashable {
        package var src: String
        package var alt: String
        package var caption: String?
        package var location: SourceLocation?

        package static func == (left: GalleryImage, right: GalleryImage) -> Bool {
            left.src == right.src && left.alt == right.alt && left.caption == right.caption
        }
        package func hash(into hasher: inout Hasher) { hasher.combine(src) }
    }
}
