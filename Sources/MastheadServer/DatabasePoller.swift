import Foundation
import MastheadBuild
import MastheadReports

/// Asks the preview's database results again, each every `poll:` seconds of its dataset
/// (`DatabaseResults.poll(now:)`), and rebuilds when one changed, so a page drawn from a
/// database shows a changed row within seconds, without a file being saved.
enum DatabasePoller {
    /// How often the results are looked at; each is asked only once its own `poll:` has passed.
    static let tick: Duration = .seconds(1)

    /// Polls until the task is cancelled; `rebuild` runs after a poll that changed a result, with the documents reading it.
    static func start(_ results: DatabaseResults, rebuild: @escaping @Sendable (Changes) async -> Void) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: tick)
                guard !Task.isCancelled else { return }
                // The statements block their thread on the server: off the cooperative pool.
                let readers = OneShot<Set<String>>()
                DispatchQueue.global().async { readers.set(results.poll(now: Date())) }
                let changed = await readers.value()
                if !changed.isEmpty { await rebuild(Changes(databaseReaders: changed)) }
            }
        }
    }
}
