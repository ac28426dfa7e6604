import Foundation

/// The built `masthead` binary run as a user runs it, with a chosen environment: through
/// pipes (as CI and editors run it), or on a pseudo-terminal (as a person at a terminal
/// does), where what it writes is what the screen receives, escape codes included.
package enum MastheadCommand {
    package static let binary = repositoryRoot.appendingPathComponent(".build/debug/masthead")

    package struct Run {
        package var status: Int32
        package var output: String
        package var errors: String

        package init(status: Int32, output: String, errors: String) {
            self.status = status
            self.output = output
            self.errors = errors
        }
    }

    /// The environment of the tests, without the variables that change what masthead prints,
    /// plus `environment`.
    package static func environment(_ environment: [String: String]) -> [String: String] {
        var result = ProcessInfo.processInfo.environment
        for name in ["NO_COLOR", "MASTHEAD_TIMINGS", "MASTHEAD_PROGRESS_AFTER", "TERM"] { result[name] = nil }
        result["TERM"] = "xterm-256color"
        return result.merging(environment) { _, new in new }
    }

    /// Standard output and standard error through pipes; `folder` is the working folder.
    package static func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> Run {
        finish(try start(arguments, in: folder, environment: environment))
    }

    /// A run started and not yet waited for (`finish`).
    package struct Started {
        package var process: Process
        package var output: Pipe
        /// Standard error is read on another thread, so neither pipe can fill up and stall the run.
        package var errors: ErrorsReader
    }

    package static func start(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> Started {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = Self.environment(environment)
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe()
        let err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return Started(process: process, output: out, errors: ErrorsReader(err.fileHandleForReading))
    }

    package static func finish(_ started: Started) -> Run {
        let outData = started.output.fileHandleForReading.readDataToEndOfFile()
        let errData = started.errors.wait()
        started.process.waitUntilExit()
        return Run(
            status: started.process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            errors: String(decoding: errData, as: UTF8.self))
    }

    /// Standard output and standard error both on one pseudo-terminal, as in a terminal window
    /// (util-linux's `script` makes it): returns the exit status and everything the terminal
    /// received. Once the screen holds `marker`, the command is interrupted, for `masthead serve`.
    package static func runInTerminal(
        _ arguments: [String], environment: [String: String] = [:],
        interruptAfter marker: String? = nil
    ) throws -> (status: Int32, screen: String) {
        let command = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        // -q: no banner; -f: flush at once; -e: the command's exit status; -c: the command. No log file.
        process.arguments = ["-qfec", command, "/dev/null"]
        process.environment = Self.environment(environment.merging(["SHELL": "/bin/sh"]) { old, _ in old })
        let out = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = out
        try process.run()
        var screen = Data()
        var interrupted = false
        while case let chunk = out.fileHandleForReading.availableData, !chunk.isEmpty {
            screen.append(chunk)
            if let marker, !interrupted, String(decoding: screen, as: UTF8.self).contains(marker) {
                process.interrupt()
                interrupted = true
            }
        }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: screen, as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own. `@unchecked`: `data` is written by that
/// thread before it signals `done`, and read only after `wait` has seen the signal.
package final class ErrorsReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    package init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    package func wait() -> Data {
        done.wait()
        return data
    }
}
