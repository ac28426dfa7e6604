import Foundation
import MastheadSearch
import MastheadSite
import MastheadSupport

/// The search index (docs/search.md), made from the resolved site while the pages render
/// and written beside them under `search/` (`SearchIndex`). Nothing when search is off.
enum SearchStage {
    /// `search.language` must name a language Snowball stems.
    static func problems(_ config: SiteConfig) -> [Diagnostic] {
        guard config.search.enabled != false, let language = config.search.language, Stemmer.algorithm(for: language) == nil else { return [] }
        let location = config.search.languageLocation ?? SourceLocation(file: SiteConfigLoader.path)
        return [.error("search.language: Snowball has no stemmer for \"\(language)\" (use a code like it, en, fr, de)", at: location)]
    }

    /// Runs beside the render stage (`Pipeline`), so it reports no progress of its own.
    /// With pages streamed, the files go to the sink in batches as they are made and none is
    /// returned; otherwise they are returned, by path.
    /// `spill`: where a build's entries keep their words past its budget (`TextSpill`).
    static func run(_ site: Site, memory: SearchMemory?, spill: TextSpill?, delivery: PageDelivery) throws -> [OutputFile] {
        guard site.config.search.enabled == true else {
            memory?.forget()
            return []
        }
        var output = SearchOutput(prefix: site.config.languagePrefix, delivery: delivery)
        let entries = SearchEntries(site: site, vocabulary: memory?.vocabulary, spill: memory == nil ? spill : nil)
        if let memory {
            var paths: Set<String> = []
            try entries.writeIndex { path, data in
                paths.insert(path)
                try output.add(path, data)
            }
            memory.keep(SearchMemory.State(entries: entries, paths: paths))
        } else {
            try (consume entries).writeIndex { try output.add($0, $1) }
        }
        return try output.finish()
    }

    /// Records saved articles and pages for `finishPatch`: a preview's save shows its pages
    /// without waiting for the index (a tenth of a second and more at 10,000 articles). False
    /// when there is nothing kept to patch.
    static func patch(_ site: Site, articles: Set<Int>, pages: Set<Int>, memory: SearchMemory) -> Bool {
        guard site.config.search.enabled == true else { return true }
        return memory.pend(site: site, articles: articles, pages: pages)
    }

    /// The index with the pending saves' entries made again: the files a full build would
    /// write and the last index lacked (and the entry, `search/index.json`), and the last
    /// index's files it no longer has. Both empty when nothing is pending. Made on a copy, so
    /// the preview patches the next save meanwhile; kept only if no build or patch came in
    /// between (`SearchMemory.replace`), and otherwise dropped: the next finish does it again.
    static func finishPatch(memory: SearchMemory) -> (files: [OutputFile], removed: [String]) {
        guard let (current, generation) = memory.current(), let pending = current.pending else { return ([], []) }
        var kept = current
        kept.pending = nil
        kept.entries.replace(articles: pending.articles, pages: pending.pages, config: pending.config)
        var added: [OutputFile] = []
        var paths: Set<String> = []
        // Another language's index is under its prefix (`en/search/`), as `SearchOutput` writes it.
        let prefix = String(pending.config.languagePrefix.dropFirst())
        let outputPath = { (path: String) in prefix.isEmpty ? path : prefix + "/" + path }
        kept.entries.writeIndex { path, data in
            paths.insert(path)
            guard prefix.isEmpty || path != SearchScript.path else { return }
            if !kept.paths.contains(path) || path == SearchIndex.entryPath {
                added.append(OutputFile(path: outputPath(path), contents: .bytes(data)))
            }
        }
        let removed = kept.paths.subtracting(paths).sorted().map(outputPath)
        kept.paths = paths
        guard memory.replace(kept, ifStillAt: generation) else { return ([], []) }
        return (added, removed)
    }
}

/// Where the index's files go as they are made: to the page sink in batches, or kept.
private struct SearchOutput {
    /// Another language's index lives under its prefix (`en/search/`); the script is shared.
    let prefix: String
    let delivery: PageDelivery
    private var files: [OutputFile] = []
    private static let batchSize = 256

    init(prefix: String, delivery: PageDelivery) {
        self.prefix = String(prefix.dropFirst())
        self.delivery = delivery
    }

    mutating func add(_ path: String, _ data: Data) throws {
        if !prefix.isEmpty, path == SearchScript.path { return }
        files.append(OutputFile(path: prefix.isEmpty ? path : prefix + "/" + path, contents: .bytes(data)))
        if case .streamed(let sink) = delivery, files.count == Self.batchSize {
            try sink(files)
            files = []
        }
    }

    /// The files not handed to the sink yet: sent, or returned by path.
    mutating func finish() throws -> [OutputFile] {
        guard case .streamed(let sink) = delivery else { return files.sorted { $0.path < $1.path } }
        if !files.isEmpty { try sink(files) }
        return []
    }
}
