import Dispatch
import Foundation

/// Maps over an array on every core, keeping the order. The work items must be independent.
/// Items go to the workers in runs (a few dozen per core), each run's results stored at once:
/// a lock and a dispatch per item cost more than an lstat, and the maps over every file of a
/// large site are mostly lstats.
package func parallelMap<Element, Result>(_ items: [Element], _ transform: @Sendable (Element) -> Result) -> [Result]
where Element: Sendable, Result: Sendable {
    guard items.count > 1 else { return items.map(transform) }
    let runs = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 16)
    let results = ResultSlots<[Result]>(count: runs)
    DispatchQueue.concurrentPerform(iterations: runs) { run in
        let range = (items.count * run / runs)..<(items.count * (run + 1) / runs)
        results.set(run, items[range].map(transform))
    }
    return results.values().flatMap { $0 }
}

/// One slot per index, each written once by one worker.
private final class ResultSlots<Value: Sendable>: Sendable {
    private let slots: Locked<[Value?]>

    init(count: Int) { slots = Locked(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: Value) {
        slots.withLock { $0[index] = value }
    }

    func values() -> [Value] { slots.withLock { $0.map { $0! } } }
}
