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

/// Maps over an array on `threads` threads, keeping the order: for work that mostly waits for
/// the disk (files the page cache does not hold yet), where more reads in flight than cores
/// is what makes it faster. Threads take the next batch of items as they finish one, and put
/// each result in its place in the one array returned: at a million inputs, lists per thread
/// merged afterwards were three copies of every result.
package func parallelMap<Element, Result>(_ items: [Element], threads: Int, _ transform: @Sendable (Element) -> Result) -> [Result]
where Element: Sendable, Result: Sendable {
    let threads = min(threads, items.count / 2)
    guard threads > 1 else { return items.map(transform) }
    let batch = 16
    let next = Locked(0)
    return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
        let slots = Slots(buffer: buffer)
        withoutActuallyEscaping(transform) { transform in
            // POSIX threads, joined: each worker's closure is released before this returns, as
            // `withoutActuallyEscaping` requires (a Foundation `Thread` keeps it a while longer).
            let workers = (0..<threads).map { _ in
                WorkerThread {
                    while true {
                        let start = next.withLock { start in
                            defer { start += batch }
                            return start
                        }
                        guard start < items.count else { break }
                        for index in start..<min(start + batch, items.count) { slots.put(transform(items[index]), at: index) }
                    }
                }
            }
            for worker in workers { worker.join() }
        }
        initialized = items.count
    }
}

/// The array being filled, each slot written once by one worker thread.
private struct Slots<Value>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Value>

    func put(_ value: Value, at index: Int) { (buffer.baseAddress! + index).initialize(to: value) }
}

/// A POSIX thread running one closure, which it releases when the closure returns.
private struct WorkerThread {
    private var thread = pthread_t()

    init(_ body: @escaping @Sendable () -> Void) {
        final class Body {
            let run: @Sendable () -> Void
            init(_ run: @escaping @Sendable () -> Void) { self.run = run }
        }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let created = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        // No thread: the work is done here instead.
        if created != 0 { Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run() }
    }

    func join() { pthread_join(thread, nil) }
}
