/// What `Pipeline.run` is asked to do.
package enum BuildRequest: Sendable, Equatable {
    /// The whole site, from its files.
    case everything
    /// The last build (`BuildOptions.memory`) with these changes patched in, when that gives what a full build would
    /// give; otherwise the whole site, reusing what the memory kept.
    case changes(Changes)
    /// The search index brought up to date with the saves of the last patch, which showed their pages first: its new
    /// files and those it no longer has (`BuildResult.removed`). Nothing when no patch left entries pending.
    case pendingSearchIndex
}

/// What changed since the last build: the one way a change reaches the pipeline. The preview's file watcher, the
/// editor and the database poller each make one. Paths are relative to the site folder.
package struct Changes: Sendable, Equatable {
    /// Files created or written.
    package var saved: Set<String>
    /// Files deleted or moved away.
    package var removed: Set<String>
    /// Documents reading database results that changed (a poll found new rows, or an SQLite file was saved): parsed
    /// again, their blocks asking anew.
    package var databaseReaders: Set<String>

    package init(saved: Set<String> = [], removed: Set<String> = [], databaseReaders: Set<String> = []) {
        self.saved = saved
        self.removed = removed
        self.databaseReaders = databaseReaders
    }

    package var isEmpty: Bool { saved.isEmpty && removed.isEmpty && databaseReaders.isEmpty }

    /// Every file the changes name: what a patch reads again.
    var paths: Set<String> { saved.union(removed).union(databaseReaders) }

    /// Both changes, as one: a burst that arrived while a build ran, added to the next.
    package mutating func merge(_ other: Changes) {
        saved.formUnion(other.saved)
        removed.formUnion(other.removed)
        databaseReaders.formUnion(other.databaseReaders)
    }
}
