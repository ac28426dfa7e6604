import ArgumentParser
import Foundation
import MastheadBuild
import MastheadSite

/// `masthead status`: what next changes the last build's site by itself (an article published or
/// expired at its date, a catalog item appearing or leaving, a featured item rotating) and when, with
/// the file, so a cron job or CI schedule knows when to rebuild and deploy.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Prints what next changes the last build's site by itself (a scheduled article, an expiry, a catalog item), and when.")

    @OptionGroup var siteOption: SiteFolderOption

    @Option(help: "The output folder masthead build wrote (default: SITE/public).")
    var output: String?

    @OptionGroup var formatOption: FormatOption

    struct Report: Encodable {
        var command = "status"
        var output: String
        var built: Bool
        var summary: String?
        /// ISO 8601, UTC: the first of `changes`; nil without a build or with nothing scheduled.
        var nextChange: String?
        var files: Int?
        /// Earliest first, as the last build saw them (`ScheduledChanges.kept` at most).
        var changes: [Change]?
    }

    struct Change: Encodable {
        var date: String
        /// `publish`, `expiry`, `catalog-start`, `catalog-end` or `rotation`.
        var kind: String
        var file: String
        var line: Int?
        var subject: String
    }

    func run() throws {
        let siteFolder = siteOption.folder
        let outputDirectory = output.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? siteFolder.url("public")
        let manifest = BuildCache(siteFolder: siteFolder, output: outputDirectory).loadManifest(withRecords: true)
        let formatter = ISO8601DateFormatter()
        let changes = manifest?.scheduledChanges ?? []
        let report = Report(
            output: outputDirectory.path, built: manifest != nil, summary: manifest?.summary,
            nextChange: changes.first.map { formatter.string(from: $0.date) }, files: manifest?.outputs.count,
            changes: manifest.map { _ in
                changes.map {
                    Change(date: formatter.string(from: $0.date), kind: $0.kind.rawValue, file: $0.file, line: $0.line, subject: $0.subject)
                }
            })
        if formatOption.format == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            FileHandle.standardOutput.write(Data((String(decoding: try encoder.encode(report), as: UTF8.self) + "\n").utf8))
        } else if let manifest {
            var lines = ["Last build of \(outputDirectory.path): \(manifest.summary) (\(manifest.outputs.count) files)"]
            if let next = changes.first {
                lines.append("Next change: \(formatter.string(from: next.date)) \(next.description): rebuild and deploy then")
                lines += changes.dropFirst().map { "Then: \(formatter.string(from: $0.date)) \($0.description)" }
            } else {
                lines.append("Nothing scheduled: the site changes only when its files do")
            }
            FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        } else {
            FileHandle.standardOutput.write(Data("No build of \(outputDirectory.path) yet: run masthead build\n".utf8))
        }
        if manifest == nil { throw ExitCode(1) }
    }
}
