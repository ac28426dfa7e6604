import Foundation
import MastheadContent

/// Finds where a piece of a built page came from: the first line of a source file that holds
/// it. Each file is read once, with where its lines start, and each piece looked up once however
/// many problems point at it: a page with thousands of broken links used to read its source,
/// and count its lines, once per link.
final class SourceLocator {
    private struct Source {
        var bytes: Data
        /// The offset where each line starts; the first is 0.
        var lineStarts: [Int]

        package init(bytes: Data, lineStarts: [Int]) {
            self.bytes = bytes
            self.lineStarts = lineStarts
        }
    }

    private let siteFolder: SiteFolder
    /// Nil for a file that cannot be read.
    private var sources: [String: Source?] = [:]
    private var found: [String: [String: (line: Int, column: Int)?]] = [:]

    init(siteFolder: SiteFolder) {
        self.siteFolder = siteFolder
    }

    /// 1-based line, and column in characters.
    func locate(_ needle: String, in path: String) -> (line: Int, column: Int)? {
        if let known = found[path]?[needle] { return known }
        let location = source(at: path).flatMap { Self.search(needle, in: $0) }
        found[path, default: [:]][needle] = location
        return location
    }

    private func source(at path: String) -> Source? {
        if let source = sources[path] { return source }
        let source = FileManager.default.contents(atPath: siteFolder.path(path)).map { data in
            let bytes = Data(data)  // indexed from 0
            return Source(bytes: bytes, lineStarts: [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 })
        }
        sources[path] = source
        return source
    }

    private static func search(_ needle: String, in source: Source) -> (line: Int, column: Int)? {
        // Data's search runs at memory speed, where a generic one walked a few megabytes a second.
        guard !needle.isEmpty, let offset = source.bytes.range(of: Data(needle.utf8))?.lowerBound else { return nil }
        // The last line start at or before the match.
        var low = 0
        var high = source.lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if source.lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = String(decoding: source.bytes[source.lineStarts[low]..<offset], as: UTF8.self).count + 1
        return (low + 1, column)
    }
}
