import MastheadSupport

/// The HTML of a processed image in a Markdown body: `<picture>` with a source per format,
/// `srcset`, `sizes`, `width` and `height`, lazy loading unless it is the page's first image,
/// and its placeholder colour. Bodies are parsed before images are processed, so the parser
/// leaves a marker that rendering replaces (`fill`).
public enum ImageMarkup {
    /// Where a body image of a prose column stands: the column is at most 46rem wide.
    public static let bodySizes = "(min-width: 48rem) 46rem, 100vw"

    /// The marker of a document's `index`th body image.
    public static func marker(_ index: Int) -> String { "<!--masthead-image:\(index)-->" }

    /// `html` with each marker replaced by its image. The first image gets `fetchpriority="high"`
    /// when `firstIsProminent` (a page with no cover above its body).
    public static func fill(
        _ html: String, images: [MarkdownImage], table: SiteImages, firstIsProminent: Bool, link: (String) -> String
    ) -> String {
        var filled = html
        for (index, written) in images.enumerated() {
            let markup: String
            if let image = table.image(written.src) {
                markup = picture(image, alt: written.alt, sizes: bodySizes, prominent: index == 0 && firstIsProminent, link: link)
            } else {
                markup = "<img src=\"\(XML.escape(link(written.src)))\" alt=\"\(XML.escape(written.alt))\">"
            }
            filled = filled.replacingLiteral(marker(index), with: markup)
        }
        return filled
    }

    public static func picture(_ image: SiteImage, alt: String, sizes: String, prominent: Bool, link: (String) -> String) -> String {
        var html = image.sources.isEmpty ? "" : "<picture>"
        for source in image.sources.dropLast() {
            guard let srcset = image.srcset(of: source.format, link: link) else { continue }
            html += "<source type=\"\(source.format.mimeType)\" srcset=\"\(XML.escape(srcset))\" sizes=\"\(sizes)\">"
        }
        html += "<img src=\"\(XML.escape(link(image.src)))\""
        if let fallback = image.fallback, let srcset = image.srcset(of: fallback.format, link: link) {
            html += " srcset=\"\(XML.escape(srcset))\" sizes=\"\(sizes)\""
        }
        html += " alt=\"\(XML.escape(alt))\""
        if let width = image.width, let height = image.height { html += " width=\"\(width)\" height=\"\(height)\"" }
        html += prominent ? " fetchpriority=\"high\"" : " loading=\"lazy\" decoding=\"async\""
        if let placeholder = image.placeholder { html += " style=\"background-color: \(placeholder)\"" }
        html += ">"
        return image.sources.isEmpty ? html : html + "</picture>"
    }
}
