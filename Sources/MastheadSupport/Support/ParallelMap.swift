import Dispatch
import Foundation

/// Maps over an array on every core, keeping the order. The work items must be independent.
package func parallelMap<Element, Result>(_ items: [Element], _ transform: @Sendable (Element) -> Result) -> [Result]
where Element: Sendable, Result: Sendable {
    guard items.count > 1 else { return items.map(transform) }
    let results = ResultSlots<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        results.set(index, transform(items[index]))
    }
    return results.values()
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
