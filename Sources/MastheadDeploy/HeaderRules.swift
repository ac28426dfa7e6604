/// The HTTP headers a published file is served with: its content type (with a charset for
/// text) and how long browsers and CDNs may keep it. Defaults right for a magazine, then the
/// site's own rules by glob (`deploy: headers:` in site.yml), the last matching rule winning.
package struct HeaderRules: Sendable, Equatable {
    /// One override: the files it applies to and the headers it sets (nil: left as it was).
    package struct Rule: Sendable, Equatable {
        package var match: PathGlob
        package var cacheControl: String?
        package var contentType: String?

        package init(match: PathGlob, cacheControl: String? = nil, contentType: String? = nil) {
            self.match = match
            self.cacheControl = cacheControl
            self.contentType = contentType
        }
    }

    /// A file's headers.
    package struct Headers: Sendable, Equatable, Hashable {
        package var contentType: String
        package var cacheControl: String
    }

    package var rules: [Rule]

    package init(rules: [Rule] = []) {
        self.rules = rules
    }

    /// Pages and feeds change whenever an article does: caches ask again after five minutes.
    package static let short = "public, max-age=300"
    /// A file whose name carries its content's hash never changes under that name.
    package static let immutable = "public, max-age=31536000, immutable"
    /// Images and fonts are replaced, not edited, under the same name: a week.
    package static let long = "public, max-age=604800"
    /// Stylesheets and scripts without a hash in their name: an hour, so a new design shows soon.
    package static let medium = "public, max-age=3600"

    package func headers(for path: String) -> Headers {
        let fileExtension = Self.fileExtension(path)
        var headers = Headers(contentType: Self.contentType(fileExtension: fileExtension), cacheControl: Self.cacheControl(path, fileExtension))
        for rule in rules where rule.match.matches(path) {
            if let value = rule.cacheControl { headers.cacheControl = value }
            if let value = rule.contentType { headers.contentType = value }
        }
        return headers
    }

    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    static func contentType(fileExtension: String) -> String {
        switch fileExtension {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json", "map": "application/json; charset=utf-8"
        case "xml", "xsl": "application/xml; charset=utf-8"
        case "rss": "application/rss+xml; charset=utf-8"
        case "atom": "application/atom+xml; charset=utf-8"
        case "txt", "": "text/plain; charset=utf-8"
        case "csv": "text/csv; charset=utf-8"
        case "md": "text/markdown; charset=utf-8"
        case "svg": "image/svg+xml; charset=utf-8"
        case "webmanifest": "application/manifest+json; charset=utf-8"
        case "ics": "text/calendar; charset=utf-8"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "ico": "image/x-icon"
        case "woff": "font/woff"
        case "woff2": "font/woff2"
        case "ttf": "font/ttf"
        case "otf": "font/otf"
        case "pdf": "application/pdf"
        case "zip": "application/zip"
        case "gz": "application/gzip"
        case "wasm": "application/wasm"
        case "mp4": "video/mp4"
        case "webm": "video/webm"
        case "mp3": "audio/mpeg"
        default: "application/octet-stream"
        }
    }

    static func cacheControl(_ path: String, _ fileExtension: String) -> String {
        if isFingerprinted(path) { return immutable }
        switch fileExtension {
        case "png", "jpg", "jpeg", "gif", "webp", "avif", "svg", "ico", "woff", "woff2", "ttf", "otf", "mp4", "webm", "mp3", "pdf":
            return long
        case "css", "js", "mjs", "wasm":
            return medium
        default:
            return short
        }
    }

    /// Whether the file's name carries a hash of its content: a part of eight or more
    /// hexadecimal digits with at least one digit, set off by `.` or `-` (`site.3fa9c1d2.css`,
    /// `photo-800-1a2b3c4d5e.webp`).
    static func isFingerprinted(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        let stem = name.split(separator: ".").dropLast()
        return stem.flatMap { $0.split(separator: "-") }.contains { part in
            part.count >= 8 && part.allSatisfy(\.isHexDigit) && part.contains(where: \.isNumber)
        }
    }
}
