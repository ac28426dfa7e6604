import Foundation

/// Paths of the site as editors write them (an alias, an image's `src`), read the way a web
/// server reads them: percent escapes decoded, so `%2e%2e` is `..` and `%2Egit` is `.git`.
package enum SitePath {
    /// The path with its percent escapes decoded; nil when a `%` is not followed by two
    /// hexadecimal digits or the bytes are not UTF-8.
    static func decoded(_ path: String) -> String? {
        guard path.containsByte(UInt8(ascii: "%")) else { return path }
        return path.removingPercentEncoding
    }

    /// The first `.` or `..` part of the path (decoded; before any `?` or `#`), or nil.
    static func dotSegment(in path: String) -> String? {
        let plain = decoded(path) ?? path
        let beforeQuery = plain.prefix { $0 != "?" && $0 != "#" }
        return beforeQuery.split(whereSeparator: { $0 == "/" || $0 == "\\" }).first { $0 == "." || $0 == ".." }.map(String.init)
    }

    /// Why an image's `src` (a cover, a gallery image, an image in Markdown) cannot be one of
    /// the site's files, or nil: a path with `..` or `.` in it climbs out of where it seems to
    /// be, and Masthead looks images up from the site's root. URLs elsewhere are not its concern.
    package static func imageProblem(_ src: String) -> String? {
        let trimmed = src.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") || trimmed.hasPrefix("data:") { return nil }
        if let colon = trimmed.firstIndex(of: ":"), !trimmed[..<colon].contains("/") { return nil }
        guard let segment = dotSegment(in: trimmed) else { return nil }
        let name = trimmed.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let example = name.isEmpty || dotSegment(in: name) != nil ? "/images/photo.jpg" : "/images/\(name)"
        return "\(trimmed) has \(segment) in its path; write the image's path from the site's root, like \(example)"
    }
}
