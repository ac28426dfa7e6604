import Foundation
import MastheadBuild
import MastheadContent
import MastheadSupport

#if canImport(Glibc)
import Glibc
#endif

/// Watches a site's `Content/` and `Templates/` (site.yml lives in Content/) and reports
/// each burst of changes once it has gone quiet: created, deleted, renamed and modified
/// files, and editors' atomic saves (write a temporary file, rename it over the old one).
/// Uses inotify on Linux; elsewhere, or when inotify is unavailable, compares snapshots of
/// every file's size, modification time and inode. Which paths changed is kept until the
/// builder takes it (`takeChanges`), so a burst arriving during a build is not lost.
final class SourceWatcher: Sendable {
    static let watchedFolders = [SiteFolders.content, SiteFolders.templates]

    let siteFolder: SiteFolder
    /// A burst ends when nothing has changed for this long.
    let quietPeriod: TimeInterval
    /// How often snapshots are compared when polling.
    let pollInterval: TimeInterval

    private struct State: Sendable {
        var stopped = false
        var pending = PendingChanges()
    }

    private let state = Locked(State())

    init(siteFolder: SiteFolder, quietPeriod: TimeInterval = 0.04, pollInterval: TimeInterval = 0.1) {
        self.siteFolder = siteFolder
        self.quietPeriod = quietPeriod
        self.pollInterval = pollInterval
    }

    /// One element per burst of changes. Ends when `stop()` is called. Watching has begun
    /// when this returns.
    func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        #if os(Linux)
        let notify = InotifyWatch(siteFolder: siteFolder)
        #endif
        let thread = Thread { [self] in
            #if os(Linux)
            if let notify {
                runInotify(notify, continuation)
                continuation.finish()
                return
            }
            #endif
            runPolling(continuation)
            continuation.finish()
        }
        thread.name = "masthead-watcher"
        thread.start()
        return stream
    }

    func stop() {
        state.withLock { $0.stopped = true }
    }

    private var isStopped: Bool {
        state.withLock { $0.stopped }
    }

    /// What changed since the last call, each path (relative to the site folder) saved or removed
    /// as the folder has it now, or nil when the watcher cannot say which files changed (a folder
    /// created, moved or deleted; events lost).
    func takeChanges() -> Changes? {
        let pending = state.withLock { state in
            defer { state.pending = PendingChanges() }
            return state.pending
        }
        guard pending.isKnown else { return nil }
        var changes = Changes()
        for path in pending.paths {
            if FileStatus(path: siteFolder.path(path), followingLinks: false) != nil {
                changes.saved.insert(path)
            } else {
                changes.removed.insert(path)
            }
        }
        return changes
    }

    private func record(_ batch: PendingChanges) {
        state.withLock { $0.pending.merge(batch) }
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
                var batch = PendingChanges()
                for path in Set(now.keys).union(last.keys) where now[path] != last[path] {
                    // Folders are listed with no stamp.
                    if now[path] == .some(nil) || last[path] == .some(nil) { batch.isKnown = false }
                    batch.paths.insert(path)
                }
                record(batch)
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
    func snapshot() -> [String: FileStatus?] {
        var result: [String: FileStatus?] = [:]
        for folder in Self.watchedFolders where FileStatus(path: siteFolder.path(folder))?.isDirectory == true {
            result[folder] = .some(nil)
            SiteTree.walk(folder, in: siteFolder, scope: .everything) { entry in
                if entry.status.isDirectory {
                    result[entry.relative] = .some(nil)
                    return true
                }
                result[entry.relative] = FileStatus(path: entry.absolute)
                return false
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
            var outcome = notify.wait(milliseconds: timeout)
            // The site folder deleted or moved away, then back: watch the new one.
            if notify.watchSiteFolderIfBack() {
                outcome.changed = true
                outcome.changes.isKnown = false
            }
            if outcome.changed {
                record(outcome.changes)
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

/// What changed in one or more bursts.
struct PendingChanges {
    var paths: Set<String> = []
    /// False once a change could not be pinned to a file.
    var isKnown = true

    mutating func merge(_ other: PendingChanges) {
        paths.formUnion(other.paths)
        isKnown = isKnown && other.isKnown
    }
}

#if os(Linux)
/// inotify watches on the site folder (for Content/ and Templates/ appearing or going) and
/// on every folder below Content/ and Templates/. When the site folder itself is deleted or
/// moved away, every watch is dropped, and the folder is watched again once it is back.
/// Made on the caller's thread, then used by the watcher thread alone: `@unchecked` because
/// that hand-over is the only sharing, and its state (descriptors, buffer) needs no lock.
final class InotifyWatch: @unchecked Sendable {
    private let descriptor: Int32
    private let siteFolder: SiteFolder
    private var rootWatch: Int32 = -1
    /// Each watched folder, relative to the site folder, by watch descriptor.
    private var folders: [Int32: String] = [:]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE
            | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    init?(siteFolder: SiteFolder) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.siteFolder = siteFolder
        rootWatch = inotify_add_watch(descriptor, siteFolder.path, Self.mask)
        watchFolders()
    }

    /// After the site folder went: watches it again if it is back. True when it is.
    func watchSiteFolderIfBack() -> Bool {
        guard rootWatch < 0 else { return false }
        rootWatch = inotify_add_watch(descriptor, siteFolder.path, Self.mask)
        guard rootWatch >= 0 else { return false }
        watchFolders()
        return true
    }

    /// The site folder was deleted or moved: its watches follow the old folder, so they go.
    private func dropWatches() {
        for watch in folders.keys { inotify_rm_watch(descriptor, watch) }
        if rootWatch >= 0 { inotify_rm_watch(descriptor, rootWatch) }
        folders = [:]
        rootWatch = -1
    }

    /// Adds a watch to every folder now present (adding one twice is harmless).
    func watchFolders() {
        var stack = SourceWatcher.watchedFolders
        while let folder = stack.popLast() {
            let absolute = siteFolder.path(folder)
            let watch = inotify_add_watch(descriptor, absolute, Self.mask)
            guard watch >= 0, let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            folders[watch] = folder
            for name in names {
                var info = stat()
                if lstat(absolute + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { stack.append(folder + "/" + name) }
            }
        }
    }

    /// Waits up to `milliseconds` for events and reads them all.
    func wait(milliseconds: Int32) -> (changed: Bool, foldersChanged: Bool, changes: PendingChanges) {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return (false, false, PendingChanges()) }
        var changed = false
        var foldersChanged = false
        var changes = PendingChanges()
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
                        changes.isKnown = false
                        continue
                    }
                    if event.wd == rootWatch, event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                        dropWatches()
                        changed = true
                        changes.isKnown = false
                        continue
                    }
                    if event.wd == rootWatch {
                        // Only Content/ and Templates/ themselves matter at the top.
                        guard SourceWatcher.watchedFolders.contains(name) else { continue }
                        changed = true
                        foldersChanged = true
                        changes.isKnown = false
                        continue
                    }
                    changed = true
                    // A folder created, moved or gone, or a watch ended: which files changed is unknown.
                    if event.mask & UInt32(IN_ISDIR | IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                        foldersChanged = foldersChanged || event.mask & UInt32(IN_ISDIR) != 0
                        changes.isKnown = false
                    } else if let folder = folders[event.wd], !name.isEmpty {
                        changes.paths.insert(folder + "/" + name)
                    } else {
                        changes.isKnown = false
                    }
                }
            }
        }
        return (changed, foldersChanged, changes)
    }

    func close() { _ = Glibc.close(descriptor) }
}
#endif
