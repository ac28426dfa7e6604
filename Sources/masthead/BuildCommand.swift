import ArgumentParser
import Foundation
import MastheadCore

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Renders the site into its output folder.")

    @OptionGroup var siteOptions: SiteOptions

    @Option(help: "Where to write the site (default: SITE/public).")
    var output: String?

    @Option(name: .customLong("base-url"), help: "Replace the base URL of site.yml.")
    var baseURL: String?

    func run() throws {
        let started = Date()
        var options = siteOptions.buildOptions()
        options.baseURL = baseURL
        let outputDirectory = output.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? options.siteDirectory.appendingPathComponent("public")
        if let problem = OutputWriter.checkSafe(output: outputDirectory, siteDirectory: options.siteDirectory) {
            throw ValidationError("--output: \(problem)")
        }

        let result = SiteBuilder.build(options)
        DiagnosticPrinter.print(result.diagnostics)
        guard result.succeeded else {
            let count = result.diagnostics.errors.count
            FileHandle.standardError.write(Data("build failed: \(count) error\(count == 1 ? "" : "s"); \(outputDirectory.path) left as it was\n".utf8))
            throw ExitCode(1)
        }
        let written: Int
        do {
            written = try OutputWriter.write(result.files, to: outputDirectory, siteDirectory: options.siteDirectory)
        } catch {
            FileHandle.standardError.write(Data("error: writing \(outputDirectory.path): \(error)\n".utf8))
            throw ExitCode(1)
        }
        let pages = result.pageCounts.map { "\($0.count) \($0.kind)" }.joined(separator: ", ")
        let seconds = Date().timeIntervalSince(started)
        let warnings = result.diagnostics.warnings.count
        print("Built \(pages)")
        print("Wrote \(written) files to \(outputDirectory.path) in \(String(format: "%.2f", seconds)) s" + (warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s"))" : ""))
    }
}
