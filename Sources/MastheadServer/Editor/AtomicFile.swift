import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes a file whole or not at all: the bytes go to a hidden temporary file in the same
/// folder, which is then renamed over the file (or linked to a new name, which fails rather
/// than replace a file that is there). A reader, the preview's watcher or a crash never sees
/// half a file.
enum AtomicFile {
    struct Failure: Error, Sendable, Equatable {
        var message: String
    }

    /// `replacing`: false refuses when a file is already at `path` (uploads, new articles).
    static func write(_ data: Data, to path: String, replacing: Bool) -> Result<Void, Failure> {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return .failure(Failure(message: "cannot make the folder \(folder): \(error.localizedDescription)"))
        }
        let temporary = folder + "/.\(name).masthead-\(UInt32.random(in: .min ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failure(Failure(message: "cannot write in \(folder): \(String(cString: strerror(errno)))")) }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        defer { unlink(temporary) }
        guard written && synced else { return .failure(Failure(message: "cannot write \(name): \(String(cString: strerror(errno)))")) }
        if replacing {
            guard rename(temporary, path) == 0 else {
                return .failure(Failure(message: "cannot replace \(name): \(String(cString: strerror(errno)))"))
            }
        } else {
            guard link(temporary, path) == 0 else {
                let exists = errno == EEXIST
                return .failure(
                    Failure(
                        message: exists ? "\(name) already exists: nothing was replaced" : "cannot write \(name): \(String(cString: strerror(errno)))"
                    ))
            }
        }
        return .success(())
    }
}
