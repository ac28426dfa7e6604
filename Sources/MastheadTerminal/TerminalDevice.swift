import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What standard error is connected to: a terminal (progress may be drawn in place, colours
/// may be used) or a pipe or file (plain lines only).
package enum TerminalDevice {
    /// Standard error is a terminal that understands carriage returns and escape codes
    /// (`TERM=dumb` does not).
    package static func standardErrorIsTerminal(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
    }

    /// The width of the terminal on standard error, in columns; nil when it cannot be told.
    static func standardErrorColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
