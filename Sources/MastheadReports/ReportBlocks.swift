import Foundation
import MastheadSite
import MastheadSupport

/// A ```chart, ```kpi or ```table block's YAML, parsed: one spec, or a row of kpi figures.
struct ParsedBlock: Sendable {
    var specs: [(spec: BlockSpec, id: String)]
    /// A kpi block holding a list of figures, shown side by side.
    var isFigureRow: Bool
    var diagnostics: [Diagnostic]
}

/// The blocks met while documents are parsed. Each is parsed where it is met and left in
/// its document's HTML as a placeholder; once every document is parsed, the blocks' queries
/// are known, each large statistics file is read once for all of them, and the blocks are
/// drawn into their places (`ReportEngine.drawBlocks`): documents are parsed once.
final class PendingBlocks: Sendable {
    struct Block: Sendable {
        var placeholder: String
        var parsed: ParsedBlock
    }

    /// Makes placeholders no text of a site can contain by chance.
    private let marker = "<!--masthead-block \(UInt64.random(in: 1...UInt64.max)) "
    private let blocks = Locked<[String: [Block]]>([:])

    /// The placeholder standing for `block` of `file` in the HTML until it is drawn.
    func placeholder(for block: ParsedBlock, file: String) -> String {
        blocks.withLock { blocks in
            // On a line of its own, as the block's HTML is: cmark-gfm then puts the same line breaks around it.
            let placeholder = "\(marker)\(blocks[file, default: []].count)-->\n"
            blocks[file, default: []].append(Block(placeholder: placeholder, parsed: block))
            return placeholder
        }
    }

    /// The blocks of `file`'s last parse, in order, no longer pending.
    func take(file: String) -> [Block] {
        blocks.withLock { $0.removeValue(forKey: file) ?? [] }
    }
}

extension ReportEngine {
    /// Draws the blocks `files` left as placeholders (`PendingBlocks`) into their documents
    /// (nil for a file whose document has errors: its blocks are drawn for their problems
    /// only). Their queries on large statistics files, and site.yml's named charts', are read
    /// together first. Returns each file's problems, in the order of `files`.
    package func drawBlocks(of files: [String], into documents: inout [Document?]) -> [[Diagnostic]] {
        let found = files.indices.flatMap { index in
            pending.take(file: files[index]).map { block in
                // The block's own place gets its file, so what it asks of a database says where it was asked.
                var block = block
                for spec in block.parsed.specs.indices where block.parsed.specs[spec].spec.location.file.isEmpty {
                    block.parsed.specs[spec].spec.location.file = files[index]
                }
                return (file: index, block: block)
            }
        }
        if store.hasLargeFiles {
            store.readTogether {
                for entry in found {
                    for (spec, _) in entry.block.parsed.specs where !spec.drawsRows { _ = table(for: spec) }
                }
                _ = renderNamedCharts()
            }
        }
        var diagnostics = [[Diagnostic]](repeating: [], count: files.count)
        guard !found.isEmpty else { return diagnostics }
        let drawn = parallelMap(found.map(\.block.parsed)) { draw($0) }
        for (entry, (html, problems)) in zip(found, drawn) {
            // cmark-gfm ends a block's line itself when its HTML does not.
            let line = html.isEmpty || html.hasSuffix("\n") ? html : html + "\n"
            if let html = documents[entry.file]?.contentHTML {
                documents[entry.file]?.contentHTML = html.replacingOccurrences(of: entry.block.placeholder, with: line)
            }
            // Problems with no file are about the document's own text.
            diagnostics[entry.file] += problems.map { problem in
                var problem = problem
                if problem.file.isEmpty { problem.file = files[entry.file] }
                return problem
            }
        }
        return diagnostics
    }
}
