import ArgumentParser
import Foundation
import MastheadCore
import MastheadSite

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
        /// Issue 63: the next catalog items to appear or leave (`visible:`), earliest first.
        var catalogChanges: [CatalogChange]?
    }

    /// Issue 63: one start or end of a catalog item (`CatalogSchedule`), for the report.
    struct CatalogChange: Encodable {
        var date: String
        var file: String
        var line: Int
        var catalog: String
        var key: String
        var kind: String
    }

    func run() throws {
        let siteDirectory = URL(fileURLWithPath: site, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        let outputDirectory = output.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? siteDirectory.appendingPathComponent("public")
        let manifest = BuildCache(siteDirectory: siteDirectory, output: outputDirectory).loadManifest(withRecords: true)
        let formatter = ISO8601DateFormatter()
        var report = Report(
            output: outputDirectory.path, built: manifest != nil, summary: manifest?.summary,
            nextChange: manifest?.validUntil.map { formatter.string(from: $0) }, files: manifest?.outputs.count)
        // Issue 63: catalog items appearing or leaving by date, read from the site's files.
        let catalogChanges = Self.catalogChanges(siteDirectory: siteDirectory)
        if !catalogChanges.isEmpty {
            report.catalogChanges = catalogChanges.map {
                CatalogChange(
                    date: formatter.string(from: $0.date), file: $0.location.file, line: $0.location.line ?? 1, catalog: $0.catalog, key: $0.key,
                    kind: $0.kind.rawValue)
            }
        }
        if formatOption.format == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            FileHandle.standardOutput.write(Data((String(decoding: try encoder.encode(report), as: UTF8.self) + "\n").utf8))
        } else if let manifest {
            var lines = ["Last build of \(outputDirectory.path): \(manifest.summary) (\(manifest.outputs.count) files)"]
            if let next = report.nextChange {
                lines.append("Next change: \(next) (a scheduled article, an expiry, or midnight for catalogs): rebuild and deploy then")
            }
            // Issue 63: what changes next in the catalogs, and when.
            for change in catalogChanges {
                lines.append("Catalog change: \(formatter.string(from: change.date)) \(change.description): rebuild and deploy then")
            }
            FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        } else {
            FileHandle.standardOutput.write(Data("No build of \(outputDirectory.path) yet: run masthead build\n".utf8))
        }
        if manifest == nil { throw ExitCode(1) }
    }

    /// Issue 63: the next five starts and ends of catalog items with `visible:` (none when site.yml cannot be read).
    static func catalogChanges(siteDirectory: URL) -> [CatalogVisibilityChange] {
        guard let config = SiteConfigLoader.load(siteDirectory: siteDirectory).0 else { return [] }
        return Array(CatalogSchedule.upcoming(config: config, siteDirectory: siteDirectory, now: Date()).prefix(5))
    }
}
