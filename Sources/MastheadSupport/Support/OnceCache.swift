/// Values made on first use and then shared, by key, between threads: the one build-once
/// cache of the code (the one locked-value box is `Locked`).
///
/// A value is made outside the lock, so a slow one never holds up readers of the others;
/// two threads asking for a new key at once may both make it, and the first one stored is
/// the one both get. With a `capacity`, storing a key beyond it forgets every other value
/// first: `capacity: 1` keeps only the latest, for a value that is replaced when its inputs change.
package final class OnceCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let values = Locked<[Key: Value]>([:])
    private let capacity: Int

    package init(capacity: Int = .max) {
        self.capacity = capacity
    }

    /// Forgets every value.
    package func removeAll() {
        values.withLock { $0.removeAll() }
    }

    package func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let known = values.withLock({ $0[key] }) { return known }
        let made = try make()
        return values.withLock { values in
            if let stored = values[key] { return stored }
            if values.count >= capacity { values.removeAll() }
            values[key] = made
            return made
        }
    }
}
