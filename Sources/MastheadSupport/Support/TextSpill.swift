import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Texts a build holds from one stage to a later one, kept in memory up to a budget and past
/// it in a file with no name. A site of 100,000 articles holds half a gigabyte of body HTML
/// from parsing to rendering, each body read two or three times (its page, its search entry,
/// a feed): written out, it is in the system's file cache rather than the build's memory.
/// The file is made only when the budget is used up, in a folder of Masthead's own
/// (`.masthead/`), and unlinked at once, so nothing is left behind, even by a build that is
/// killed; it is gone when the last text in it is.
package final class TextSpill: Sendable {
    private struct State {
        /// Bytes kept in memory so far, and bytes given a place in the file.
        var kept = 0
        var written = 0
        /// The file, once made; `failed` when it could not be: every text is then kept.
        var descriptor: Int32?
        var failed = false
    }

    private let budget: Int
    private let folder: @Sendable () -> String?
    private let state = Locked(State())

    /// `folder` is asked for when the first text goes past `budget` (and may make it); nil
    /// keeps every text in memory.
    package init(budget: Int, folder: @escaping @Sendable () -> String?) {
        self.budget = budget
        self.folder = folder
    }

    deinit {
        state.withLock { state in
            if let descriptor = state.descriptor { close(descriptor) }
        }
    }

    /// The bytes given a place in the file so far.
    package var bytesSetAside: Int {
        state.withLock { $0.written }
    }

    /// Where `count` bytes go: nil while the budget lasts (kept in memory), else the file and their offset in it.
    fileprivate func place(count: Int) -> (descriptor: Int32, offset: Int)? {
        state.withLock { state in
            if state.kept + count <= budget {
                state.kept += count
                return nil
            }
            if state.descriptor == nil, !state.failed {
                state.descriptor = makeFile()
                state.failed = state.descriptor == nil
            }
            guard let descriptor = state.descriptor else { return nil }
            defer { state.written += count }
            return (descriptor, state.written)
        }
    }

    private func makeFile() -> Int32? {
        guard let folder = folder() else { return nil }
        var template = Array((folder + "/spill-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return nil }
        unlink(template)
        // Close-on-exec: a program the build starts (a database client, rsync) does not inherit it.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }

    /// Whether every byte reached the file; a text that did not stays in memory.
    fileprivate static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    fileprivate static func read(from descriptor: Int32, offset: Int, count: Int) -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            read(into: UnsafeMutableRawBufferPointer(buffer), from: descriptor, offset: offset)
            return count
        }
    }

    fileprivate static func read(into buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, offset: Int) {
        var done = 0
        while done < buffer.count {
            let read = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if read < 0, errno == EINTR { continue }
            // The file is the build's own, unlinked and never truncated: only a failing disk ends here.
            guard read > 0 else { fatalError("cannot read back what Masthead set aside in its own file: \(String(cString: strerror(errno)))") }
            done += read
        }
    }
}

/// A text that may be set aside in a `TextSpill` until it is read.
package struct SpillableText: Sendable {
    private enum Storage: Sendable {
        case kept(String)
        /// The spill is kept for its file, closed when the last text in it goes.
        case spilled(TextSpill, descriptor: Int32, offset: Int, count: Int)
    }

    private var storage: Storage

    package init(_ text: String) {
        storage = .kept(text)
    }

    /// Read from the file each time when set aside; a new text is kept in memory.
    package var text: String {
        get {
            switch storage {
            case .kept(let text): text
            case .spilled(_, let descriptor, let offset, let count): TextSpill.read(from: descriptor, offset: offset, count: count)
            }
        }
        set { storage = .kept(newValue) }
    }

    /// The text's length in UTF-8, without reading it back.
    package var utf8Count: Int {
        switch storage {
        case .kept(let text): text.utf8.count
        case .spilled(_, _, _, let count): count
        }
    }

    /// Whether the text waits in a file.
    package var isSpilled: Bool {
        if case .spilled = storage { return true }
        return false
    }

    /// Sets the text aside in `spill`'s file once its memory budget is used up. Within the
    /// budget, which counts lengths, the text is kept as a copy at its length: one made by
    /// appending (a rendered card, a search fragment) may hold up to twice it.
    package mutating func spill(into spill: TextSpill) {
        guard case .kept(var text) = storage else { return }
        guard let place = spill.place(count: text.utf8.count) else {
            storage = .kept(text.withUTF8 { String(decoding: $0, as: UTF8.self) })
            return
        }
        let written = text.withUTF8 { TextSpill.write(UnsafeRawBufferPointer($0), to: place.descriptor, at: place.offset) }
        if written { storage = .spilled(spill, descriptor: place.descriptor, offset: place.offset, count: text.utf8.count) }
    }
}

/// An array of plain values (no references in them) that may be set aside in a `TextSpill`
/// until it is read: the search index's words of each document, held from the moment the
/// document's entry is made until the postings are counted, after the last page.
package struct SpillableArray<Element: BitwiseCopyable & Sendable>: Sendable {
    private enum Storage: Sendable {
        case kept([Element])
        case spilled(TextSpill, descriptor: Int32, offset: Int, count: Int)
    }

    private var storage: Storage

    package init(_ elements: [Element]) {
        storage = .kept(elements)
    }

    /// Read from the file each time when set aside.
    package var elements: [Element] {
        switch storage {
        case .kept(let elements):
            return elements
        case .spilled(_, let descriptor, let offset, let count):
            return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
                TextSpill.read(into: UnsafeMutableRawBufferPointer(buffer), from: descriptor, offset: offset)
                initialized = count
            }
        }
    }

    /// Whether the elements wait in a file.
    package var isSpilled: Bool {
        if case .spilled = storage { return true }
        return false
    }

    /// Sets the elements aside in `spill`'s file once its memory budget is used up.
    package mutating func spill(into spill: TextSpill) {
        guard case .kept(let elements) = storage, !elements.isEmpty,
            let place = spill.place(count: elements.count * MemoryLayout<Element>.stride)
        else { return }
        let written = elements.withUnsafeBytes { TextSpill.write($0, to: place.descriptor, at: place.offset) }
        if written { storage = .spilled(spill, descriptor: place.descriptor, offset: place.offset, count: elements.count) }
    }
}

extension SpillableText: Equatable {
    package static func == (left: Self, right: Self) -> Bool { left.text == right.text }
}

extension SpillableArray: Equatable where Element: Equatable {
    package static func == (left: Self, right: Self) -> Bool { left.elements == right.elements }
}
