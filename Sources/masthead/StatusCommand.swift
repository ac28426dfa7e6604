import ArgumentParser
import Foundation
import MastheadCore

/// `masthead status`: when the last build's site next changes by itself (an article's publishDate
/// or expiryDate, or midnight for catalogs), so a cron job or CI schedule knows when to rebuild and deploy.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Prints when the last build's site next changes by itself (a scheduled article, an expiry), to rebuild and deploy then.")

    @Option(name: .customLong("site"), help: "The folder holding Content/ and Templates/.")
    var site: String = "."

    @Option(help: "The output folder masthead build wrote (default: SITE/public).")
    var output: String?

    @OptionGroup var formatOption: FormatOption

    struct Report: Encodable {
        var command = "status"
        var output: String
        var built: Bool
        var summary: String?
        /// ISO 8601, UTC; nil without a build.
        var nextChange: String?
        var files: Int?
    }

    func run() throws {
        let siteDirectory = URL(fileURLWithPath: site, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        let outputDirectory = output.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? siteDirectory.appendingPathComponent("public")
        let manifest = BuildCache(siteDirectory: siteDirectory, output: outputDirectory).loadManifest(withRecords: true)
        let formatter = ISO8601DateFormatter()
        let report = Report(
            output: outputDirectory.path, built: manifest != nil, summary: manifest?.summary,
            nextChange: manifest?.validUntil.map { formatter.string(from: $0) }, files: manifest?.outputs.count)
        if formatOption.format == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            FileHandle.standardOutput.write(Data((String(decoding: try encoder.encode(report), as: UTF8.self) + "\n").utf8))
        } else if let manifest {
            var lines = ["Last build of \(outputDirectory.path): \(manifest.summary) (\(manifest.outputs.count) files)"]
            if let next = report.nextChange {
                lines.append("Next change: \(next) (a scheduled article, an expiry, or midnight for catalogs): rebuild and deploy then")
            }
            FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        } else {
            FileHandle.standardOutput.write(Data("No build of \(outputDirectory.path) yet: run masthead build\n".utf8))
        }
        if manifest == nil { throw ExitCode(1) }
    }
}
