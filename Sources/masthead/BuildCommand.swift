import ArgumentParser
import Foundation
import MastheadBuild
import MastheadSupport

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Renders the site into its output folder.")

    @OptionGroup var siteOptions: SiteOptions

    @Option(help: "Where to write the site (default: SITE/public). It is replaced whole: it must be new, empty, or written by masthead build.")
    var output: String?

    @Flag(
        help:
            "Replace the output folder (with --standalone, the file) even if masthead did not write it (never the site or a folder holding it)."
    )
    var force = false

    @Option(name: .customLong("base-url"), help: "Replace the base URL of site.yml.")
    var baseURL: String?

    @Flag(name: .customLong("no-cache"), help: "Build and write every file, even when nothing changed since the last build.")
    var noCache = false

    @Option(help: "With --standalone: the report (its slug, the name of its file in Content/reports/) to write as one file.")
    var report: String?

    @Flag(help: "Write the --report as one self-contained HTML file (NAME.html, or --output FILE), CSS and images inlined.")
    var standalone = false

    @OptionGroup var terminalOptions: TerminalOptions

    @OptionGroup var formatOption: FormatOption

    func run() throws {
        if standalone || report != nil {
            guard standalone, let report else { throw ValidationError("--report and --standalone go together: --report NAME --standalone") }
            return try writeStandalone(report: report)
        }
        let started = Date()
        var options = BuildOptions(identity: siteOptions.identity(baseURL: baseURL))
        // An empty path is the current folder to Foundation: never what was meant.
        if output?.isEmpty == true {
            throw ValidationError("--output: the path is empty; name the folder to write the site to, like --output public")
        }
        let outputDirectory =
            output.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? options.siteFolder.url("public")
        if let problem = OutputWriter.checkSafe(output: outputDirectory, siteFolder: options.siteFolder, force: force) {
            throw ValidationError(output == nil ? problem : "--output: \(problem)")
        }

        let console = Console(terminalOptions, format: formatOption.format, siteFolder: options.siteFolder)
        options.progress = console.progress
        let folder = outputDirectory.path
        let outcome: CachedBuild.Outcome
        do {
            outcome = try CachedBuild.run(options, output: outputDirectory, useCache: !noCache, force: force)
        } catch {
            let message = error is BuildLock.Busy ? "\(error)" : "writing \(folder): \(error)"
            var summary = RunSummary(
                command: "build", status: .failed, seconds: Date().timeIntervalSince(started),
                diagnostics: [console.error(message)])
            summary.output = folder
            try console.emit(summary)
            throw ExitCode(1)
        }
        let seconds = Date().timeIntervalSince(started)
        let time = String(format: "%.2f s", seconds)
        var summary: RunSummary
        switch outcome {
        case .upToDate(let manifest):
            // The last build's warnings, kept as text by the build cache.
            let warnings = manifest.warnings.map { Diagnostic(description: $0) ?? Diagnostic(.warning, $0, file: "masthead") }
            console.report(warnings)
            console.summary([
                "Built \(manifest.summary)",
                "Nothing changed since the last build (\(time); --no-cache rebuilds it): up to date in \(folder)"
            ])
            summary = RunSummary(
                command: "build", status: .upToDate, pages: RunSummary.pages(fromSummary: manifest.summary),
                seconds: seconds, diagnostics: warnings)
            summary.files = .init(written: 0, unchanged: manifest.outputs.count, removed: 0)
            summary.bytes = manifest.outputs.values.reduce(0) { $0 + $1.size }
        case .failed(let failed):
            console.report(failed.diagnostics)
            let count = failed.diagnostics.errors.count
            console.failure("build failed: \(count) error\(count == 1 ? "" : "s"); \(folder) left as it was")
            summary = RunSummary(command: "build", status: .failed, pages: failed.pagesByKind, seconds: seconds, diagnostics: failed.diagnostics)
            summary.files = .init(written: 0, unchanged: 0, removed: 0)
        case .built(let result, let report):
            console.report(result.diagnostics)
            let pages = result.pageCounts.map { "\($0.count) \($0.kind)" }.joined(separator: ", ")
            let warnings = result.diagnostics.warnings.count
            let kept = report.unchanged > 0 ? " (\(report.unchanged) unchanged kept)" : ""
            let work = result.work
            // Pages whose inputs are as the last build found them are its files, kept (`LastPages`).
            let redrawn =
                work.keptPages > 0
                ? "\(work.renderedPages) page\(work.renderedPages == 1 ? "" : "s") drawn again, \(work.keptPages) kept from the last build"
                : nil
            console.summary(
                [
                    "Built \(pages) in \(time)" + (warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s"))" : ""), redrawn,
                    "Wrote \(report.written) files\(kept) to \(folder)"
                ].compactMap { $0 })
            summary = RunSummary(command: "build", status: .built, pages: result.pagesByKind, seconds: seconds, diagnostics: result.diagnostics)
            summary.files = .init(written: report.written, unchanged: report.unchanged, removed: report.removed)
            summary.bytes = report.records.values.reduce(0) { $0 + $1.size }
        }
        summary.output = folder
        try console.emit(summary)
        if summary.status == .failed { throw ExitCode(1) }
        // Done: a large site's manifest is a record per file, which freeing one by one would take
        // longer than the check that nothing changed (compilers end the same way).
        if summary.status == .upToDate { Foundation.exit(0) }
    }
}
