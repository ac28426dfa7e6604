import MastheadSupport

/// An image written in a Markdown body (`![alt](/images/photo.jpg "caption")`) that Masthead processes.
public struct MarkdownImage: Sendable, Hashable {
    /// As written: a path on the site, from its root.
    public var src: String
    public var alt: String
    public var caption: String?
    public var location: SourceLocation

    public init(src: String, alt: String, caption: String?, location: SourceLocation) {
        self.src = src
        self.alt = alt
        self.caption = caption
        self.location = location
    }

    /// A path from the site's root (`/images/x.jpg`), not a URL elsewhere.
    public static func isSitePath(_ destination: String) -> Bool {
        destination.hasPrefix("/") && !destination.hasPrefix("//")
    }
}
