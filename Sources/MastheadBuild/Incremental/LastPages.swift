import MastheadDatabases
import MastheadSupport

/// What `masthead build` knows of its last build's pages (`BuildOptions.lastPages`, made by
/// `CachedBuild`): each page's fingerprint (`RouteFingerprints`) and the input files of this
/// build. A page whose fingerprint is the one recorded is made from the same inputs, so it has
/// the same bytes: the build keeps the last build's file instead of rendering it again.
package struct LastPages: Sendable {
    /// By path in the output folder. Empty when no page may be kept: a first build, `--no-cache`,
    /// an output folder changed since the last build wrote it.
    package var fingerprints: [String: UInt64]
    /// Every input file with its content hash (`BuildCache.fingerprintInputs`).
    package var inputs: [String: BuildManifest.FileRecord]

    package init(fingerprints: [String: UInt64], inputs: [String: BuildManifest.FileRecord]) {
        self.fingerprints = fingerprints
        self.inputs = inputs
    }

    /// The part of every page's fingerprint that the files other than `documents` and the
    /// SQLite `databases` the build read make: each page names the documents it shows by their
    /// own hash (`Document.sourceHash`), which takes the rows their blocks read, as the pages'
    /// other parts take the rest (`RouteFingerprints`); any other file (a template, a data
    /// table, site.yml, an image) may show on every page, so a change to one draws every page
    /// again. Summed entry by entry, in no particular order.
    func context(documents: Set<String>, databases: Set<String>) -> String {
        var sum: UInt64 = 0
        for (path, record) in inputs where !documents.contains(path) && !databases.contains(SQLiteConnection.databasePath(path)) {
            var entry = Fingerprint()
            entry.add(path)
            entry.add(record.hash)
            sum &+= entry.value
        }
        return "files " + String(sum, radix: 16)
    }
}
