import Foundation
import MastheadContent
import MastheadDatabases
import MastheadReports
import MastheadSite
import MastheadSupport

/// Everything the preview keeps from one build to the next, passed to every build it runs
/// (`BuildOptions.memory`). Each part is reused only where its inputs are unchanged, so a
/// build with memory gives the same files as one without.
package final class RebuildMemory: Sendable {
    /// Each language's parsed documents, pages and search index, by its code.
    private let languages = Locked<[String: LanguageMemory]>([:])
    /// The last successful build, whole, for patches.
    let site = SiteMemory()
    /// Results of database datasets, asked again every `poll:` seconds (`DatabasePoller`).
    package let databaseResults = DatabaseResults()

    package init() {}

    /// The memory of the site in `language` (its `SiteConfig.language`), made on first use.
    func language(_ language: String) -> LanguageMemory {
        languages.withLock { memories in
            if let memory = memories[language] { return memory }
            let memory = LanguageMemory()
            memories[language] = memory
            return memory
        }
    }

    /// Which of these changed files (relative to the site folder) are an SQLite database, or one
    /// of its journals, that a block asked (`SQLiteConnection.database(of:)`), and the documents
    /// reading them: their kept results are forgotten so the blocks ask the files again (a write
    /// to the log alone leaves the file's size and time as they were). The preview sends the
    /// readers as `Changes.databaseReaders` instead of the files.
    package func sqliteChanges(in paths: Set<String>, siteFolder: SiteFolder) -> (files: Set<String>, readers: Set<String>) {
        let asked = databaseResults.sqliteFiles
        guard !asked.isEmpty else { return ([], []) }
        let files = paths.filter { path in
            guard let database = SQLiteConnection.database(of: siteFolder.path(path)) else { return false }
            let relative = siteFolder.relative(database)
            return relative != database && asked[relative] != nil
        }
        guard !files.isEmpty else { return ([], []) }
        let databases = Set(files.map(SQLiteConnection.databasePath))
        databaseResults.forget(sqliteFiles: databases)
        return (files, databases.reduce(into: Set<String>()) { readers, database in readers.formUnion(asked[database] ?? []) })
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
