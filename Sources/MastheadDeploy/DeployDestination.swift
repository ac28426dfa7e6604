import Foundation

/// A place a deploy publishes to: it tells what is there, and carries out a plan.
package protocol DeployDestination: Sendable {
    /// What is on the target now, with what the site's deploy record says of each file. With
    /// `verify`, every file the site has is compared with the target's bytes, whatever the record says.
    func remoteState(for local: LocalOutput, site: String?, verify: Bool) async throws -> RemoteState
    /// Uploads in the plan's order, stage by stage, each file's bytes read once and checked
    /// against the build's hash; then records what the target now holds; then deletes.
    func apply(_ plan: DeployPlan, local: LocalOutput, site: String?, progress: @escaping @Sendable (String) -> Void) async throws
    func close() async
}

/// What a target holds, as one listing and its deploy record show it.
package struct RemoteState: Sendable {
    package enum Record: Sendable, Equatable {
        /// No record: no deploy of Masthead's wrote the target (or its record was deleted).
        case missing
        /// A record that cannot be read: `--verify` rebuilds it from the target.
        case damaged
        /// A record, naming the site whose deploys wrote it (nil in a version 1 record).
        case found(site: String?)
    }

    /// Sorted by path (bytes).
    var files: RowFile<RemoteFile>
    package var record: Record
}

/// Runs `work` on each element, at most `width` at a time; the first error stops new work
/// and is thrown once the running ones end.
func forEachConcurrently<Element: Sendable>(
    _ elements: [Element], width: Int, _ work: @escaping @Sendable (Element) async throws -> Void
) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        var next = 0
        while next < elements.count && next < width {
            let element = elements[next]
            group.addTask { try await work(element) }
            next += 1
        }
        while try await group.next() != nil {
            if next < elements.count {
                let element = elements[next]
                group.addTask { try await work(element) }
                next += 1
            }
        }
    }
}

/// The elements a few at a time, for work done concurrently on a list too long to hold.
func batches<S: Sequence>(_ elements: S, of size: Int) -> UnfoldSequence<[S.Element], S.Iterator> {
    sequence(state: elements.makeIterator()) { iterator in
        var batch: [S.Element] = []
        while batch.count < size, let element = iterator.next() { batch.append(element) }
        return batch.isEmpty ? nil : batch
    }
}

/// A folder of its own in the deploy's temporary folder (`DeployScratch`), removed by the caller.
func temporaryFolder() throws -> URL {
    let folder = DeployScratch.newURL()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}
