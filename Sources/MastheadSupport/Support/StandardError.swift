import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Standard error, shared by whole lines (diagnostics, stage timings) and the one status line
/// that a terminal's progress redraws in place. A line written while the status line shows
/// clears it first, so the two never mix on screen; the next redraw puts the status back.
/// Each call is one `write(2)`, under one lock.
package enum StandardError {
    /// Whether the status line shows; held for each write, so two never interleave.
    private static let statusShown = Locked(false)

    /// Writes `text` as it is (it should end with a newline).
    package static func write(_ text: String) {
        statusShown.withLock { shown in
            let clear = shown ? "\r\u{1B}[K" : ""
            shown = false
            send(clear + text)
        }
    }

    /// Draws `line` over the current status line (it must fit the terminal's width: a wrapped
    /// line cannot be redrawn in place). Only for a terminal.
    package static func showStatus(_ line: String) {
        statusShown.withLock { shown in
            shown = true
            send("\r" + line + "\u{1B}[K")
        }
    }

    /// Clears the status line, if one shows.
    package static func clearStatus() {
        statusShown.withLock { shown in
            guard shown else { return }
            shown = false
            send("\r\u{1B}[K")
        }
    }

    private static func send(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0 && errno == EINTR { continue }
            // A closed or broken standard error: nothing more can be said.
            guard written > 0 else { return }
            offset += written
        }
    }
}
