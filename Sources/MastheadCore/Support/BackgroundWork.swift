import Dispatch
import Foundation

/// Work that runs on a thread of its own, beside the caller's, until `value()` waits for it:
/// a stage with a long single-threaded part (the search index's postings) then uses the core
/// another stage leaves idle. A thread, not a Dispatch queue: the other stage's
/// `concurrentPerform` may take every worker Dispatch would give it.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    // Written once by the thread before `done` is signalled, read only after waiting for it.
    private var result: Value?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            result = work()
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The work's value, once it is done; call it once.
    func value() -> Value {
        done.wait()
        return result!
    }
}
