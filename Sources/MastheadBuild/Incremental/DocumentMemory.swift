import Foundation
import MastheadContent
import MastheadDatabases
import MastheadSite
import MastheadSupport

/// Parsed documents kept between builds, so a preview rebuild re-parses only the files
/// that changed. An entry is reused when its path, kind and bytes are unchanged and so is
/// everything else parsing reads (site.yml, the --base-url override, and the files of
/// Content/ outside articles/, pages/, reports/ and static/, such as data tables a link may name;
/// not SQLite databases: the documents reading one are forgotten when it changes, `Changes.databaseReaders`).
/// Reusing an entry gives exactly what parsing again would give, so incremental and full
/// builds produce the same output.
package final class DocumentMemory: Sendable {
    private struct Entry: Sendable {
        var kind: Document.Kind
        var data: Data
        var document: Document?
        var diagnostics: [Diagnostic]
        var generation: Int
    }

    private struct State: Sendable {
        var entries: [String: Entry] = [:]
        var contextKey: String?
        var generation = 0
    }

    private let state = Locked(State())

    package init() {}

    /// Starts a build: forgets every entry when what parsing depends on has changed.
    func beginBuild(_ identity: BuildIdentity) {
        let key = Self.contextKey(identity)
        state.withLock { state in
            if key != state.contextKey { state.entries.removeAll() }
            state.contextKey = key
            state.generation += 1
        }
    }

    /// The context key of the last build begun (see `contextKey`), which rendered pages also depend on.
    var currentContextKey: String? {
        state.withLock { $0.contextKey }
    }

    /// Ends a build: drops the entries of files that are gone, so memory follows the site.
    func endBuild() {
        state.withLock { state in
            let current = state.generation
            state.entries = state.entries.filter { $0.value.generation == current }
        }
    }

    /// The document parsed from these bytes before, if any.
    func document(for file: SourceFile, kind: Document.Kind) -> (document: Document?, diagnostics: [Diagnostic])? {
        state.withLock { state in
            guard var entry = state.entries[file.path], entry.kind == kind, entry.data == file.data else { return nil }
            entry.generation = state.generation
            state.entries[file.path] = entry
            return (entry.document, entry.diagnostics)
        }
    }

    /// Forgets the documents at these paths: the database rows their blocks were drawn from changed.
    func forget(_ paths: Set<String>) {
        state.withLock { state in
            for path in paths { state.entries.removeValue(forKey: path) }
        }
    }

    func remember(_ file: SourceFile, kind: Document.Kind, document: Document?, diagnostics: [Diagnostic]) {
        state.withLock { state in
            state.entries[file.path] = Entry(
                kind: kind, data: file.data, document: document, diagnostics: diagnostics,
                generation: state.generation)
        }
    }

    /// site.yml's bytes, the override, and the size and modification time of every other
    /// Content/ file that is not an article, a page, a report, a static file or an SQLite database.
    static func contextKey(_ identity: BuildIdentity) -> String {
        let siteFolder = identity.siteFolder
        var key = identity.lines.joined(separator: "\n") + "\n"
        if siteFolder.problem(at: SiteConfigLoader.path) == nil,
            let config = FileManager.default.contents(atPath: siteFolder.path(SiteConfigLoader.path))
        {
            key += "site.yml=\(config.base64EncodedString())\n"
        }
        let skipped: Set<String> = [SiteFolders.articles, SiteFolders.pages, SiteFolders.reports, SiteFolders.staticFiles, SiteFolders.siteConfig]
        var lines: [String] = []
        SiteTree.walk(SiteFolders.content, in: siteFolder, scope: .everything) { entry in
            guard !skipped.contains(entry.relative) else { return false }
            if entry.status.isDirectory { return true }
            guard SQLiteConnection.database(of: entry.absolute) == nil else { return false }
            let status = FileStatus(path: entry.absolute) ?? entry.status
            lines.append("\(entry.relative) \(status.size) \(status.modified)")
            return false
        }
        return key + lines.sorted().joined(separator: "\n")
    }
}
