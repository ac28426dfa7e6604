import Foundation
import MastheadContent
import MastheadSupport

/// Reads a catalog's data file into raw records: CSV through the streaming
/// `CSVRecordStream`, JSON and YAML through `YAMLNode` (JSON is YAML's flow syntax,
/// so both give line and column for every value). Every problem is reported and
/// reading goes on, so one run shows them all.
enum CatalogFileReader {
    struct Output {
        /// Column names in file order (the CSV header, or keys by first appearance).
        var columns: [String] = []
        /// Where each column is first named, for unknown-field warnings.
        var columnLocations: [String: SourceLocation] = [:]
        var diagnostics: [Diagnostic] = []
        /// False when the file could not be read at all.
        var readable = true
    }

    /// Calls `body` with each record, in file order.
    static func read(_ path: String, siteFolder: SiteFolder, body: (CatalogRecord) -> Void) -> Output {
        let url = siteFolder.url(path)
        if let problem = siteFolder.problem(at: path) { return Output(diagnostics: [problem], readable: false) }
        guard FileManager.default.fileExists(atPath: url.path) else {
            return Output(diagnostics: [Diagnostic(.error, "missing catalog file: create it or fix file: in site.yml", file: path)], readable: false)
        }
        switch path.lowercasedPathExtension {
        case "csv": return readCSV(path, url: url, body: body)
        default: return readTree(path, url: url, body: body)
        }
    }

    private static func readCSV(_ path: String, url: URL, body: (CatalogRecord) -> Void) -> Output {
        var output = Output()
        let stream: CSVRecordStream
        do {
            stream = try CSVRecordStream(url: url, path: path)
        } catch {
            output.diagnostics.append(error)
            output.readable = false
            return output
        }
        output.columns = stream.header
        for (index, name) in stream.header.enumerated() where output.columnLocations[name] == nil {
            output.columnLocations[name] = SourceLocation(file: path, line: 1, column: index + 1)
        }
        var seen = Set<String>()
        for (index, name) in stream.header.enumerated() where !seen.insert(name).inserted || name.isEmpty {
            output.diagnostics.append(
                Diagnostic(
                    .error, name.isEmpty ? "CSV: column \(index + 1) has no name" : "CSV: the column '\(name)' appears twice",
                    file: path, line: 1, column: index + 1))
        }
        while true {
            let fields: [String]
            do {
                guard let next = try stream.next() else { break }
                fields = next
            } catch {
                output.diagnostics.append(error)
                // A ragged row is skipped; an unreadable file ends the stream.
                continue
            }
            let row = stream.row
            var cells: [String: (cell: CatalogRecord.Cell, location: SourceLocation)] = [:]
            cells.reserveCapacity(fields.count)
            for (index, text) in fields.enumerated() where cells[stream.header[index]] == nil {
                cells[stream.header[index]] = (.text(text), SourceLocation(file: path, line: row, column: index + 1))
            }
            body(CatalogRecord(cells: cells, names: stream.header, location: SourceLocation(file: path, line: row, column: 1), name: "row \(row)"))
        }
        return output
    }

    private static func readTree(_ path: String, url: URL, body: (CatalogRecord) -> Void) -> Output {
        var output = Output()
        let text: String
        switch SiteFolder.read(absolute: url.path, reporting: path).flatMap({ SourceFile(path: path, data: $0).text() }) {
        case .success(let decoded): text = decoded
        case .failure(let diagnostic): return Output(diagnostics: [diagnostic], readable: false)
        }
        let isJSON = path.lowercasedPathExtension == "json"
        let root: YAMLNode
        switch YAMLNode.parse(text, file: path, syntax: isJSON ? .json : .yaml) {
        case .success(let node): root = node
        case .failure(let diagnostic): return Output(diagnostics: [diagnostic], readable: false)
        }
        guard let items = root.items else {
            let expected = isJSON ? "an array of objects ([{...}, {...}])" : "a list of mappings (- key: value)"
            return Output(diagnostics: [.error("expected \(expected), got \(root.kindName)", at: root.location)], readable: false)
        }
        let object = isJSON ? "an object" : "a mapping"
        for item in items {
            guard let entries = item.entries else {
                output.diagnostics.append(.error("expected \(object) for each item, got \(item.kindName)", at: item.location))
                continue
            }
            var cells: [String: (cell: CatalogRecord.Cell, location: SourceLocation)] = [:]
            for entry in entries {
                if output.columnLocations[entry.key] == nil {
                    output.columns.append(entry.key)
                    output.columnLocations[entry.key] = entry.keyLocation
                }
                let cell: CatalogRecord.Cell
                switch entry.value.kind {
                case .null: cell = .text("")
                case .scalar(let text): cell = .text(text)
                case .sequence(let elements):
                    let texts = elements.compactMap(\.string)
                    cell = texts.count == elements.count ? .list(texts) : .unsupported("a list of non-text values")
                case .mapping: cell = .unsupported("a mapping")
                }
                cells[entry.key] = (cell, entry.value.location)
            }
            let line = item.location.line ?? 0
            body(CatalogRecord(cells: cells, names: entries.map(\.key), location: item.location, name: "line \(line)"))
        }
        return output
    }
}
