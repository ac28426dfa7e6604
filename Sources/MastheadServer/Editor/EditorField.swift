/// A front-matter field the editor gives an input of its own (docs/content.md names them all);
/// every other key of a file is shown as its YAML lines and kept as written.
struct EditorField: Sendable {
    enum Kind: Sendable {
        case text
        case longText
        /// `2026-04-21` or `2026-04-21T09:30`: written plain, as people write dates.
        case date
        case flag
        /// A select of the site's categories.
        case category
        /// Offered the values the site already has (tags, authors).
        case suggested
        /// Comma-separated in the form, a flow list in the file.
        case list
        /// `{ src, alt }`, alt text required.
        case image
        /// A list of `{ src, alt, caption }` (`GalleryImage`), alt text required for each.
        case gallery
    }

    let key: String
    let kind: Kind
    let label: String
    let help: String

    static let all: [EditorField] = [
        EditorField(key: "title", kind: .text, label: "Title", help: ""),
        EditorField(key: "subtitle", kind: .text, label: "Subtitle", help: ""),
        EditorField(key: "summary", kind: .longText, label: "Summary", help: "Shown in lists and feeds."),
        EditorField(key: "date", kind: .date, label: "Date", help: "A later date schedules the article."),
        EditorField(key: "publishDate", kind: .date, label: "Publish on", help: "Published from this moment (scheduling)."),
        EditorField(key: "draft", kind: .flag, label: "Draft", help: "A draft is never published."),
        EditorField(key: "category", kind: .category, label: "Category", help: ""),
        EditorField(key: "tags", kind: .list, label: "Tags", help: "Separated by commas."),
        EditorField(key: "author", kind: .suggested, label: "Author", help: ""),
        EditorField(key: "cover", kind: .image, label: "Cover", help: "From the media library; alt text is required."),
        EditorField(
            key: "gallery", kind: .gallery, label: "Gallery",
            help: "Images from the media library, shown after the text; alt text is required for each. Empty an image's box to take it out."),
        EditorField(key: "video", kind: .text, label: "Video", help: "A YouTube or Vimeo address."),
        EditorField(key: "toc", kind: .flag, label: "Table of contents", help: ""),
        EditorField(key: "related", kind: .list, label: "Related", help: "File names of other articles, separated by commas."),
        EditorField(key: "aliases", kind: .list, label: "Aliases", help: "Old addresses that redirect here, separated by commas."),
        EditorField(key: "translationKey", kind: .text, label: "Translation key", help: "Joins an article to its translations.")
    ]

    static let keys = Set(all.map(\.key))
}
