import MastheadReports
import MastheadSite
import MastheadSupport

/// Everything the preview keeps from one build to the next, passed to every build it runs
/// (`BuildOptions.memory`). Each part is reused only where its inputs are unchanged, so a
/// build with memory gives the same files as one without.
public final class RebuildMemory: Sendable {
    /// Parsed documents, by source path and bytes: the site's language's.
    let documents = DocumentMemory()
    /// Each other language's, apart: its documents parse with its own view of site.yml, and
    /// a memory forgets at the end of a build the files that build did not parse.
    private let translatedDocuments = Locked<[String: DocumentMemory]>([:])
    /// Rendered pages, by output path and fingerprint.
    let pages = PageMemory()
    /// The related lists of the last resolve.
    let relatedLists = RelatedListsMemory(capacity: 1)
    /// The last successful build, whole, for patches.
    let site = SiteMemory()
    /// Results of database datasets, kept until their `refresh:` seconds have passed.
    public let databaseResults = DatabaseResults()
    /// The search index's entries, for patches.
    let search = SearchMemory()

    public init() {}

    func documents(translatedTo language: String) -> DocumentMemory {
        translatedDocuments.withLock { memories in
            if let memory = memories[language] { return memory }
            let memory = DocumentMemory()
            memories[language] = memory
            return memory
        }
    }
}
