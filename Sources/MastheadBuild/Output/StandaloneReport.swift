import Foundation
import MastheadSite
import MastheadSupport

/// One page of a built site made a single self-contained HTML file, to attach to an e-mail
/// (`masthead build --report NAME --standalone`): stylesheets inlined as `<style>`, images and
/// icons as `data:` URLs, scripts other than JSON-LD left out, and links made absolute so
/// they lead to the published site. Opening it makes no request.
package struct StandaloneReport {
    package let config: SiteConfig
    /// The built files by output path: pages, and static files by reference.
    private let files: [String: OutputFile]

    package init(config: SiteConfig, files: [OutputFile]) {
        self.config = config
        self.files = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The report whose slug is `name`, made standalone; nil with the known names when there is none.
    package static func route(named name: String, in site: Site) -> Result<Route, Diagnostic> {
        let reports = site.pages.enumerated().filter { $0.element.document.kind == .report }
        guard let (index, _) = reports.first(where: { $0.element.document.slug == name }) else {
            let names = reports.map(\.element.document.slug).sorted()
            return .failure(
                Diagnostic(
                    .error,
                    "--report: no report named '\(name)'" + Suggestion.didYouMean(name, in: names)
                        + (names.isEmpty ? "; the site has no Content/reports/" : " (reports: \(names.joined(separator: ", ")))"),
                    file: "masthead"))
        }
        guard let route = site.routes.first(where: { if case .page(index) = $0.subject { true } else { false } }) else {
            return .failure(Diagnostic(.error, "--report: the report '\(name)' has no page", file: "masthead"))
        }
        return .success(route)
    }

    /// The page at `outputPath` made standalone, and what could not be kept (a resource
    /// on another site, which is left out rather than requested).
    package func make(page outputPath: String) -> (html: String, warnings: [String])? {
        guard let data = try? files[outputPath]?.data() else { return nil }
        var warnings: [String] = []
        var html = String(decoding: data, as: UTF8.self)
        html = replacing(in: html, pattern: #"<script\b[^>]*>[\s\S]*?</script>\s*"#) { tag in
            tag.contains("application/ld+json") ? tag : ""
        }
        html = replacing(in: html, pattern: #"<link\b[^>]*>"#) { tag in
            let rel = Self.attribute("rel", of: tag) ?? ""
            guard let href = Self.attribute("href", of: tag) else { return tag }
            if rel.split(separator: " ").contains("stylesheet") {
                guard let css = text(at: href) else {
                    warnings.append("left out the stylesheet \(href), which is not part of the site")
                    return ""
                }
                let media = Self.attribute("media", of: tag).map { " media=\"\($0)\"" } ?? ""
                return "<style\(media)>\n\(inlineURLs(inCSS: css, warnings: &warnings))</style>"
            }
            if rel.contains("icon") || rel.contains("preload") || rel.contains("prefetch") || rel.contains("manifest") {
                guard let url = dataURL(for: href) else { return "" }
                return tag.replacingOccurrences(of: "href=\"\(href)\"", with: "href=\"\(url)\"")
            }
            // canonical, alternate: not fetched, and they name the published page.
            return tag.replacingOccurrences(of: "href=\"\(href)\"", with: "href=\"\(absolute(href))\"")
        }
        html = replacing(in: html, pattern: #"\s(src|poster)="([^"]*)""#) { attribute in
            guard let value = Self.attribute("src", of: attribute) ?? Self.attribute("poster", of: attribute) else { return attribute }
            let name = attribute.contains("poster=") ? "poster" : "src"
            if value.hasPrefix("data:") { return attribute }
            guard let url = dataURL(for: value) else {
                warnings.append("left out \(value), which is not part of the site")
                return ""
            }
            return " \(name)=\"\(url)\""
        }
        html = replacing(in: html, pattern: #"\ssrcset="[^"]*""#) { _ in "" }
        html = replacing(in: html, pattern: ##"\shref="[^"#][^"]*""##) { attribute in
            guard let value = Self.attribute("href", of: attribute), !value.hasPrefix("data:") else { return attribute }
            return " href=\"\(absolute(value))\""
        }
        return (Self.mark + html, warnings)
    }

    /// The first line of every standalone report: what tells a later run that the file at its
    /// target is one it may replace (`OutputRule.fileProblem`). A comment before the doctype
    /// changes nothing in how browsers read the page.
    package static let mark = "<!-- masthead standalone report: a later masthead build --standalone may replace this file -->\n"

    /// Whether a file's first bytes are a standalone report's.
    package static func isMarked(_ head: Data) -> Bool {
        head.starts(with: Data(mark.utf8))
    }

    // MARK: - Resources

    /// An output path for a link of the site (`/base/css/site.css` gives `css/site.css`); nil for other sites.
    private func outputPath(of reference: String) -> String? {
        var path = reference.replacingOccurrences(of: "&amp;", with: "&")
        if path.hasPrefix(config.baseURL) { path = config.basePath + path.dropFirst(config.baseURL.count) }
        guard path.hasPrefix("/"), !path.hasPrefix("//") else { return nil }
        path = String(path.prefix { $0 != "?" && $0 != "#" })
        if config.basePath != "/" {
            guard path.hasPrefix(config.basePath) else { return nil }
            path = String(path.dropFirst(config.basePath.count))
        } else {
            path = String(path.dropFirst())
        }
        path = path.removingPercentEncoding ?? path
        return path.isEmpty || path.hasSuffix("/") ? path + "index.html" : path
    }

    private func text(at reference: String) -> String? {
        guard let path = outputPath(of: reference), let data = try? files[path]?.data() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private func dataURL(for reference: String) -> String? {
        guard let path = outputPath(of: reference), let data = try? files[path]?.data() else { return nil }
        return "data:\(Self.mediaType(of: path));base64,\(data.base64EncodedString())"
    }

    /// A link as the published site's absolute URL; anchors and other schemes stay.
    private func absolute(_ reference: String) -> String {
        if reference.hasPrefix("/") && !reference.hasPrefix("//") {
            return config.absoluteURL(forPath: String(reference.dropFirst(config.basePath.count - 1)))
        }
        return reference
    }

    private func inlineURLs(inCSS css: String, warnings: inout [String]) -> String {
        var found: [String] = []
        let result = replacing(in: css, pattern: #"url\(\s*['"]?([^'")]+)['"]?\s*\)"#) { match in
            let inner = match.dropFirst(4).dropLast().trimmingCharacters(in: CharacterSet(charactersIn: " '\""))
            if inner.hasPrefix("data:") || inner.hasPrefix("#") { return match }
            guard let url = dataURL(for: inner) else {
                found.append("left out \(inner), used by a stylesheet and not part of the site")
                return "none"
            }
            return "url(\"\(url)\")"
        }
        warnings += found
        return result
    }

    static func mediaType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        case "css": "text/css"
        default: "application/octet-stream"
        }
    }

    /// The value of `name="..."` in a tag or attribute text.
    static func attribute(_ name: String, of tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") ?? tag.range(of: "\t\(name)=\"") ?? tag.range(of: "\n\(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    private func replacing(in text: String, pattern: String, with transform: (String) -> String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return text }
        let source = text as NSString
        var result = ""
        var last = 0
        for match in expression.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            result += source.substring(with: NSRange(location: last, length: match.range.location - last))
            result += transform(source.substring(with: match.range))
            last = match.range.location + match.range.length
        }
        result += source.substring(from: last)
        return result
    }
}
