import Foundation
import MastheadSupport

/// One raw record of a data file before typing: each field's text (or list, for
/// YAML/JSON sequences) with where it was written.
struct CatalogRecord {
    enum Cell {
        case text(String)
        case list([String])
        /// A mapping, or a list holding something other than text: never valid.
        case unsupported(String)
    }

    /// Cells by field name; a missing name means the field was not given.
    var cells: [String: (cell: Cell, location: SourceLocation)]
    /// Field names in the order the record gives them.
    var names: [String]
    /// The row (CSV, with column 1) or the object's position (JSON, YAML).
    var location: SourceLocation
    /// "row 3" or "line 12", for messages pointing at another record.
    var name: String
}
