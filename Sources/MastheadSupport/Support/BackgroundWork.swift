import Dispatch
import Foundation

/// Work that runs on a thread of its own, beside the caller's, until `value()` waits for it:
/// a stage with a long single-threaded part (the search index's postings) then uses the core
/// another stage leaves idle. A thread, not a Dispatch queue: the other stage's
/// `concurrentPerform` may take every worker Dispatch would give it.
///
/// Sendable without `@unchecked`: the value crosses from the thread to the caller through a
/// `Locked`, and the semaphore only says when to look.
package final class BackgroundWork<Value: Sendable>: Sendable {
    private let result = Locked<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    package init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            let value = work()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The work's value, once it is done; call it once.
    package func value() -> Value {
        done.wait()
        return result.withLock { $0! }
    }
}
