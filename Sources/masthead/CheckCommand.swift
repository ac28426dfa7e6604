import ArgumentParser
import Foundation
import MastheadBuild
import MastheadReports

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Builds the site in memory and checks links, anchors, images, ids, titles and descriptions.")

    @OptionGroup var siteOptions: SiteOptions

    @OptionGroup var terminalOptions: TerminalOptions

    @OptionGroup var formatOption: FormatOption

    @Flag(help: "Also ask each database for its plan of the statements the site's blocks send, and warn of those that read a whole large table.")
    var explain = false

    func run() throws {
        let started = Date()
        var options = BuildOptions(identity: siteOptions.identity())
        let console = Console(terminalOptions, format: formatOption.format, siteFolder: options.siteFolder)
        options.progress = console.progress
        let databaseResults = DatabaseResults()
        options.databaseResults = databaseResults
        let result = Pipeline.run(options: options)
        guard result.succeeded, let site = result.site else {
            console.report(result.diagnostics)
            try console.emit(
                RunSummary(
                    command: "check", status: .failed, pages: result.pagesByKind,
                    seconds: Date().timeIntervalSince(started), diagnostics: result.diagnostics))
            throw ExitCode(1)
        }
        let pages = result.files.filter { $0.path.hasSuffix(".html") }.count
        console.progress?.begin(.checking, total: nil)
        var problems = SiteChecker(site: site, files: result.files, siteFolder: options.siteFolder).check()
        if explain { problems += DatabasePlans.warnings(databaseResults) }
        let all = (result.diagnostics + problems).sortedByPosition()
        console.report(all)
        console.summary(["Checked \(pages) pages: \(all.errors.count) errors, \(all.warnings.count) warnings"])
        var summary = RunSummary(
            command: "check", status: all.hasErrors ? .failed : .checked, pages: result.pagesByKind,
            seconds: Date().timeIntervalSince(started), diagnostics: all)
        summary.checkedPages = pages
        try console.emit(summary)
        if all.hasErrors { throw ExitCode(1) }
    }
}
