import Foundation

/// How long each stage of a build took, printed to standard error when the environment
/// sets `MASTHEAD_TIMINGS` (`MASTHEAD_TIMINGS=1 masthead build ...`): for finding where a
/// large build spends its time. Silent otherwise.
struct PhaseTimer {
    static let isEnabled = ProcessInfo.processInfo.environment["MASTHEAD_TIMINGS"] != nil
    private var last = DispatchTime.now()

    /// Reports the time since the previous lap (or since the timer was made) under `name`.
    mutating func lap(_ name: String) {
        guard Self.isEnabled else { return }
        let now = DispatchTime.now()
        let seconds = Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e9
        StandardError.write("masthead: \(name) \(String(format: "%.3f", seconds)) s\n")
        last = now
    }
}
