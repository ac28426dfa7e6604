import MastheadSupport

/// Every image the build made or measured, by its path on the site (`/images/moka.jpg`, as
/// front matter, Markdown and catalogs write it), and each page's social card.
package struct SiteImages: Sendable {
    package var byPath: [String: SiteImage] = [:]
    /// Social cards by the route's path (`/articles/moka/`).
    package var cards: [String: SiteImage] = [:]

    package init() {}

    /// The image `src` names: a path from the site's root, or relative to it (catalogs write
    /// `images/x.jpg`). Nil for URLs elsewhere and for unknown paths.
    package func image(_ src: String) -> SiteImage? {
        if src.containsLiteral("://") || src.hasPrefix("//") || src.hasPrefix("data:") { return nil }
        return byPath[src.hasPrefix("/") ? src : "/" + src]
    }
}

/// One image as pages show it: resized copies in each format (`sources`), or, for an image
/// published as it is (SVG, an animation), only its own path and size.
package struct SiteImage: Sendable {
    /// The file a plain `<img src>` and `og:image` use: the largest JPEG or PNG, or the file itself.
    package var src: String
    package var width: Int?
    package var height: Int?
    /// `#rrggbb`, the image's mean colour, shown while it loads.
    package var placeholder: String?
    /// Best format first (AVIF, WebP, then JPEG or PNG), each with its widths.
    package var sources: [Source] = []
    /// A social card's description (`og:image:alt`).
    package var alt: String?

    package struct Source: Sendable {
        package var format: ImageFormat
        /// Smallest first.
        package var candidates: [(width: Int, path: String)]

        package init(format: ImageFormat, candidates: [(width: Int, path: String)]) {
            self.format = format
            self.candidates = candidates
        }
    }

    package init(src: String, width: Int?, height: Int?, placeholder: String? = nil, sources: [Source] = [], alt: String? = nil) {
        self.src = src
        self.width = width
        self.height = height
        self.placeholder = placeholder
        self.sources = sources
        self.alt = alt
    }

    /// `srcset` of one source: `a.avif 480w, b.avif 960w`, each path made a link by `link` and
    /// percent-encoded as cmark encodes a `src` (a space would split the candidate).
    package func srcset(of format: ImageFormat, link: (String) -> String) -> String? {
        guard let source = sources.first(where: { $0.format == format }) else { return nil }
        return source.candidates.map { "\(XML.percentEncodedURL(link($0.path))) \($0.width)w" }.joined(separator: ", ")
    }

    /// The JPEG or PNG source: what `<img srcset>` lists.
    package var fallback: Source? { sources.last }
}
