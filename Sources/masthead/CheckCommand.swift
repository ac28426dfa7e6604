import ArgumentParser
import Foundation
import MastheadCore

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Builds the site in memory and checks links, anchors, images, ids, titles and descriptions.")

    @OptionGroup var siteOptions: SiteOptions

    func run() throws {
        let options = siteOptions.buildOptions()
        let result = SiteBuilder.build(options)
        guard result.succeeded, let site = result.site else {
            DiagnosticPrinter.print(result.diagnostics)
            throw ExitCode(1)
        }
        let problems = SiteChecker(site: site, files: result.files, siteDirectory: options.siteDirectory).check()
        let all = (result.diagnostics + problems).sortedByPosition()
        DiagnosticPrinter.print(all)
        let pages = result.files.filter { $0.path.hasSuffix(".html") }.count
        print("Checked \(pages) pages: \(all.errors.count) errors, \(all.warnings.count) warnings")
        if all.hasErrors { throw ExitCode(1) }
    }
}
