import Foundation
import MastheadSupport

/// One value of a catalog row as the form shows it: `editable` when the form can hold it and
/// write it back without loss; otherwise it is shown as written and kept (a mapping, a block list).
struct CatalogCell: Sendable, Equatable {
    var value: String
    var editable: Bool
}

/// The rows of a catalog file as the editor shows and changes them, whatever the file's format:
/// a row's changed values are written into the file's text and every other byte is kept.
protocol CatalogRows: Sendable {
    /// The column names: the CSV header, or the keys of the items by first appearance.
    var header: [String] { get }
    /// How many rows (items) the file has.
    var count: Int { get }
    /// The file's text: the same bytes as read until a value changes.
    var text: String { get }
    /// Row `row`'s values by column name.
    func cells(row: Int) -> [String: CatalogCell]
    /// Puts `values` (by column name) into row `row`; a value equal to the row's keeps its bytes.
    /// Nil, or why the values cannot be written (then nothing changes).
    mutating func set(row: Int, _ values: [String: String]) -> String?
}

enum CatalogFile {
    /// The catalog formats the editor writes, by extension.
    static let extensions: Set<String> = ["csv", "json", "yaml", "yml"]

    /// The rows of a catalog file's text, read by its extension; nil when its shape is not a list of items.
    static func rows(_ text: String, path: String) -> (any CatalogRows)? {
        switch path.lowercasedPathExtension {
        case "csv": CSVRows(text)
        case "json": YAMLCatalogRows(text, isJSON: true)
        case "yaml", "yml": YAMLCatalogRows(text, isJSON: false)
        default: nil
        }
    }
}
