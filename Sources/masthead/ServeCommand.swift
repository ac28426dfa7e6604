import ArgumentParser
import Foundation
import MastheadServer
import MastheadSupport

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Previews the site from memory, rebuilding and reloading pages on every save.")

    @OptionGroup var siteOptions: SiteOptions

    @Option(help: "The address to listen on (loopback unless you say otherwise).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    @Flag(help: "Lets the editor at /_masthead/ write files when --host is beyond loopback (it is always on at loopback).")
    var edit = false

    @OptionGroup var terminalOptions: TerminalOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port: expected 0 to 65535, got \(port)") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: siteOptions.siteFolder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("--site: no folder at \(siteOptions.siteFolder.path)")
        }
    }

    func run() async throws {
        var configuration = PreviewServer.Configuration(identity: siteOptions.identity())
        configuration.host = host
        configuration.port = port
        configuration.edit = edit
        let console = Console(terminalOptions, siteFolder: configuration.siteFolder)
        configuration.firstBuildProgress = console.progress
        let server = PreviewServer(configuration: configuration)
        let folder = configuration.siteFolder.path
        defer { console.endProgress() }
        do {
            try await server.run(
                onReady: { address in
                    // The address alone on its line, so scripts can read it (--port 0), even with --quiet.
                    let watching = console.quiet ? "" : "Watching Content/ and Templates/ in \(folder); Ctrl-C stops.\n"
                    let editor =
                        server.editorAddress(serving: address).map { "Editor: \($0)\n" } ?? "Editor: off (beyond loopback; --edit turns it on)\n"
                    FileHandle.standardOutput.write(Data("\(address)\n\(watching)\(console.quiet ? "" : editor)".utf8))
                }, onRebuild: { Self.report($0, on: console) })
        } catch {
            _ = console.error("cannot serve on \(host):\(port): \(error)")
            throw ExitCode(1)
        }
    }

    /// One line per build in the terminal, after its problems in the form editors read.
    static func report(_ report: PreviewServer.RebuildReport, on console: Console) {
        console.report(report.diagnostics)
        let milliseconds = Int((report.seconds * 1000).rounded())
        guard report.succeeded else {
            let errors = report.diagnostics.errors.count
            console.failure("build failed in \(milliseconds) ms with \(errors) error\(errors == 1 ? "" : "s"): still serving build \(report.build)")
            return
        }
        guard !console.quiet else { return }
        StandardError.write(
            "build \(report.build) in \(milliseconds) ms: \(report.changed.count) file\(report.changed.count == 1 ? "" : "s") changed"
                + " (\(report.parsedDocuments) document\(report.parsedDocuments == 1 ? "" : "s") parsed, \(report.reusedDocuments) reused;"
                + " \(report.renderedPages) page\(report.renderedPages == 1 ? "" : "s") rendered, \(report.reusedPages) kept)\n")
    }
}
