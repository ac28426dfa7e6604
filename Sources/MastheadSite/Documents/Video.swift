import Foundation

/// A YouTube video, embedded so that nothing loads from YouTube until the reader clicks.
package struct Video: Sendable, Hashable {
    package var id: String

    package var watchURL: String { "https://www.youtube.com/watch?v=\(id)" }
    /// The privacy-enhanced player: no cookies until the video plays.
    package var embedURL: String { "https://www.youtube-nocookie.com/embed/\(id)" }
    package var thumbnailURL: String { "https://i.ytimg.com/vi/\(id)/hqdefault.jpg" }

    /// Accepts `https://www.youtube.com/watch?v=ID`, `https://youtu.be/ID`,
    /// `https://www.youtube.com/embed/ID`, `https://www.youtube.com/shorts/ID` or a bare id.
    package init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if Self.isID(text) {
            id = text
            return
        }
        guard let components = URLComponents(string: text), let host = components.host?.lowercased() else { return nil }
        var candidate: String?
        if host == "youtu.be" {
            candidate = components.path.split(separator: "/").first.map(String.init)
        } else if host == "youtube.com" || host.hasSuffix(".youtube.com") || host == "youtube-nocookie.com" || host.hasSuffix(".youtube-nocookie.com")
        {
            if let value = components.queryItems?.first(where: { $0.name == "v" })?.value {
                candidate = value
            } else {
                let parts = components.path.split(separator: "/")
                if parts.count >= 2, ["embed", "shorts", "v", "live"].contains(parts[0]) { candidate = String(parts[1]) }
            }
        }
        guard let candidate, Self.isID(candidate) else { return nil }
        id = candidate
    }

    static func isID(_ text: String) -> Bool {
        text.count == 11
            && text.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
                default: false
                }
            }
    }
}
