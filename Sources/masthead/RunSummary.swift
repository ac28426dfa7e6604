import Foundation
import MastheadCore

/// The one JSON object `masthead build --format json` and `masthead check --format json`
/// print at the end, keys sorted (docs/command-line.md, "Machine-readable output").
struct RunSummary: Encodable {
    struct Files: Encodable {
        var written: Int
        var unchanged: Int
        var removed: Int
    }

    /// `build` or `check`.
    var command: String
    /// `built`, `upToDate` or `failed` for build; `checked` or `failed` for check.
    var status: String
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

    init(command: String, status: String, pages: [String: Int] = [:], seconds: Double, diagnostics: [Diagnostic]) {
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

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every value here encodes: a failure would be a bug, and says so in the output.
        guard let data = try? encoder.encode(self) else { return "{\"status\":\"failed\",\"errors\":1}" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension BuildResult {
    /// The summary's page counts by kind, for the JSON object.
    var pagesByKind: [String: Int] {
        Dictionary(pageCounts.map { ($0.kind, $0.count) }, uniquingKeysWith: +)
    }
}
