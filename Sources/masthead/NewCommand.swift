import ArgumentParser
import Foundation
import MastheadContent
import MastheadSupport

/// `masthead new`: a starter site, or a new article, page or report in an existing site.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Starts a site, or an article, page or report with its front matter filled in.",
        subcommands: [NewSiteCommand.self, NewArticleCommand.self, NewPageCommand.self, NewReportCommand.self])
}

struct NewSiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Writes a starter site that builds at once: the default theme, or one of the examples.")

    @Argument(help: "The folder to create; it must not exist, or be empty.")
    var directory: String

    @Option(help: "Start from an example instead: \(StarterSite.exampleNames.joined(separator: ", ")).")
    var example: String?

    func run() throws {
        let target = URL(fileURLWithPath: directory, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        do {
            let starter = try StarterSite(example: example)
            let count = try starter.write(to: target)
            print("Wrote a new site (\(count) files) to \(directory)")
            print("Next: masthead build --site \(directory), or masthead serve --site \(directory)")
        } catch let problem as StarterSite.Problem {
            if case .unknownExample = problem { throw ValidationError(problem.description) }
            StandardError.write("error: \(problem)\n")
            throw ExitCode(1)
        }
    }
}

/// The options `new article`, `new page` and `new report` share.
struct NewDocumentOptions: ParsableArguments {
    @Argument(help: "The title; the file is named from its slug.")
    var title: String

    @OptionGroup var siteOption: SiteFolderOption

    var siteFolder: SiteFolder { siteOption.folder }
}

struct NewArticleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "article", abstract: "Writes Content/articles/SLUG.md, a draft dated now in the site's time zone.")

    @OptionGroup var options: NewDocumentOptions

    @Option(help: "The article's category, by name or slug, as declared in site.yml.")
    var category: String?

    @Option(help: "Tags, separated by commas: --tags moka,ricette.")
    var tags: String?

    func run() throws {
        try NewDocumentWriter.run(kind: .article, options: options, category: category, tags: tags)
    }
}

struct NewPageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "page", abstract: "Writes Content/pages/SLUG.md.")

    @OptionGroup var options: NewDocumentOptions

    func run() throws {
        try NewDocumentWriter.run(kind: .page, options: options, category: nil, tags: nil)
    }
}

struct NewReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report", abstract: "Writes Content/reports/SLUG.md.")

    @OptionGroup var options: NewDocumentOptions

    func run() throws {
        try NewDocumentWriter.run(kind: .report, options: options, category: nil, tags: nil)
    }
}
