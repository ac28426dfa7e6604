import Foundation

/// The search index (docs/search.md), made from the resolved site while the pages render
/// and written beside them under `search/` (`SearchIndex`). Nothing when search is off.
enum SearchStage {
    /// `search.language` must name a language Snowball stems.
    static func problems(_ config: SiteConfig) -> [Diagnostic] {
        guard config.search.enabled != false, let language = config.search.language, Stemmer.algorithm(for: language) == nil else { return [] }
        let location = config.search.languageLocation ?? SourceLocation(file: SiteConfigLoader.path)
        return [.error("search.language: Snowball has no stemmer for \"\(language)\" (use a code like it, en, fr, de)", at: location)]
    }

    /// Runs beside the render stage (`SiteBuilder`), so it reports no progress of its own.
    static func run(_ site: Site, memory: SearchMemory?) -> [OutputFile] {
        guard site.config.search.enabled == true else {
            memory?.forget()
            return []
        }
        let entries = SearchEntries(site: site, vocabulary: memory?.vocabulary)
        let index = entries.index
        memory?.keep(SearchMemory.State(entries: entries, paths: Set(index.files.map(\.path))))
        // Another language's index lives under its prefix (`en/search/`); the script is shared.
        let prefix = String(site.config.languagePrefix.dropFirst())
        guard !prefix.isEmpty else { return index.files.map { OutputFile(path: $0.path, contents: .bytes($0.data)) } }
        return index.files.filter { $0.path != SearchScript.path }.map { OutputFile(path: prefix + "/" + $0.path, contents: .bytes($0.data)) }
    }

    /// The index with saved articles and pages made again; only the files a full build would
    /// write and the last index lacked (and the entry, `search/index.json`). Nil when there is
    /// nothing kept to patch.
    static func patch(_ site: Site, articles: Set<Int>, pages: Set<Int>, memory: SearchMemory) -> [OutputFile]? {
        guard site.config.search.enabled == true else { return [] }
        guard var kept = memory.take() else { return nil }
        kept.entries.replace(articles: articles, pages: pages, in: site)
        let index = kept.entries.index
        let added = index.files.filter { !kept.paths.contains($0.path) || $0.path == SearchIndex.entryPath }
        kept.paths = Set(index.files.map(\.path))
        memory.keep(kept)
        return added.map { OutputFile(path: $0.path, contents: .bytes($0.data)) }
    }
}
