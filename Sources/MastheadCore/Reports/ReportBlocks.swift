import Foundation
import Synchronization

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
        var parsed: ParsedBlock
    }

    /// Makes placeholders no text of a site can contain by chance.
    private let marker = "<!--masthead-block \(UInt64.random(in: 1...UInt64.max)) "
    private let blocks = Mutex<[Block]>([])

    /// The placeholder standing for `block` in the HTML until it is drawn.
    func placeholder(for block: ParsedBlock) -> String {
        let number = blocks.withLock { blocks in
            blocks.append(Block(parsed: block))
            return blocks.count - 1
        }
        // On a line of its own, as the block's HTML is: cmark-gfm then puts the same line breaks around it.
        return "\(marker)\(number)-->\n"
    }

    /// The blocks whose placeholders are in `html`, in order.
    func blocks(in html: String) -> [(placeholder: String, block: ParsedBlock)] {
        guard html.contains(marker) else { return [] }
        let all = blocks.withLock { $0 }
        var found: [(String, ParsedBlock)] = []
        var rest = html[...]
        while let start = rest.range(of: marker) {
            guard let end = rest[start.upperBound...].range(of: "-->\n") else { break }
            if let number = Int(rest[start.upperBound..<end.lowerBound]), all.indices.contains(number) {
                found.append((String(rest[start.lowerBound..<end.upperBound]), all[number].parsed))
            }
            rest = rest[end.upperBound...]
        }
        return found
    }
}

extension ReportEngine {
    /// Draws the blocks left as placeholders in `documents` (`PendingBlocks`): their queries
    /// on large statistics files, and site.yml's named charts', are read together first.
    /// Problems found in a block are reported in its document's file.
    func drawBlocks(in documents: inout [Document]) -> [Diagnostic] {
        let found = documents.indices.flatMap { index in
            pending.blocks(in: documents[index].contentHTML).map { (document: index, placeholder: $0.placeholder, block: $0.block) }
        }
        if store.hasLargeFiles {
            store.readTogether {
                for entry in found {
                    for (spec, _) in entry.block.specs where !spec.drawsRows { _ = table(for: spec) }
                }
                _ = renderNamedCharts()
            }
        }
        guard !found.isEmpty else { return [] }
        let drawn = parallelMap(found.map(\.block)) { draw($0) }
        var diagnostics: [Diagnostic] = []
        for (entry, (html, problems)) in zip(found, drawn) {
            let file = documents[entry.document].sourcePath
            // cmark-gfm ends a block's line itself when its HTML does not.
            let line = html.isEmpty || html.hasSuffix("\n") ? html : html + "\n"
            documents[entry.document].contentHTML = documents[entry.document].contentHTML.replacingOccurrences(of: entry.placeholder, with: line)
            diagnostics += (entry.block.diagnostics + problems).map { problem in
                var problem = problem
                if problem.file.isEmpty { problem.file = file }
                return problem
            }
        }
        return diagnostics
    }
}
