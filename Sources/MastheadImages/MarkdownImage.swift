import MastheadSupport

/// An image written in a Markdown body (`![alt](/images/photo.jpg "caption")`) that Masthead processes.
package struct MarkdownImage: Sendable, Hashable {
    /// As written: a path on the site, from its root.
    package var src: String
    package var alt: String
    package var caption: String?
    /// Its title, written as the `<img>`'s (an image inside a paragraph: `My ![x](/x.jpg "title")`).
    package var title: String?
    package var location: SourceLocation
    /// The text that stands for it in the body's HTML until images are processed (`ImageMarkers`).
    package var marker: String

    package init(src: String, alt: String, caption: String?, title: String? = nil, location: SourceLocation, marker: String) {
        self.src = src
        self.alt = alt
        self.caption = caption
        self.title = title
        self.location = location
        self.marker = marker
    }

    /// A path from the site's root (`/images/x.jpg`), not a URL elsewhere.
    package static func isSitePath(_ destination: String) -> Bool {
        destination.hasPrefix("/") && !destination.hasPrefix("//")
    }
}
