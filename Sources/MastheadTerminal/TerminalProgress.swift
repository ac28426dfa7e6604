import Dispatch
import Foundation
import MastheadSupport

/// A build's progress as one line on the terminal, redrawn in place: the stage, how much of
/// it is done, the rate and the time left. It appears only once the build has run for
/// `delay` (half a second: a quick build shows nothing), is redrawn from a timer ten times a
/// second whatever the build does (and when a stage starts, unless it was drawn in the last
/// tenth of a second), and is cleared by `finish()`. Counting is a lock and an addition: no
/// system call per page. Its state is in `Locked` boxes, the timer too (a Dispatch source is not
/// marked `Sendable`), so it is `Sendable` without `@unchecked`.
package final class TerminalProgress: BuildProgress, Sendable {
    /// How long a build runs before the line appears; `MASTHEAD_PROGRESS_AFTER` (seconds)
    /// changes it, for tests.
    package static let defaultDelay = 0.5
    static let interval = DispatchTimeInterval.milliseconds(100)

    private struct Counts: Sendable {
        var stage: BuildStage?
        var total: Int?
        var done = 0
        var stageStarted = DispatchTime.now()
    }

    private let style: TerminalStyle
    private let started = DispatchTime.now()
    private let delay: Double
    private let current = Locked(Counts())

    /// Orders drawing and `finish`: no line is drawn after it.
    private struct Drawing: Sendable {
        var finished = false
        var lastDrawn: DispatchTime?
    }

    private let drawing = Locked(Drawing())
    private let timer: Locked<any DispatchSourceTimer>

    /// Starts the timer at once: the delay counts from here.
    package init(style: TerminalStyle, delay: Double = TerminalProgress.defaultDelay) {
        self.style = style
        self.delay = delay
        timer = Locked(DispatchSource.makeTimerSource(queue: DispatchQueue(label: "masthead.progress")))
        timer.withLock { timer in
            timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
            timer.setEventHandler { [weak self] in self?.draw() }
            timer.resume()
        }
    }

    /// A progress line when standard error is a terminal, else nil: nothing of it may reach
    /// a pipe or a file.
    package static func forStandardError(
        style: TerminalStyle,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TerminalProgress? {
        guard TerminalDevice.standardErrorIsTerminal(environment: environment) else { return nil }
        let delay = environment["MASTHEAD_PROGRESS_AFTER"].flatMap(Double.init) ?? defaultDelay
        return TerminalProgress(style: style, delay: delay)
    }

    deinit { timer.withLock { $0.cancel() } }

    package func begin(_ stage: BuildStage, total: Int?) {
        current.withLock { $0 = Counts(stage: stage, total: total) }
        draw(unlessDrawnWithin: 0.1)
    }

    package func advance(by count: Int) {
        current.withLock { $0.done += count }
    }

    /// How many items of the current stage are done (for tests).
    var doneCount: Int { current.withLock { $0.done } }

    /// Stops drawing and clears the line; call it before printing anything else. Idempotent.
    package func finish() {
        drawing.withLock { drawing in
            guard !drawing.finished else { return }
            drawing.finished = true
            timer.withLock { $0.cancel() }
            StandardError.clearStatus()
        }
    }

    /// Draws the line, once the delay has passed; `unlessDrawnWithin` seconds of the last
    /// drawing, it is left as it is.
    private func draw(unlessDrawnWithin recent: Double = 0) {
        drawing.withLock { drawing in
            let now = DispatchTime.now()
            let elapsed = Self.seconds(from: started, to: now)
            guard !drawing.finished, elapsed >= delay else { return }
            if let lastDrawn = drawing.lastDrawn, Self.seconds(from: lastDrawn, to: now) < recent { return }
            let snapshot = current.withLock { $0 }
            guard let stage = snapshot.stage else { return }
            drawing.lastDrawn = now
            let width = (TerminalDevice.standardErrorColumns() ?? 80) - 1
            StandardError.showStatus(
                Self.line(
                    stage: stage, done: snapshot.done, total: snapshot.total, elapsed: elapsed,
                    stageElapsed: Self.seconds(from: snapshot.stageStarted, to: now), width: width, style: style))
        }
    }

    /// Zero when `start` is later: a stage may begin on another thread after `end` was read.
    private static func seconds(from start: DispatchTime, to end: DispatchTime) -> Double {
        end.uptimeNanoseconds > start.uptimeNanoseconds ? Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 : 0
    }

    /// The line for one moment of the build, at most `width` columns:
    /// `  4.2 s  rendering [=======>            ]  4,096/10,021 pages  2,310/s  about 3 s left`.
    static func line(
        stage: BuildStage, done: Int, total: Int?, elapsed: Double, stageElapsed: Double, width: Int,
        style: TerminalStyle
    ) -> String {
        let clock = String(format: "%5.1f s", elapsed)
        var parts = [stage.name]
        var bar: String?
        if let total, total > 0 {
            let shown = min(done, total)
            let fraction = Double(shown) / Double(total)
            let filled = Int(fraction * 20)
            bar = "[" + String(repeating: "=", count: filled) + (filled < 20 ? ">" + String(repeating: " ", count: 19 - filled) : "") + "]"
            parts.append("\(grouped(shown))/\(grouped(total)) \(stage.unit)")
            // A stage whose count is complete may still be finishing (putting the site in place):
            // its rate would only fall from there, so none is shown.
            if shown > 0, shown < total, stageElapsed >= 0.2 {
                let rate = Double(shown) / stageElapsed
                parts.append("\(grouped(Int(rate.rounded())))/s")
                parts.append("about \(duration(Double(total - shown) / rate)) left")
            }
        } else if done > 0 {
            parts.append("\(grouped(done)) \(stage.unit)")
        }
        // Styled pieces are measured plain: the escape codes take no columns.
        let plainLength = { (bar: String?) in
            clock.count + 2 + parts.joined(separator: "  ").count + (bar.map { $0.count + 1 } ?? 0)
        }
        if bar != nil, plainLength(bar) > width { bar = nil }
        while parts.count > 1, plainLength(bar) > width { parts.removeLast() }
        guard plainLength(bar) <= width else { return String(clock.prefix(max(width, 0))) }
        let label = style.cyan(parts[0]) + (bar.map { " " + $0 } ?? "")
        return style.dim(clock) + "  " + ([label] + parts.dropFirst()).joined(separator: "  ")
    }

    /// 100000 as `100,000`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0, digit.isNumber { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// `3 s`, `1 min 5 s`.
    static func duration(_ seconds: Double) -> String {
        let whole = max(1, Int(seconds.rounded(.up)))
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }
}
