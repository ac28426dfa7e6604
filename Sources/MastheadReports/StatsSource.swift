import Foundation
import MastheadContent
import MastheadSite

/// The file formats statistics come in.
package enum StatsFormat: String, Sendable {
    /// Comma-separated, header row first.
    case csv
    /// One JSON object per line (`.jsonl`, `.ndjson`): streamed, any size.
    case jsonLines
    /// An array of objects (`.json`): read whole, so keep these small.
    case json

    init?(fileName: String) {
        switch fileName.lowercasedPathExtension {
        case "csv": self = .csv
        case "jsonl", "ndjson": self = .jsonLines
        case "json": self = .json
        default: return nil
        }
    }
}

package struct StatsColumn: Sendable, Hashable {
    package var name: String
    package var type: FieldType
    /// A field of a catalog reading the same file: the catalog reports the column's bad cells,
    /// and the dataset's messages for them use its words, so each is reported once.
    package var catalogField = false
}

/// A statistics file with its columns and their types (declared in site.yml or inferred
/// from the first rows).
package struct StatsSource: Sendable {
    /// As blocks name it: `stats/activities.csv` or a dataset name.
    package var name: String
    /// Site-relative: `Content/stats/activities.csv`.
    package var file: String
    package var format: StatsFormat
    /// The file's columns, then the columns a join adds.
    package var columns: [StatsColumn]
    /// How many of `columns` the file itself has.
    package var fileColumnCount: Int
    /// The catalog fields joined to each row (`join:` in site.yml).
    var join: ResolvedJoin?
    /// What caches key on: the file, or the dataset when a join adds columns to it.
    package var cacheKey: String
    /// For a dataset read from a database: the engine and the table or query.
    package var database: DatabaseSource?
    /// The types the database gives each column, before `schema:` (`SQLPushdown` casts where they differ).
    package var databaseTypes: [FieldType] = []
    /// The columns the database declares as days (`DatabaseColumn.holdsDays`).
    package var databaseDays: Set<Int> = []

    package var fileColumnNames: [String] { columns.prefix(fileColumnCount).map(\.name) }

    package func column(_ field: String) -> Int? { columns.firstIndex { $0.name == field } }
    package var columnNames: [String] { columns.map(\.name) }

    /// Rows looked at to infer a column's type.
    static let inferenceRows = 500

    /// The narrowest type every non-empty sample fits: integer, decimal, date, boolean, else text.
    static func inferType(_ samples: [String], timeZone: TimeZone) -> FieldType {
        let values = samples.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !values.isEmpty else { return .string }
        for type in [FieldType.integer, .decimal, .date, .boolean] {
            // A number too large for its type still makes a number column: its row is then an error, not text.
            let fits = { (text: String) -> Bool in
                switch DataValue.parse(text, as: type, timeZone: timeZone) {
                case .success: true
                case .failure(let problem): problem.outOfRange
                }
            }
            if values.allSatisfy(fits) {
                // "0"/"1" columns are numbers, not booleans.
                if type == .boolean, values.contains(where: { Int($0) != nil }) { continue }
                return type
            }
        }
        return .string
    }
}
