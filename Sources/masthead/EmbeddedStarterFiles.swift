import Foundation

/// The files `masthead new site` copies, built into the binary: the default theme (`Templates/`,
/// its CSS, scripts and icons), `Starters/default/` and each example's `Content/` and `Templates/`,
/// by their path in the Masthead folder. The table (`table`, in base64) is written at build time
/// by the EmbedStarterFiles plugin from those folders, so it is never older than the build.
enum EmbeddedStarterFiles {
    /// The paths of the table's files that are `relative` or lie under it, in the table's order
    /// (name order, as on disk).
    static func paths(under relative: String) -> [String] {
        table.map { $0.path.description }.filter { $0 == relative || $0.hasPrefix(relative + "/") }
    }

    /// The bytes of the file at `path`, or nil when the table has no such file.
    static func contents(of path: String) -> Data? {
        guard let entry = table.first(where: { $0.path.description == path }) else { return nil }
        return entry.base64.withUTF8Buffer { Data(base64Encoded: Data($0)) }
    }
}
