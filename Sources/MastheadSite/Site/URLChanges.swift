import MastheadSupport

/// Articles and pages whose URL changed since the last build (a new slug, a new permalink):
/// the links already shared to the old URL break unless the document lists it in `aliases:`,
/// so the build suggests it.
package enum URLChanges {
    /// Every article's and page's URL by source file.
    package static func pageURLs(_ site: Site) -> [String: String] {
        var urls: [String: String] = [:]
        for language in [site] + site.translations {
            for article in language.articles { urls[article.document.sourcePath] = article.path }
            for page in language.pages { urls[page.document.sourcePath] = page.path }
        }
        return urls
    }

    /// A warning per document whose URL moved from one the site no longer has and that is
    /// not among its aliases.
    package static func warnings(previous: [String: String], site: Site) -> [Diagnostic] {
        guard !previous.isEmpty else { return [] }
        let languages = [site] + site.translations
        let taken = Set(languages.flatMap(\.routes).map(\.path))
        var diagnostics: [Diagnostic] = []
        let documents = languages.flatMap { language in
            language.articles.map { ($0.document, $0.path) } + language.pages.map { ($0.document, $0.path) }
        }
        for (document, path) in documents {
            guard let old = previous[document.sourcePath], old != path, !taken.contains(old) else { continue }
            guard !document.aliases.contains(where: { $0.path == old }) else { continue }
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "the URL changed from \(old) to \(path) since the last build; links already shared to it break. "
                        + "Add aliases: [\(old)] to redirect them", file: document.sourcePath, line: 1, column: 1))
        }
        return diagnostics.sorted { $0.file < $1.file }
    }
}
