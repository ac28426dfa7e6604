import Foundation
import MastheadContent
import MastheadSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `masthead build` of a site at a time. Two builds at once share the staging folder
/// and the cache, and could each swap in the other's half-written output.
///
/// The lock is `flock(2)` on `SITE/.masthead/build.lock`, which holds the pid of the build
/// that has it (for the message a second build prints). flock rather than a pid file checked
/// with `kill(pid, 0)`: the system releases the lock when its process ends in any way (a
/// crash, `kill -9`), so a lock left by a dead build is simply free, with no staleness test
/// that a reused pid could fool and no window between testing and taking it over. It also
/// holds between threads of one process, as each take opens the file anew.
package final class BuildLock: Sendable {
    package static let fileName = "build.lock"
    /// How long a second build waits for the first before giving up.
    package static let defaultWait: TimeInterval = 5

    /// Another build holds the lock.
    package struct Busy: Error, CustomStringConvertible {
        /// Its process id, when it has written it yet.
        package var holder: Int32?
        package var waited: TimeInterval
        /// What the holder is doing: `build` or `deploy` (a deploy holds the lock so no build changes what it uploads).
        package var command: String = "build"

        package var description: String {
            let process = holder.map { "process \($0)" } ?? "another process"
            return "another masthead \(command) of this site is running (\(process)); waited \(Int(waited.rounded())) s for it to finish."
                + " Build again when it is done, or stop that process"
        }
    }

    /// The open lock file; -1 once released.
    private let descriptor: Locked<Int32>

    private init(descriptor: Int32) {
        self.descriptor = Locked(descriptor)
    }

    /// Takes the site's lock, waiting up to `wait` seconds for another build to let it go.
    /// Nil when the lock file cannot be made (a read-only site folder): such a site has no
    /// cache either, and the build goes on without one.
    package static func acquire(siteFolder: SiteFolder, wait: TimeInterval = defaultWait, command: String = "build") throws(Busy) -> BuildLock? {
        guard let folder = try? BuildCache.makeFolder(siteFolder: siteFolder) else { return nil }
        let path = folder.appendingPathComponent(fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        let started = Date()
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            let waited = Date().timeIntervalSince(started)
            guard failure == EWOULDBLOCK || failure == EINTR, waited < wait else {
                let (holder, holding) = holder(descriptor)
                close(descriptor)
                throw Busy(holder: holder, waited: waited, command: holding ?? "build")
            }
            usleep(100_000)
        }
        let pid = Data("\(getpid()) \(command)\n".utf8)
        if ftruncate(descriptor, 0) == 0 {
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
        return BuildLock(descriptor: descriptor)
    }

    /// Lets the next build in. Also done when the process ends, however it ends.
    package func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            flock(descriptor, LOCK_UN)
            close(descriptor)
            descriptor = -1
        }
    }

    deinit { release() }

    /// The pid and the command the holder wrote into the lock file (`1234 deploy`).
    private static func holder(_ descriptor: Int32) -> (Int32?, String?) {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return (nil, nil) }
        let fields = String(decoding: buffer[..<count], as: UTF8.self).split(whereSeparator: \.isWhitespace)
        return (fields.first.flatMap { Int32($0) }, fields.count > 1 ? String(fields[1]) : nil)
    }
}
