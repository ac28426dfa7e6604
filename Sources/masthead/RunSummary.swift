import Foundation
import MastheadBuild
import MastheadSupport

/// The one JSON object `masthead build --format json` and `masthead check --format json`
/// print at the end, keys sorted (docs/command-line.md, "Machine-readable output").
struct RunSummary: Encodable {
    struct Files: Encodable {
        var written: Int
        var unchanged: Int
        var removed: Int
    }

    enum Status: String, Encodable {
        /// Build: the site was built and written; nothing changed since the last build; errors.
        case built, upToDate, failed
        /// Check: the built site was checked without errors (it may have warnings).
        case checked
    }

    /// `build` or `check`.
    var command: String
    var status: Status
    /// Pages by kind, as in the summary line (`"article": 24`).
    var pages: [String: Int]
    /// Build only: the output folder's files this build wrote, kept and removed.
    var files: Files?
    /// Build only: the size of every file in the output folder.
    var bytes: Int?
    /// Build only: the output folder.
    var output: String?
    /// Check only: the HTML pages checked.
    var checkedPages: Int?
    var seconds: Double
    var errors: Int
    var warnings: Int
    var diagnostics: [Diagnostic]

    init(command: String, status: Status, pages: [String: Int] = [:], seconds: Double, diagnostics: [Diagnostic]) {
        self.command = command
        self.status = status
        self.pages = pages
        self.seconds = (seconds * 1000).rounded() / 1000
        errors = diagnostics.errors.count
        warnings = diagnostics.warnings.count
        self.diagnostics = diagnostics
    }

    /// `"24 article, 3 page"` (the build cache's summary) as counts by kind.
    static func pages(fromSummary summary: String) -> [String: Int] {
        var pages: [String: Int] = [:]
        for part in summary.split(separator: ", ") {
            let words = part.split(separator: " ", maxSplits: 1)
            if words.count == 2, let count = Int(words[0]) { pages[String(words[1])] = count }
        }
        return pages
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension BuildResult {
    /// The summary's page counts by kind, for the JSON object.
    var pagesByKind: [String: Int] {
        Dictionary(pageCounts.map { ($0.kind, $0.count) }, uniquingKeysWith: +)
    }
}
