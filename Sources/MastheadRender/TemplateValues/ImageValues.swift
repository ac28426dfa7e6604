import MastheadImages
import MastheadSite

/// An image as templates show it (`cover`, a gallery image, a catalog field of type `image`):
/// its link, and for a processed image the `srcset` of each format, its size and placeholder
/// colour. The `picture` partial of the default theme writes them out. Rendered as `{{field}}`,
/// it is the image's link.
struct ImageValues: TemplateValue, Sendable, CustomStringConvertible {
    enum Key: String, TemplateKey {
        case src, alt, srcset, avif, webp, width, height, placeholder, priority
        static let byName = table()
    }

    /// A link: site paths get the base path, full URLs stay. For a processed image, its largest JPEG or PNG.
    let src: String
    /// Nil for a catalog field: the template writes the item's own words.
    let alt: String?
    let srcset: String?
    let avif: String?
    let webp: String?
    let width: Int?
    let height: Int?
    let placeholder: String?
    /// The page's first, largest image: loaded first (`fetchpriority="high"`), never lazily.
    var priority = false

    init(src written: String, alt: String?, source: TemplateSource) {
        self.init(src: written, alt: alt, images: source.images, config: source.config)
    }

    init(src written: String, alt: String?, images: SiteImages, config: SiteConfig) {
        self.alt = alt
        let link = { TemplateSource.imageLink($0, config: config) }
        guard let image = images.image(written) else {
            (src, srcset, avif, webp, width, height, placeholder) = (link(written), nil, nil, nil, nil, nil, nil)
            return
        }
        src = link(image.src)
        srcset = image.fallback.flatMap { image.srcset(of: $0.format, link: link) }
        avif = image.srcset(of: .avif, link: link)
        webp = image.srcset(of: .webp, link: link)
        width = image.width
        height = image.height
        placeholder = image.placeholder
    }

    /// The same image as the page's prominent one.
    var prominent: ImageValues {
        var copy = self
        copy.priority = true
        return copy
    }

    var description: String { src }

    func value(for key: Key) -> Any? {
        switch key {
        case .src: src
        case .alt: alt
        case .srcset: srcset
        case .avif: avif
        case .webp: webp
        case .width: width
        case .height: height
        case .placeholder: placeholder
        case .priority: priority ? true : nil
        }
    }
}
