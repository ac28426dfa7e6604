import Foundation
import HummingbirdCore

#if canImport(Glibc)
    import Glibc
#endif

/// How many connections the preview holds at once: as many as the process's descriptor limit
/// leaves room for once builds have theirs (source files, the output, databases, images). At
/// the budget the server stops accepting: new clients wait in the kernel's queue until a
/// connection closes (idle ones are closed after the request timeout). Without it, accepts
/// failed with "too many open files" in a loop that took most of a core while no one was served.
struct ConnectionBudget: AvailableConnectionsDelegate {
    let maximum: Int
    private var open = 0
    private var said = false
    private let say: @Sendable (String) -> Void

    init(maximum: Int, say: @escaping @Sendable (String) -> Void) {
        self.maximum = max(1, maximum)
        self.say = say
    }

    mutating func connectionOpened() {
        open += 1
        // Once per run: a log line per refused client would flood the terminal it protects.
        guard open >= maximum, !said else { return }
        said = true
        say(
            "masthead serve: \(open) connections open, as many as the descriptor limit allows "
                + "(ulimit -n \(Self.descriptorLimit())): new ones wait until one closes")
    }

    mutating func connectionClosed() {
        open -= 1
    }

    func isAcceptingNewConnections() -> Bool {
        open < maximum
    }

    /// The budget for the current descriptor limit: a quarter of it, and at least 64, kept for builds.
    static func forDescriptorLimit(_ limit: Int) -> Int {
        limit - max(64, limit / 4)
    }

    /// Raises the soft descriptor limit to the hard one (as Go's runtime and nginx's
    /// `worker_rlimit_nofile` do) and returns the soft limit then in force.
    static func raiseDescriptorLimit() -> Int {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return 1024 }
        if limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limits = raised }
        }
        return Int(clamping: limits.rlim_cur)
    }

    static func descriptorLimit() -> Int {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return 0 }
        return Int(clamping: limits.rlim_cur)
    }
}
