#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value shared between threads, read and changed only under its lock: the one locked-value
/// box of the code, with the standard library `Mutex`'s `withLock`.
///
/// Not `Mutex` itself, because ThreadSanitizer cannot see `Mutex` on Linux. Its fast path is
/// an atomic compare-and-swap inlined into our code, which TSan sees; when the lock is
/// contended, `_lockSlow` and `_unlockSlow` in the uninstrumented libswiftSynchronization.so
/// spin on raw atomics and hand the lock over with a `FUTEX_LOCK_PI`/`FUTEX_UNLOCK_PI`
/// system call, which TSan does not intercept. It then sees no happens-before edge between
/// two holders and reports a race on the value that is not one (`scripts/tsan-mutex.sh`
/// reproduces it; docs/checking.md, "Sanitizers"). A `pthread_mutex_t` is intercepted by
/// TSan, so a real race stays visible and a false one is never reported.
///
/// `@unchecked Sendable`: the value is touched only inside `withLock`, between
/// `pthread_mutex_lock` and `pthread_mutex_unlock` of the one mutex; it comes in and goes out
/// `sending`, as `Mutex`'s does, so no reference into it is kept outside the lock. The mutex
/// is heap-allocated (as swift-nio's `NIOLock` does), since a `pthread_mutex_t` must not move
/// and a stored property's address is not promised to be stable. It checks errors, so locking
/// it again on the thread that holds it stops with a message, as `Mutex` does, rather than
/// hanging.
///
/// The value is heap-allocated too, not a stored property: TSan checks every `inout` access
/// to a class's stored property, and a value of no size (`Locked(())`) has the address of
/// the object itself, whose header another thread reads, unlocked, to find the mutex. TSan
/// took that read for a race with the holder's access (a report of its own, in the parse
/// stage's `MarkdownRenderer.inlineParsing`). Through a pointer, only the value's own bytes
/// are checked.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    package init(_ initialValue: consuming sending Value) {
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        let made = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(made == 0, "pthread_mutex_init failed: \(made)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, under the lock; what `body` returns is handed back.
    package func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed (\(locked == EDEADLK ? "locked again by its holder" : "\(locked)"))")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
