import Foundation
import MastheadContent
import MastheadRender
import MastheadSite
import MastheadSupport

/// `masthead check`: validates a built site in memory and blames the source line that
/// produced each problem — broken links and `#fragments`, missing images, images without
/// alt text, duplicate ids, pages without a title or description, pages nothing links to.
package struct SiteChecker {
    let site: Site
    let files: [OutputFile]
    let siteFolder: SiteFolder
    private let sources: SourceLocator

    package init(site: Site, files: [OutputFile], siteFolder: SiteFolder) {
        self.site = site
        self.files = files
        self.siteFolder = siteFolder
        sources = SourceLocator(siteFolder: siteFolder)
    }

    /// One scanned HTML page of the output.
    struct Page {
        var outputPath: String
        var source: String
        var template: String?
        var tags: [HTMLScanner.Tag]
        var title: String?
        var ids: Set<String>
    }

    package func check() -> [Diagnostic] {
        var routesByOutput: [String: Route] = [:]
        for route in site.routes + site.translations.flatMap(\.routes) { routesByOutput[route.outputPath] = route }
        let staticSources = Dictionary(site.staticFiles.map { ($0.outputPath, $0.sourcePath) }, uniquingKeysWith: { first, _ in first })
        let existing = Set(files.map(\.path))

        let pages: [Page] = files.filter { $0.path.hasSuffix(".html") }.compactMap { file in
            guard let data = try? file.data() else { return nil }
            let (tags, title) = HTMLScanner.scan(String(decoding: data, as: UTF8.self))
            let route = routesByOutput[file.path]
            let ids = Set(tags.compactMap { $0.attributes["id"] } + tags.filter { $0.name == "a" }.compactMap { $0.attributes["name"] })
            return Page(
                outputPath: file.path, source: route?.source ?? staticSources[file.path] ?? file.path,
                template: route?.template, tags: tags, title: title, ids: ids)
        }
        let idsByPage = Dictionary(pages.map { ($0.outputPath, $0.ids) }, uniquingKeysWith: { first, _ in first })

        var diagnostics: [Diagnostic] = []
        var shown = ShownProblems()
        var linkedTo = Set<String>()
        for page in pages {
            let url = "/" + page.outputPath.replacingOccurrences(of: "index.html", with: "")
            var seenIDs = Set<String>()
            for tag in page.tags {
                if let id = tag.attributes["id"], !seenIDs.insert(id).inserted {
                    shown.add(blame(page, needle: "id=\"\(id)\"", "duplicate id '\(id)' on \(url)"), what: "duplicate id '\(id)'", url: url)
                }
                if tag.name == "img" {
                    if tag.attributes["alt"] == nil {
                        let src = tag.attributes["src"] ?? "?"
                        shown.add(
                            blame(page, needle: tag.attributes["src"], "image without alt text on \(url): \(src)"), what: "image without alt text",
                            url: url, detail: src)
                    }
                }
                // A form's action is a way in too: the header's search field leads to /search/.
                for attribute in tag.name == "form" ? ["action"] : ["href", "src"] {
                    guard let reference = tag.attributes[attribute], tag.name != "base" else { continue }
                    guard let target = internalTarget(reference, from: page.outputPath) else { continue }
                    let what = tag.name == "img" || tag.name == "source" ? "missing image" : "broken link"
                    guard let file = resolve(target.path, existing: existing) else {
                        shown.add(
                            blame(page, needle: unprefixed(reference), "\(what) on \(url): \(reference)"), what: what, url: url, detail: reference)
                        continue
                    }
                    if file != page.outputPath { linkedTo.insert(file) }
                    if let fragment = target.fragment, !fragment.isEmpty, file.hasSuffix(".html"),
                        !(idsByPage[file]?.contains(fragment) ?? true)
                    {
                        let detail = "\(reference) (no id '\(fragment)' there)"
                        shown.add(
                            blame(page, needle: "#" + fragment, "broken anchor on \(url): \(detail)"), what: "broken anchor", url: url, detail: detail
                        )
                    }
                }
            }
            if (page.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                diagnostics.append(blame(page, needle: nil, "page without a title: \(url)"))
            }
            let isNoIndex = page.tags.contains {
                $0.name == "meta" && $0.attributes["name"] == "robots" && ($0.attributes["content"] ?? "").contains("noindex")
            }
            let description = page.tags.first { $0.name == "meta" && $0.attributes["name"] == "description" }?.attributes["content"] ?? ""
            if description.trimmingCharacters(in: .whitespaces).isEmpty, !isNoIndex, page.outputPath != "404.html" {
                diagnostics.append(severity(.warning, blame(page, needle: nil, "page without a description: \(url)")))
            }
        }
        diagnostics += shown.diagnostics()
        diagnostics += brokenLanguagePairs(pages, existing: existing)
        for page in pages where !linkedTo.contains(page.outputPath) && page.outputPath != "index.html" && page.outputPath != "404.html" {
            let isNoIndex = page.tags.contains {
                $0.name == "meta" && $0.attributes["name"] == "robots" && ($0.attributes["content"] ?? "").contains("noindex")
            }
            if isNoIndex { continue }
            let url = "/" + page.outputPath.replacingOccurrences(of: "index.html", with: "")
            diagnostics.append(Diagnostic(.warning, "no page links to \(url)", file: page.source))
        }
        return diagnostics.sortedByPosition()
    }

    /// `<link rel="alternate" hreflang>` goes both ways: a page naming its translation must be
    /// named back by it, with the page's own `<html lang>`. A one-way pair is an error.
    private func brokenLanguagePairs(_ pages: [Page], existing: Set<String>) -> [Diagnostic] {
        var alternates: [String: [(hreflang: String, file: String, href: String)]] = [:]
        var languages: [String: String] = [:]
        for page in pages {
            languages[page.outputPath] = page.tags.first { $0.name == "html" }?.attributes["lang"]
            alternates[page.outputPath] = page.tags.compactMap { tag in
                guard tag.name == "link", tag.attributes["rel"] == "alternate", let hreflang = tag.attributes["hreflang"],
                    hreflang != "x-default", let href = tag.attributes["href"],
                    let target = internalTarget(href, from: page.outputPath), let file = resolve(target.path, existing: existing)
                else { return nil }
                return (hreflang, file, href)
            }
        }
        var diagnostics: [Diagnostic] = []
        for page in pages {
            guard let language = languages[page.outputPath], let own = alternates[page.outputPath], !own.isEmpty else { continue }
            let url = "/" + page.outputPath.replacingOccurrences(of: "index.html", with: "")
            for alternate in own where alternate.file != page.outputPath {
                let back = alternates[alternate.file] ?? []
                if !back.contains(where: { $0.file == page.outputPath && $0.hreflang.lowercased() == language.lowercased() }) {
                    diagnostics.append(
                        blame(
                            page, needle: unprefixed(alternate.href),
                            "broken hreflang pair on \(url): \(alternate.href) (hreflang=\"\(alternate.hreflang)\") does not link back "
                                + "with hreflang=\"\(language)\""))
                }
            }
        }
        return diagnostics
    }

    /// A same-site reference as an output path (without the base path) and fragment; nil for
    /// external URLs, `mailto:` and the like.
    func internalTarget(_ reference: String, from pagePath: String) -> (path: String, fragment: String?)? {
        let basePath = site.config.basePath
        var reference = reference
        if reference.hasPrefix(site.config.baseURL) { reference = basePath + reference.dropFirst(site.config.baseURL.count) }
        if reference.hasPrefix("//") || reference.contains(":") && !reference.hasPrefix("/") && !reference.hasPrefix("#") { return nil }
        let fragment = reference.firstIndex(of: "#").map { String(reference[reference.index(after: $0)...]) }
        var path = String(reference.prefix { $0 != "#" && $0 != "?" })
        if path.isEmpty { return (pagePath, fragment) }
        if path.hasPrefix("/") {
            guard path.hasPrefix(basePath) || basePath == "/" else { return (path, fragment) }
            path = String(path.dropFirst(basePath.count))
        } else {
            let folder = (pagePath as NSString).deletingLastPathComponent
            path = folder.isEmpty ? path : folder + "/" + path
        }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        var normalised = parts.joined(separator: "/")
        normalised = normalised.removingPercentEncoding ?? normalised
        if path.hasSuffix("/") || normalised.isEmpty { normalised += normalised.isEmpty ? "index.html" : "/index.html" }
        return (normalised, fragment)
    }

    private func resolve(_ path: String, existing: Set<String>) -> String? {
        if existing.contains(path) { return path }
        if existing.contains(path + "/index.html") { return path + "/index.html" }
        return nil
    }

    private func unprefixed(_ reference: String) -> String {
        let basePath = site.config.basePath
        return basePath != "/" && reference.hasPrefix(basePath) ? "/" + reference.dropFirst(basePath.count) : reference
    }

    /// The problem at the first line of the page's source that holds `needle`; else at the
    /// page's template, where the markup must have come from; else at site.yml, whose values
    /// (the menu, the social links) every page shows.
    private func blame(_ page: Page, needle: String?, _ message: String) -> Diagnostic {
        if let needle, !needle.isEmpty, let location = sources.locate(needle, in: page.source) {
            return Diagnostic(.error, message, file: page.source, line: location.line, column: location.column)
        }
        if let needle, !needle.isEmpty, let template = page.template {
            let path = "\(TemplateSet.folder)/\(template).mustache"
            if let location = sources.locate(needle, in: path) {
                return Diagnostic(.error, message, file: path, line: location.line, column: location.column)
            }
        }
        if let needle, !needle.isEmpty, page.source != SiteConfigLoader.path, let location = sources.locate(needle, in: SiteConfigLoader.path) {
            return Diagnostic(.error, message, file: SiteConfigLoader.path, line: location.line, column: location.column)
        }
        return Diagnostic(.error, message, file: page.source)
    }

    private func severity(_ severity: Diagnostic.Severity, _ diagnostic: Diagnostic) -> Diagnostic {
        var copy = diagnostic
        copy.severity = severity
        return copy
    }
}

/// Problems of the built pages, gathered so that one written once (a menu link in site.yml, a
/// link in a template) is reported once at that line, with how many pages show it, rather
/// than once per page.
private struct ShownProblems {
    private struct Place: Hashable {
        var file: String
        var line: Int
        var column: Int?
        var what: String
        var detail: String?
    }

    private var pages: [Place: (first: Diagnostic, urls: [String])] = [:]
    private var unplaced: [Diagnostic] = []

    /// `diagnostic` as `blame` placed it; `what` and `detail` make the message of a problem
    /// many pages share: `broken link on 3 pages (/, /about/, /tags/): /nope/`.
    mutating func add(_ diagnostic: Diagnostic, what: String, url: String, detail: String? = nil) {
        guard let line = diagnostic.line else { return unplaced.append(diagnostic) }
        let place = Place(file: diagnostic.file, line: line, column: diagnostic.column, what: what, detail: detail)
        pages[place, default: (diagnostic, [])].urls.append(url)
    }

    func diagnostics() -> [Diagnostic] {
        unplaced
            + pages.map { place, shown in
                guard shown.urls.count > 1 else { return shown.first }
                let urls = shown.urls.sorted()
                let listed = urls.prefix(3).joined(separator: ", ") + (urls.count > 3 ? ", ..." : "")
                var diagnostic = shown.first
                diagnostic.message = "\(place.what) on \(urls.count) pages (\(listed))" + (place.detail.map { ": " + $0 } ?? "")
                return diagnostic
            }
    }
}
