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

    public enum Format: String, Sendable {
        case markdown, html
    }

    public var kind: Kind
    public var format: Format
    public var sourcePath: String
    public var slug: String
    public var title: String
    public var subtitle: String?
    /// As written in front matter, or derived from the first paragraph.
    public var summary: String
    /// Whether `summary` was written in front matter (and so is not a copy of the body's start).
    public var summaryIsWritten = false
    public var date: Date
    public var publishDate: Date?
    public var expiryDate: Date?
    public var categorySlug: String?
    public var tags: [String] = []
    public var author: String?
    public var cover: Image?
    public var video: Video?
    public var gallery: [GalleryImage] = []
    public var featured = false
    public var draft = false
    /// Slugs of articles to show first among related articles.
    public var related: [String] = []
    public var relatedLocation: SourceLocation?
    public var template: String?
    /// Old URLs of the document, each given a redirect page (`aliases:`).
    public var aliases: [PageAlias] = []
    /// The body as HTML, read back from the build's `TextSpill` when it was set aside there.
    public var contentHTML: String {
        get { body.text }
        set { body.text = newValue }
    }
    /// `contentHTML`'s length in bytes, without reading it back.
    public var contentHTMLSize: Int { body.utf8Count }
    /// `contentHTML` as kept: in memory, or set aside until a page shows it.
    package var body: SpillableText
    /// The body's images that Masthead processes, in order: `contentHTML` holds a marker for
    /// each (`ImageMarkup`), replaced by its `<picture>` when a page is rendered.
    public var bodyImages: [MarkdownImage] = []
    /// The body's headings as a tree, when the article shows a table of contents (`toc:`).
    public var tableOfContents: TableOfContents?
    /// `toc:` as the file writes it: a translation that writes none follows its original's.
    public var writtenTOC: Bool?
    /// A translation that writes no `toc:`: what `toc: true` would show, for when its original writes it.
    public var headingsTOC: TableOfContents?
    public var wordCount: Int
    /// A fingerprint of the source file's bytes (`StableHash.digest`), set when the file is parsed:
    /// the preview re-renders a page only when the documents it shows have a new one.
    public var sourceHash = ""
    /// A translation's language, lower-cased (`en` for `moka.en.md`); nil in the default language.
    public var language: String?
    /// What groups a document with its translations (`translationKey:`, else the file name
    /// without language and extension).
    public var translationKey = ""
    /// The front matter keys the file writes: a translation takes the others from its original.
    public var writtenKeys: Set<String> = []
    /// Where the front matter starts (`translationKey:` when written), for problems with the translation.
    public var translationLocation: SourceLocation?

    /// Reading time in whole minutes, at 200 words a minute, at least 1.
    public var readingMinutes: Int { max(1, Int((Double(wordCount) / 200).rounded(.up))) }

    public struct Image: Sendable, Hashable {
        public var src: String
        public var alt: String
        /// Where `src` is written, for problems with the image; not part of what the image is.
        public var location: SourceLocation?

        public static func == (left: Image, right: Image) -> Bool { left.src == right.src && left.alt == right.alt }
        public func hash(into hasher: inout Hasher) { hasher.combine(src) }
    }

    public struct GalleryImage: Sendable, Hashable {
        public var src: String
        public var alt: String
        public var caption: String?
        public var location: SourceLocation?

        public static func == (left: GalleryImage, right: GalleryImage) -> Bool {
            left.src == right.src && left.alt == right.alt && left.caption == right.caption
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(src) }
    }
}
