import MastheadSupport

/// The HTML of a processed image in a Markdown body: `<picture>` with a source per format,
/// `srcset`, `sizes`, `width` and `height`, lazy loading unless it is the page's first image,
/// and its placeholder colour. Bodies are parsed before images are processed, so the parser
/// leaves a marker that rendering replaces (`fill`).
package enum ImageMarkup {
    /// Where a body image of a prose column stands: the column is at most 46rem wide.
    package static let bodySizes = "(min-width: 48rem) 46rem, 100vw"

    /// `html` with each marker replaced by its image. The first image gets `fetchpriority="high"`
    /// when `firstIsProminent` (a page with no cover above its body).
    package static func fill(
        _ html: String, images: [MarkdownImage], table: SiteImages, firstIsProminent: Bool, link: (String) -> String
    ) -> String {
        var filled = html
        for (index, written) in images.enumerated() {
            let markup: String
            if let image = table.image(written.src) {
                markup = picture(
                    image, alt: written.alt, title: written.title, sizes: bodySizes, prominent: index == 0 && firstIsProminent, link: link)
            } else {
                let title = written.title.map { " title=\"\(XML.escape($0))\"" } ?? ""
                markup = "<img src=\"\(XML.escapeURL(link(written.src)))\" alt=\"\(XML.escape(written.alt))\"\(title)>"
            }
            filled = filled.replacingLiteral(written.marker, with: markup)
        }
        return filled
    }

    package static func picture(
        _ image: SiteImage, alt: String, title: String? = nil, sizes: String, prominent: Bool, link: (String) -> String
    ) -> String {
        var html = image.sources.isEmpty ? "" : "<picture>"
        for source in image.sources.dropLast() {
            guard let srcset = image.srcset(of: source.format, link: link) else { continue }
            html += "<source type=\"\(source.format.mimeType)\" srcset=\"\(XML.escape(srcset))\" sizes=\"\(sizes)\">"
        }
        html += "<img src=\"\(XML.escapeURL(link(image.src)))\""
        if let fallback = image.fallback, let srcset = image.srcset(of: fallback.format, link: link) {
            html += " srcset=\"\(XML.escape(srcset))\" sizes=\"\(sizes)\""
        }
        html += " alt=\"\(XML.escape(alt))\""
        if let title { html += " title=\"\(XML.escape(title))\"" }
        if let width = image.width, let height = image.height { html += " width=\"\(width)\" height=\"\(height)\"" }
        html += prominent ? " fetchpriority=\"high\"" : " loading=\"lazy\" decoding=\"async\""
        if let placeholder = image.placeholder { html += " style=\"background-color: \(placeholder)\"" }
        html += ">"
        return image.sources.isEmpty ? html : html + "</picture>"
    }
}

/// The markers one body's images stand as in its HTML until they are processed:
/// `<!--masthead-image:0-->`, `<!--masthead-image:1-->`, … With raw HTML on, a body could write
/// such a comment itself and get a copy of an image (or of a photo it does not show); a body whose
/// text holds `masthead-image` gets markers with a key its text does not hold (`masthead-image-2:0`),
/// so no text of its own can stand for one.
package struct ImageMarkers: Sendable {
    package let key: String
    /// The index of the first image these markers are for (a media block's images after the body's).
    package var first = 0

    /// Markers no part of `text` (the body's Markdown) can forge.
    package init(unusedIn text: UnsafeBufferPointer<UInt8>) {
        let name = Array("masthead-image".utf8)
        var taken = Set<Int>()
        var found = false
        var index = 0
        while index + name.count <= text.count {
            guard text[index] == name[0], text[index..<index + name.count].elementsEqual(name) else {
                index += 1
                continue
            }
            found = true
            index += name.count
            // The key a marker of this text would have: `-7` in `masthead-image-7:`.
            guard index < text.count, text[index] == UInt8(ascii: "-") else { continue }
            var number = 0
            var digits = 0
            while index + 1 < text.count, digits < 9, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index + 1]) {
                number = number * 10 + Int(text[index + 1] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            if digits > 0 { taken.insert(number) }
        }
        var free = 1
        while taken.contains(free) { free += 1 }
        key = found ? "-\(free)" : ""
    }

    package init(key: String = "", first: Int = 0) {
        self.key = key
        self.first = first
    }

    /// The marker of the `index`th image from `first`.
    package func marker(_ index: Int) -> String { "<!--masthead-image\(key):\(first + index)-->" }
}
