import Foundation
import MastheadDatabases
import MastheadReports
import MastheadSite
import MastheadSupport

/// Everything the preview keeps from one build to the next, passed to every build it runs
/// (`BuildOptions.memory`). Each part is reused only where its inputs are unchanged, so a
/// build with memory gives the same files as one without.
public final class RebuildMemory: Sendable {
    /// Each language's parsed documents, pages and search index, by its code.
    private let languages = Locked<[String: LanguageMemory]>([:])
    /// The last successful build, whole, for patches.
    let site = SiteMemory()
    /// Results of database datasets, asked again every `poll:` seconds (`DatabasePoller`).
    public let databaseResults = DatabaseResults()

    public init() {}

    /// The memory of the site in `language` (its `SiteConfig.language`), made on first use.
    func language(_ language: String) -> LanguageMemory {
        languages.withLock { memories in
            if let memory = memories[language] { return memory }
            let memory = LanguageMemory()
            memories[language] = memory
            return memory
        }
    }

    /// The files reading database results that polls found changed since the last call,
    /// forgotten by every language's document memory so that the next build parses them again.
    public func takeStaleDocuments() -> Set<String> {
        let stale = databaseResults.takeStaleReaders()
        if !stale.isEmpty {
            for language in allLanguages { language.documents.forget(stale) }
        }
        return stale
    }

    /// Whether a saved file (relative to the site folder) is an SQLite database or one of its
    /// journals (`SQLiteConnection.database(of:)`) that a block asked.
    func isSQLiteDatabase(_ path: String, siteDirectory: URL) -> Bool {
        let files = databaseResults.sqliteFiles
        let folder = siteDirectory.standardizedFileURL
        guard !files.isEmpty, let database = SQLiteConnection.database(of: folder.appendingPathComponent(path).path) else { return false }
        let prefix = folder.path + "/"
        return database.hasPrefix(prefix) && files[String(database.dropFirst(prefix.count))] != nil
    }

    /// The documents reading these SQLite files (or their journals), forgotten by every
    /// language's document memory with the files' kept results: the next build parses them and
    /// asks the files again (a write to the log alone leaves the file's size and time as they were).
    func forgetReaders(ofSQLiteFiles paths: Set<String>) -> Set<String> {
        guard !paths.isEmpty else { return [] }
        let files = databaseResults.sqliteFiles
        let databases = Set(paths.map(SQLiteConnection.databasePath))
        databaseResults.forget(sqliteFiles: databases)
        let readers = databases.reduce(into: Set<String>()) { readers, database in readers.formUnion(files[database] ?? []) }
        for language in allLanguages { language.documents.forget(readers) }
        return readers
    }

    /// Every language's memory made so far, in no particular order.
    var allLanguages: [LanguageMemory] {
        languages.withLock { Array($0.values) }
    }
}

/// What the preview keeps of one language's site. Apart for each language: its documents parse
/// with its own view of site.yml, its pages have their own paths, its index its own folder, its
/// articles their own related lists; and a memory forgets at the end of a build what that build
/// did not make in it.
final class LanguageMemory: Sendable {
    /// Parsed documents, by source path and bytes.
    let documents = DocumentMemory()
    /// Rendered pages, by output path and fingerprint.
    let pages = PageMemory()
    /// The search index's entries, for patches.
    let search = SearchMemory()
    /// The related lists of the last resolve.
    let relatedLists = RelatedListsMemory(capacity: 1)
}
