import Foundation

/// A place a deploy publishes to: it lists what is there, and carries out a plan.
public protocol DeployDestination: Sendable {
    /// What is on the target now, with what the last deploys recorded of each file.
    func remoteFiles(for local: LocalOutput) async throws -> [RemoteFile]
    /// Uploads in the plan's order, stage by stage, then records what the target now holds,
    /// then deletes, if every upload succeeded and the deletions are allowed.
    func apply(_ plan: DeployPlan, local: LocalOutput, deleting: Bool, progress: @escaping @Sendable (String) -> Void) async throws
    func close() async
}

extension DeployDestination {
    public func plan(_ local: LocalOutput, rules: DeployRules) async throws -> DeployPlan {
        DeployPlan.make(local: local.files, remote: try await remoteFiles(for: local), rules: rules)
    }
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
