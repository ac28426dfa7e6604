import MastheadContent

/// One image of an article's `gallery:` as the form holds it: an image of the library, its alt
/// text (required) and its caption.
struct GalleryImage: Sendable, Equatable {
    var src: String
    var alt: String
    var caption: String

    /// The images of a `gallery:` value; nil when it has a shape the form cannot hold without
    /// loss (another key, a value that is not one line of text), and it is shown as its lines.
    static func images(of value: YAMLNode?) -> [GalleryImage]? {
        guard let value, !value.isNull else { return [] }
        guard let items = value.items else { return nil }
        var images: [GalleryImage] = []
        for item in items {
            guard let entries = item.entries,
                entries.allSatisfy({ ["src", "alt", "caption"].contains($0.key) && $0.value.string.map(isOneLine) == true })
            else { return nil }
            images.append(GalleryImage(src: item["src"]?.string ?? "", alt: item["alt"]?.string ?? "", caption: item["caption"]?.string ?? ""))
        }
        return images
    }

    /// The images a sent form gives, in order: `gallery.0.src`, `gallery.0.alt`, `gallery.0.caption`, ...;
    /// an image whose address is empty is left out.
    static func images(in form: [String: String], key: String) -> [GalleryImage] {
        let indexes = form.keys.compactMap { name -> Int? in
            guard name.hasPrefix(key + "."), name.hasSuffix(".src") else { return nil }
            return Int(name.dropFirst(key.count + 1).dropLast(".src".count))
        }.sorted()
        return indexes.map { index in
            func value(_ part: String) -> String { (form["\(key).\(index).\(part)"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
            return GalleryImage(src: value("src"), alt: value("alt"), caption: value("caption"))
        }.filter { !$0.src.isEmpty }
    }

    /// The lines of `gallery:` as a person writes them: one flow mapping an image, alt text and caption quoted.
    static func yaml(_ images: [GalleryImage], key: String) -> String {
        ([key + ":"]
            + images.map { image in
                var entries = [(key: "src", value: image.src), (key: "alt", value: image.alt)]
                if !image.caption.isEmpty { entries.append((key: "caption", value: image.caption)) }
                return "  - " + YAMLText.mapping(entries, quoting: ["alt", "caption"])
            }).joined(separator: "\n")
    }

    /// The form's value for a gallery, one image a line (what `FrontMatterForm` compares to see a change).
    static func formValue(_ images: [GalleryImage]) -> String {
        images.map { [$0.src, $0.alt, $0.caption].joined(separator: "\u{1F}") }.joined(separator: "\n")
    }

    private static func isOneLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{1F}" }
    }
}
