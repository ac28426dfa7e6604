import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches a site's `Content/` and `Templates/` (site.yml lives in Content/) and reports
/// each burst of changes once it has gone quiet: created, deleted, renamed and modified
/// files, and editors' atomic saves (write a temporary file, rename it over the old one).
/// Uses inotify on Linux; elsewhere, or when inotify is unavailable, compares snapshots of
/// every file's size, modification time and inode.
final class SourceWatcher: @unchecked Sendable {
    static let watchedFolders = ["Content", "Templates"]

    let siteDirectory: URL
    /// A burst ends when nothing has changed for this long.
    let quietPeriod: TimeInterval
    /// How often snapshots are compared when polling.
    let pollInterval: TimeInterval

    private let lock = NSLock()
    private var stopped = false
    private var thread: Thread?

    init(siteDirectory: URL, quietPeriod: TimeInterval = 0.04, pollInterval: TimeInterval = 0.1) {
        self.siteDirectory = siteDirectory
        self.quietPeriod = quietPeriod
        self.pollInterval = pollInterval
    }

    /// One element per burst of changes. Ends when `stop()` is called.
    func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let thread = Thread { [self] in
            #if os(Linux)
            if let notify = InotifyWatch(siteDirectory: siteDirectory) {
                runInotify(notify, continuation)
                continuation.finish()
                return
            }
            #endif
            runPolling(continuation)
            continuation.finish()
        }
        thread.name = "masthead-watcher"
        lock.lock()
        self.thread = thread
        lock.unlock()
        thread.start()
        return stream
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    // MARK: polling

    private func runPolling(_ continuation: AsyncStream<Void>.Continuation) {
        var last = snapshot()
        var pending = false
        var lastChange = Date()
        while !isStopped {
            Thread.sleep(forTimeInterval: pending ? min(pollInterval, quietPeriod / 2) : pollInterval)
            let now = snapshot()
            if now != last {
                last = now
                pending = true
                lastChange = Date()
            } else if pending, Date().timeIntervalSince(lastChange) >= quietPeriod {
                pending = false
                continuation.yield()
            }
        }
    }

    /// Every watched file and folder with its stamp; folders have none.
    func snapshot() -> [String: FileStamp?] {
        var result: [String: FileStamp?] = [:]
        var stack = Self.watchedFolders
        while let folder = stack.popLast() {
            let absolute = siteDirectory.appendingPathComponent(folder).path
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            result[folder] = .some(nil)
            for name in names {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(absolute + "/" + name, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    stack.append(path)
                } else {
                    result[path] = FileStamp(path: absolute + "/" + name)
                }
            }
        }
        return result
    }

    // MARK: inotify

    #if os(Linux)
    private func runInotify(_ notify: InotifyWatch, _ continuation: AsyncStream<Void>.Continuation) {
        defer { notify.close() }
        var pending = false
        var lastChange = Date()
        while !isStopped {
            let timeout = pending ? max(1, Int32((quietPeriod - Date().timeIntervalSince(lastChange)) * 1000)) : 200
            let outcome = notify.wait(milliseconds: timeout)
            if outcome.changed {
                pending = true
                lastChange = Date()
            }
            if outcome.foldersChanged { notify.watchFolders() }
            if pending, Date().timeIntervalSince(lastChange) >= quietPeriod {
                pending = false
                continuation.yield()
            }
        }
    }
    #endif
}

#if os(Linux)
/// inotify watches on the site folder (for Content/ and Templates/ appearing or going) and
/// on every folder below Content/ and Templates/.
final class InotifyWatch {
    private let descriptor: Int32
    private let siteDirectory: URL
    private var rootWatch: Int32 = -1
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    init?(siteDirectory: URL) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.siteDirectory = siteDirectory
        rootWatch = inotify_add_watch(descriptor, siteDirectory.path, Self.mask)
        watchFolders()
    }

    /// Adds a watch to every folder now present (adding one twice is harmless).
    func watchFolders() {
        var stack = SourceWatcher.watchedFolders.map { siteDirectory.appendingPathComponent($0).path }
        while let folder = stack.popLast() {
            guard inotify_add_watch(descriptor, folder, Self.mask) >= 0,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names {
                var info = stat()
                if lstat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { stack.append(folder + "/" + name) }
            }
        }
    }

    /// Waits up to `milliseconds` for events and reads them all.
    func wait(milliseconds: Int32) -> (changed: Bool, foldersChanged: Bool) {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return (false, false) }
        var changed = false
        var foldersChanged = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            buffer.withUnsafeBytes { bytes in
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = bytes[nameStart..<min(count, nameStart + Int(event.len))].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    offset = nameStart + Int(event.len)
                    if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        changed = true
                        foldersChanged = true
                        continue
                    }
                    if event.wd == rootWatch {
                        // Only Content/ and Templates/ themselves matter at the top.
                        guard SourceWatcher.watchedFolders.contains(name) else { continue }
                        changed = true
                        foldersChanged = true
                        continue
                    }
                    changed = true
                    if event.mask & UInt32(IN_ISDIR) != 0 { foldersChanged = true }
                }
            }
        }
        return (changed, foldersChanged)
    }

    func close() { _ = Glibc.close(descriptor) }
}
#endif
