import MastheadMustache
import MastheadSite

/// An image of `article.gallery`, with the ids of its neighbours for the viewer's links, and
/// everything of an image (`ImageValues`).
struct GalleryImageValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case caption, number, id, previousID, nextID
        static let byName = table()
    }

    let caption: String?
    /// From 0.
    let offset: Int
    let count: Int
    let image: ImageValues

    init(_ written: Document.GalleryImage, offset: Int, count: Int, image: ImageValues) {
        caption = written.caption
        self.offset = offset
        self.count = count
        self.image = image
    }

    /// A gallery image is never the page's prominent one: no `priority`.
    func child(_ name: TemplateSymbol) -> Any? {
        if name.name == ImageValues.Key.priority.rawValue { return nil }
        return Key.byName[name].flatMap(value(for:)) ?? image.child(name)
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .caption: caption
        case .number: offset + 1
        case .id: "gallery-\(offset + 1)"
        case .previousID: offset > 0 ? "gallery-\(offset)" : nil
        case .nextID: offset + 1 < count ? "gallery-\(offset + 2)" : nil
        }
    }

    static var keys: [String] { Key.allCases.map(\.rawValue) + ImageValues.keys.filter { $0 != ImageValues.Key.priority.rawValue } }
}
