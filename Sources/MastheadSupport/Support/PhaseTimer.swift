import Foundation

/// How long each stage of a build took, in wall-clock seconds and in CPU seconds of the whole
/// process (user and system, every thread), with the process's peak memory so far, printed to
/// standard error when the environment sets `MASTHEAD_TIMINGS` (`MASTHEAD_TIMINGS=1 masthead
/// build ...`): for finding where a large build spends its time and which stage raises its
/// memory. The stages run one after the other, so the process's CPU time between two laps is
/// the stage's. Silent otherwise.
package struct PhaseTimer {

    package init() {
    }
    package static let isEnabled = ProcessInfo.processInfo.environment["MASTHEAD_TIMINGS"] != nil
    private var last = DispatchTime.now()
    private var lastCPU = Self.processCPUSeconds()

    /// Reports the time since the previous lap (or since the timer was made) under `name`.
    package mutating func lap(_ name: String) {
        guard Self.isEnabled else { return }
        let now = DispatchTime.now()
        let cpu = Self.processCPUSeconds()
        let seconds = Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e9
        let cpuText = String(format: "%.3f", cpu - lastCPU)
        StandardError.write("masthead: \(name) \(String(format: "%.3f", seconds)) s (CPU \(cpuText) s, peak memory \(Self.peakMegabytes()) MB)\n")
        last = now
        lastCPU = cpu
    }

    /// The process's peak resident memory so far, in megabytes: which stage raises the peak.
    static func peakMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }

    /// User and system CPU time of the process so far.
    static func processCPUSeconds() -> Double {
        guard isEnabled else { return 0 }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
