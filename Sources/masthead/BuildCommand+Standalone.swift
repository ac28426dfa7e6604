import ArgumentParser
import Foundation
import MastheadBuild
import MastheadSite
import MastheadSupport

extension BuildCommand {
    /// `--report NAME --standalone`: the site is built in memory and the report's page written
    /// as one file; the site's output folder is left alone.
    func writeStandalone(report: String) throws {
        var options = BuildOptions(identity: siteOptions.identity(baseURL: baseURL))
        if output?.isEmpty == true { throw ValidationError("--output: the path is empty; name the file, like --output \(report).html") }
        let target = URL(fileURLWithPath: output ?? "\(report).html").standardizedFileURL
        let console = Console(terminalOptions, siteFolder: options.siteFolder)
        options.progress = console.progress
        // Checked before the build too: a refused target should not wait for the whole site.
        if let problem = OutputRule.fileProblem(target, siteFolder: options.siteFolder, force: force, isOurs: StandaloneReport.isMarked) {
            console.failure("error: \(problem)")
            throw ExitCode(1)
        }
        let result = Pipeline.run(options: options)
        console.report(result.diagnostics)
        guard result.succeeded, let site = result.site else {
            console.failure("build failed: \(result.diagnostics.errors.count) errors; \(target.path) not written")
            throw ExitCode(1)
        }
        let route: Route
        switch StandaloneReport.route(named: report, in: site) {
        case .success(let found): route = found
        case .failure(let problem): throw ValidationError(problem.message)
        }
        guard let made = StandaloneReport(config: site.config, files: result.files).make(page: route.outputPath) else {
            console.failure("error: the page of the report '\(report)' was not built")
            throw ExitCode(1)
        }
        for warning in made.warnings { console.report([Diagnostic(.warning, warning, file: route.source)]) }
        // The build's rule for --output: never a folder or a source, never a file masthead did not write (but with --force).
        do {
            try OutputRule.writeFile(
                Data(made.html.utf8), to: target, siteFolder: options.siteFolder, force: force, isOurs: StandaloneReport.isMarked)
        } catch {
            console.failure("error: \(error)")
            throw ExitCode(1)
        }
        console.summary(["Wrote the report '\(report)' as one file (\(made.html.utf8.count / 1024) KB) to \(target.path)"])
    }
}
