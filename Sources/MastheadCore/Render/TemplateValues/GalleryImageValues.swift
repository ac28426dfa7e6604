/// An image of `article.gallery`, with the ids of its neighbours for the viewer's links.
struct GalleryImageValues: TemplateValue, Sendable {
    enum Key: String, CaseIterable {
        case src, alt, caption, number, id, previousID, nextID
    }

    let image: Document.GalleryImage
    /// From 0.
    let offset: Int
    let count: Int
    /// A link: site paths get the base path.
    let src: String

    init(_ image: Document.GalleryImage, offset: Int, count: Int, src: String) {
        self.image = image
        self.offset = offset
        self.count = count
        self.src = src
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .src: src
        case .alt: image.alt
        case .caption: image.caption
        case .number: offset + 1
        case .id: "gallery-\(offset + 1)"
        case .previousID: offset > 0 ? "gallery-\(offset)" : nil
        case .nextID: offset + 1 < count ? "gallery-\(offset + 2)" : nil
        }
    }
}
