import Foundation
import MastheadSupport

/// A file read from the site folder.
public struct SourceFile: Sendable {
    /// Relative to the site folder, with `/` separators: `Content/articles/moka.md`.
    package var path: String
    package var data: Data

    public init(path: String, data: Data) {
        self.path = path
        self.data = data
    }

    package var fileExtension: String { path.lowercasedPathExtension }
    /// The file name without its extension.
    package var stem: String { Self.stem(of: path) }

    package static func stem(of path: String) -> String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

    /// The file as UTF-8 text, or a diagnostic saying why it is not text.
    package func text() -> Result<String, Diagnostic> {
        if data.prefix(8192).withUnsafeBytes({ $0.contains(0) }) {
            return .failure(Diagnostic(.error, "this looks like a binary file, not text", file: path))
        }
        guard var text = String(data: data, encoding: .utf8) else {
            return .failure(
                Diagnostic(.error, "not valid UTF-8 text: save the file as UTF-8", file: path, line: Self.lineOfFirstInvalidByte(data), column: nil))
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return .success(text)
    }

    /// The line where UTF-8 decoding first fails, so the editor knows where to look.
    static func lineOfFirstInvalidByte(_ data: Data) -> Int {
        var line = 1
        var lineStart = data.startIndex
        for index in data.indices where data[index] == UInt8(ascii: "\n") {
            if String(data: data[lineStart..<index], encoding: .utf8) == nil { return line }
            line += 1
            lineStart = index + 1
        }
        return line
    }
}
