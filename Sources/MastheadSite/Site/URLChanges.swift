import MastheadSupport

/// Articles and pages whose URL changed since the last build (a new slug, a new permalink):
/// the links already shared to the old URL break unless the document lists it in `aliases:`,
/// so the build suggests it.
package enum URLChanges {
    /// Every article's and page's URL by source file.
    package static func pageURLs(_ site: Site) -> [String: String] {
        var urls: [String: String] = [:]
        forEachDocument(of: site) { source, path, _ in urls[source] = path }
        return urls
    }

    /// A warning per document whose URL moved from one the site no longer has and that is
    /// not among its aliases.
    package static func warnings(previous: [String: String], site: Site) -> [Diagnostic] {
        guard !previous.isEmpty else { return [] }
        var moved: [(source: String, old: String, path: String)] = []
        forEachDocument(of: site) { source, path, aliases in
            guard let old = previous[source], old != path, !aliases.contains(where: { $0.path == old }) else { return }
            moved.append((source, old, path))
        }
        guard !moved.isEmpty else { return [] }
        let taken = Set(([site] + site.translations).flatMap(\.routes).map(\.path))
        return moved.filter { !taken.contains($0.old) }.map { move in
            Diagnostic(
                .warning,
                "the URL changed from \(move.old) to \(move.path) since the last build; links already shared to it break. "
                    + "Add aliases: [\(move.old)] to redirect them", file: move.source, line: 1, column: 1)
        }.sorted { $0.file < $1.file }
    }

    /// Each article's and page's source file, URL and aliases, read where they are: a copy of
    /// each document (about 650 bytes) would be 650 MB at a million articles.
    private static func forEachDocument(of site: Site, _ visit: (_ source: String, _ path: String, _ aliases: [PageAlias]) -> Void) {
        for language in [site] + site.translations {
            for index in language.articles.indices {
                visit(language.articles[index].document.sourcePath, language.articles[index].path, language.articles[index].document.aliases)
            }
            for index in language.pages.indices {
                visit(language.pages[index].document.sourcePath, language.pages[index].path, language.pages[index].document.aliases)
            }
        }
    }
}
