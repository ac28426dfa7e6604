import ArgumentParser
import Foundation
import MastheadCore

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Renders the site into its output folder.")

    @OptionGroup var siteOptions: SiteOptions

    @Option(help: "Where to write the site (default: SITE/public). It is replaced whole: it must be new, empty, or written by masthead build.")
    var output: String?

    @Flag(help: "Replace the output folder even if masthead build did not write it (never the site itself or a folder holding it).")
    var force = false

    @Option(name: .customLong("base-url"), help: "Replace the base URL of site.yml.")
    var baseURL: String?

    @Flag(name: .customLong("no-cache"), help: "Build and write every file, even when nothing changed since the last build.")
    var noCache = false

    func run() throws {
        let started = Date()
        var options = siteOptions.buildOptions()
        options.baseURL = baseURL
        // An empty path is the current folder to Foundation: never what was meant.
        if output?.isEmpty == true {
            throw ValidationError("--output: the path is empty; name the folder to write the site to, like --output public")
        }
        let outputDirectory = output.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? options.siteDirectory.appendingPathComponent("public")
        if let problem = OutputWriter.checkSafe(output: outputDirectory, siteDirectory: options.siteDirectory, force: force) {
            throw ValidationError(output == nil ? problem : "--output: \(problem)")
        }

        let outcome: CachedBuild.Outcome
        do {
            outcome = try CachedBuild.run(options, output: outputDirectory, useCache: !noCache, force: force)
        } catch let busy as BuildLock.Busy {
            FileHandle.standardError.write(Data("error: \(busy)\n".utf8))
            throw ExitCode(1)
        } catch {
            FileHandle.standardError.write(Data("error: writing \(outputDirectory.path): \(error)\n".utf8))
            throw ExitCode(1)
        }
        let result: BuildResult
        let report: OutputWriter.Report
        switch outcome {
        case .upToDate(let manifest):
            if !manifest.warnings.isEmpty { FileHandle.standardError.write(Data((manifest.warnings.joined(separator: "\n") + "\n").utf8)) }
            let seconds = Date().timeIntervalSince(started)
            print("Built \(manifest.summary)")
            print("Nothing changed since the last build: \(outputDirectory.path) is up to date (\(String(format: "%.2f", seconds)) s; --no-cache rebuilds it)")
            return
        case .failed(let failed):
            DiagnosticPrinter.print(failed.diagnostics)
            let count = failed.diagnostics.errors.count
            FileHandle.standardError.write(Data("build failed: \(count) error\(count == 1 ? "" : "s"); \(outputDirectory.path) left as it was\n".utf8))
            throw ExitCode(1)
        case .built(let built, let writeReport):
            DiagnosticPrinter.print(built.diagnostics)
            result = built
            report = writeReport
        }
        let written = report.written
        let pages = result.pageCounts.map { "\($0.count) \($0.kind)" }.joined(separator: ", ")
        let seconds = Date().timeIntervalSince(started)
        let warnings = result.diagnostics.warnings.count
        print("Built \(pages)")
        let kept = report.unchanged > 0 ? " (\(report.unchanged) unchanged kept)" : ""
        print("Wrote \(written) files to \(outputDirectory.path)\(kept) in \(String(format: "%.2f", seconds)) s" + (warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s"))" : ""))
    }
}
