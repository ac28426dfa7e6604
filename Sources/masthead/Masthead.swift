import ArgumentParser
import Foundation
import MastheadBuild
import MastheadContent

@main
struct Masthead: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "masthead",
        abstract: "Builds a static magazine from Content/ and Templates/.",
        version: MastheadVersion.text,
        subcommands: [BuildCommand.self, ServeCommand.self, CheckCommand.self, NewCommand.self, DeployCommand.self, StatusCommand.self],
        defaultSubcommand: BuildCommand.self)

    /// Exit status (docs/command-line.md, "Exit status"): 0 built, 1 content or template errors, 2 wrong usage.
    static func main() async {
        Allocator.configure()
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// `--site`, declared once for every command that reads a site: the folder, made absolute from the working folder.
struct SiteFolderOption: ParsableArguments {
    @Option(name: .customLong("site"), help: "The folder holding Content/ and Templates/.")
    var site: String = "."

    /// The one place a command turns `--site` into the folder every target reads through.
    var folder: SiteFolder {
        SiteFolder(URL(fileURLWithPath: site, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
    }
}

/// Options every command that builds a site takes.
struct SiteOptions: ParsableArguments {
    @OptionGroup var siteOption: SiteFolderOption

    @Flag(help: "Include drafts.")
    var drafts = false

    @Flag(help: "Include articles whose publishDate is in the future.")
    var future = false

    var siteFolder: SiteFolder { siteOption.folder }

    /// What besides the files decides the build's output; `baseURL` from `--base-url`, where a command has it.
    func identity(baseURL: String? = nil) -> BuildIdentity {
        BuildIdentity(siteFolder: siteFolder, includeDrafts: drafts, includeFuture: future, baseURL: baseURL)
    }
}
