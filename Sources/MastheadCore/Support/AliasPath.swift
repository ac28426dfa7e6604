import Foundation

/// An old URL of a page (`aliases:` in front matter or a catalog row), where the build
/// writes a redirect to the page's URL.
public struct PageAlias: Sendable, Hashable {
    /// A site path: `/old-slug/` or `/old.html`.
    public var path: String
    /// Where it was written.
    public var location: SourceLocation

    public init(path: String, location: SourceLocation) {
        self.path = path
        self.location = location
    }

    /// The alias as written, made a site path: `/old/path` gains its final slash (a page's
    /// folder), `/old.html` stays a file. Nil with the reason when it is not a path of this site.
    public static func normalize(_ text: String) -> Result<String, AliasProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .failure(.init("an alias is empty")) }
        if trimmed.contains("://") || trimmed.hasPrefix("//") {
            return .failure(.init("\(trimmed) is a full URL; an alias is a path of this site, like /old-slug/"))
        }
        guard trimmed.hasPrefix("/") else {
            return .failure(.init("\(trimmed) is outside the site; start an alias with /, like /\(trimmed.drop { $0 == "." || $0 == "/" })"))
        }
        let segments = trimmed.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        let folders = trimmed.hasSuffix("/") ? segments.dropLast() : segments[...]
        if folders.isEmpty { return .failure(.init("/ is the home page; an alias names an old URL, like /old-slug/")) }
        for segment in folders {
            if segment == ".." || segment == "." {
                return .failure(.init("\(trimmed) leads outside the site: no . or .. in an alias"))
            }
            if segment.isEmpty { return .failure(.init("\(trimmed) has an empty part (//)")) }
            if segment.contains(where: { $0 == "\\" || $0 == "?" || $0 == "#" || $0.isWhitespace || $0.asciiValue.map { $0 < 32 } == true }) {
                return .failure(.init("\(trimmed): an alias holds no spaces, \\, ? or #"))
            }
        }
        let isFile = !trimmed.hasSuffix("/") && (folders.last?.contains(".") ?? false)
        return .success(isFile || trimmed.hasSuffix("/") ? trimmed : trimmed + "/")
    }
}

/// Why an alias is not a path of this site.
public struct AliasProblem: Error, Sendable {
    public var message: String

    init(_ message: String) { self.message = message }
}
