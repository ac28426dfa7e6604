import Foundation

/// An old URL of a page (`aliases:` in front matter or a catalog row), where the build
/// writes a redirect to the page's URL.
package struct PageAlias: Sendable, Hashable {
    /// A site path: `/old-slug/` or `/old.html`.
    package var path: String
    /// Where it was written.
    package var location: SourceLocation

    package init(path: String, location: SourceLocation) {
        self.path = path
        self.location = location
    }

    /// The alias as written, made a site path: `/old/path` gains its final slash (a page's
    /// folder), `/old.html` stays a file; percent escapes are decoded (`/caff%C3%A8/` is the
    /// folder `caffè`), as a web server decodes the URL before it looks for the file.
    /// The failure says why it is not a path of this site, or not one an alias may take:
    /// hidden names (`.git`, `.masthead-output`) and the site's own folders (`Content/`,
    /// `Templates/`) would make the output look like a project, and builds refuse to replace one.
    package static func normalize(_ text: String) -> Result<String, AliasProblem> {
        let written = text.trimmingCharacters(in: .whitespaces)
        if written.isEmpty { return .failure(.init("an alias is empty")) }
        if written.contains("://") || written.hasPrefix("//") {
            return .failure(.init("\(written) is a full URL; an alias is a path of this site, like /old-slug/"))
        }
        guard written.hasPrefix("/") else {
            return .failure(.init("\(written) is outside the site; start an alias with /, like /\(written.drop { $0 == "." || $0 == "/" })"))
        }
        if written.range(of: "%2f", options: .caseInsensitive) != nil || written.range(of: "%5c", options: .caseInsensitive) != nil {
            return .failure(.init("\(written) has an encoded / or \\ (%2F, %5C); write the path's parts with plain /"))
        }
        guard let trimmed = SitePath.decoded(written) else {
            return .failure(.init("\(written) has a % that is not followed by two hexadecimal digits of UTF-8; write % itself as %25"))
        }
        let segments = trimmed.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        let folders = trimmed.hasSuffix("/") ? segments.dropLast() : segments[...]
        if folders.isEmpty { return .failure(.init("/ is the home page; an alias names an old URL, like /old-slug/")) }
        for segment in folders {
            if segment == ".." || segment == "." {
                return .failure(.init("\(written) leads outside the site: no . or .. in an alias"))
            }
            if segment.isEmpty { return .failure(.init("\(written) has an empty part (//)")) }
            if segment.contains(where: {
                $0 == "\\" || $0 == "?" || $0 == "#" || $0.isWhitespace || $0.asciiValue.map { $0 < 32 || $0 == 127 } == true
            }) {
                return .failure(.init("\(written): an alias holds no spaces, \\, ? or #"))
            }
            if segment.hasPrefix("."), segment != wellKnown {
                return .failure(.init("\(written) names the hidden \(segment); an alias is never written to a hidden file or folder"))
            }
            if segment.utf8.count > maximumNameBytes {
                return .failure(.init("\(written) has a part of \(segment.utf8.count) bytes; a file name holds at most \(maximumNameBytes)"))
            }
        }
        if let first = folders.first, let folder = siteFolders.first(where: { $0.lowercased() == first.lowercased() }) {
            return .failure(
                .init(
                    "\(written) is under \(first)/, the name of the site's own \(folder)/ folder; an output holding it would look like a"
                        + " site's sources"
                ))
        }
        let isFile = !trimmed.hasSuffix("/") && (folders.last?.contains(".") ?? false)
        return .success(isFile || trimmed.hasSuffix("/") ? trimmed : trimmed + "/")
    }

    /// The one hidden folder an old URL may be in: `/.well-known/change-password` is a redirect browsers ask for.
    static let wellKnown = ".well-known"
    /// The longest file name most file systems take, in bytes (`NAME_MAX`).
    static let maximumNameBytes = 255
    /// The site's own folders (`SiteFolders`): `Content`, `Templates`.
    static let siteFolders = ["Content", "Templates"]
}

/// Why an alias is not a path of this site.
package struct AliasProblem: Error, Sendable {
    package var message: String

    init(_ message: String) { self.message = message }
}
