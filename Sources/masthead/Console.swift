import Foundation
import MastheadContent
import MastheadSupport
import MastheadTerminal

/// What a command prints, and how, as `--color`, `--quiet`, `--verbose` and `--format` ask:
/// diagnostics, the summary, the progress line and the JSON object.
struct Console: Sendable {
    let style: TerminalStyle
    let quiet: Bool
    let json: Bool
    let siteFolder: SiteFolder
    /// The progress line, when standard error is a terminal (never with `--quiet`).
    let progress: TerminalProgress?

    /// Starts the progress line's clock, so make it when the work starts.
    init(_ options: TerminalOptions, format: OutputFormat = .text, siteFolder: SiteFolder) {
        let environment = ProcessInfo.processInfo.environment
        switch options.color {
        case .always: style = TerminalStyle(colors: true)
        case .never: style = .plain
        case .auto: style = TerminalStyle(colors: TerminalStyle.automaticColors(environment: environment))
        }
        quiet = options.quiet
        json = format == .json
        self.siteFolder = siteFolder
        progress = options.quiet ? nil : TerminalProgress.forStandardError(style: style, environment: environment)
        // `--verbose` is the documented alias of MASTHEAD_TIMINGS=1, which the stage timer reads.
        if options.verbose { setenv("MASTHEAD_TIMINGS", "1", 1) }
    }

    /// Clears the progress line: before anything else is printed.
    func endProgress() {
        progress?.finish()
    }

    /// Problems, with their source lines, on standard error: errors only with `--quiet`, none
    /// with `--format json` (the JSON object lists them).
    func report(_ diagnostics: [Diagnostic]) {
        endProgress()
        guard !json else { return }
        DiagnosticPrinter(style: style, siteFolder: siteFolder).print(quiet ? diagnostics.errors : diagnostics)
    }

    /// The closing summary on standard output, in text format and without `--quiet`.
    func summary(_ lines: [String]) {
        endProgress()
        guard !json, !quiet else { return }
        FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// A failure in words on standard error (`build failed: ...`), shown even with `--quiet`.
    func failure(_ line: String) {
        endProgress()
        guard !json else { return }
        StandardError.write(line + "\n")
    }

    /// A problem that is not in a file (the build lock, the output folder): `error: ...` in
    /// text, a diagnostic of `masthead` in JSON.
    func error(_ message: String) -> Diagnostic {
        failure(style.label(.error) + " " + message)
        return Diagnostic(.error, message, file: "masthead")
    }

    /// The JSON object, alone on standard output, with `--format json`.
    func emit(_ summary: RunSummary) throws {
        endProgress()
        guard json else { return }
        FileHandle.standardOutput.write(Data((try summary.json() + "\n").utf8))
    }
}
