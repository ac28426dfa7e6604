import MastheadSupport

/// The checks that need every template at once, on the outlines `TemplateScanner` reads: partials
/// and parents that do not exist, dynamic partials, templates that come back to themselves, and
/// nesting that stays within the limit in each template but not once partials are counted.
///
/// Templates and blocks are the nodes. `{{> card}}` and `{{<base}}` lead to a template; `{{$main}}`
/// leads to the block `$main`, because any override of `main` in a template rendering around it
/// replaces it (swift-mustache passes overrides down through every partial); an override leads
/// wherever the tags inside it lead. One walk over the nodes, without recursion, finds the cycles
/// and adds up the nesting.
struct TemplateGraph {
    private struct Edge {
        var target: Int
        var kind: TemplateOutline.Kind
        /// Where the tag is.
        var file: String
        var line: Int
        var column: Int
        /// Sections open around the tag, counted from the start of the node it belongs to.
        var depth: Int
    }

    /// Template names, and block names with a `$` in front.
    private var labels: [String] = []
    private var isBlock: [Bool] = []
    private var edges: [[Edge]] = []
    /// Each node's own deepest nesting.
    private var ownDepth: [Int] = []
    private var diagnostics: [Diagnostic] = []
    private let maxNesting: Int

    /// `sources` maps each template's name to its path, for messages.
    static func check(_ outlines: [String: TemplateOutline], paths: [String: String], maxNesting: Int) -> [Diagnostic] {
        var graph = TemplateGraph(outlines, paths: paths, maxNesting: maxNesting)
        graph.walk()
        return graph.diagnostics
    }

    private init(_ outlines: [String: TemplateOutline], paths: [String: String], maxNesting: Int) {
        self.maxNesting = maxNesting
        let names = outlines.keys.sorted()
        var templateNode: [String: Int] = [:]
        for name in names {
            templateNode[name] = labels.count
            labels.append(name)
            isBlock.append(false)
            ownDepth.append(outlines[name]!.problem == nil ? outlines[name]!.deepest : 0)
            edges.append([])
        }
        var blockNode: [String: Int] = [:]
        func block(_ name: String) -> Int {
            if let node = blockNode[name] { return node }
            blockNode[name] = labels.count
            labels.append("$" + name)
            isBlock.append(true)
            ownDepth.append(0)
            edges.append([])
            return labels.count - 1
        }
        for name in names {
            let outline = outlines[name]!
            let path = paths[name] ?? name
            // A template not read to the end has its problem reported; only its names are checked.
            let complete = outline.problem == nil
            for override in outline.overrides where complete {
                let node = block(override.name)
                ownDepth[node] = max(ownDepth[node], override.deepest - override.depth)
            }
            for reference in outline.references {
                let target: Int
                if reference.isDynamic {
                    let tag = reference.kind == .parent ? "{{<*\(reference.name)}}" : "{{>*\(reference.name)}}"
                    diagnostics.append(
                        Diagnostic(
                            .error,
                            "template: \(tag) takes the template's name from the page's values, so it could "
                                + "include any template, this one too, and never end; name the template instead",
                            file: path, line: reference.line, column: reference.column))
                    continue
                }
                switch reference.kind {
                case .partial, .parent:
                    guard let node = templateNode[reference.name] else {
                        let hint = Suggestion.didYouMean(reference.name, in: names)
                        diagnostics.append(
                            Diagnostic(
                                .error, "template: unknown partial '\(reference.name)'\(hint)",
                                file: path, line: reference.line, column: reference.column))
                        continue
                    }
                    guard complete else { continue }
                    target = node
                case .block:
                    guard complete else { continue }
                    target = block(reference.name)
                }
                var edge = Edge(
                    target: target, kind: reference.kind, file: path, line: reference.line, column: reference.column,
                    depth: reference.depth)
                edges[templateNode[name]!].append(edge)
                for index in reference.overrides {
                    let override = outline.overrides[index]
                    edge.depth = reference.depth - override.depth
                    edges[block(override.name)].append(edge)
                }
            }
        }
    }

    /// Depth-first over every node: a tag leading back to a node still being walked closes a
    /// cycle; a node's deepest nesting is known when its walk ends.
    private mutating func walk() {
        enum State { case new, walking, done }
        var state = Array(repeating: State.new, count: labels.count)
        var stackPosition = Array(repeating: 0, count: labels.count)
        var inReportedCycle = Array(repeating: false, count: labels.count)
        var deepest = ownDepth
        var foundCycle = false
        for root in labels.indices where state[root] == .new {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = .walking
            while let top = stack.last {
                let (node, next) = top
                guard next < edges[node].count else {
                    stack.removeLast()
                    state[node] = .done
                    if let parent = stack.last {
                        let edge = edges[parent.node][parent.next - 1]
                        deepest[parent.node] = max(deepest[parent.node], edge.depth + 1 + deepest[node])
                    }
                    continue
                }
                stack[stack.count - 1].next += 1
                let edge = edges[node][next]
                switch state[edge.target] {
                case .new:
                    state[edge.target] = .walking
                    stackPosition[edge.target] = stack.count
                    stack.append((edge.target, 0))
                case .walking:
                    foundCycle = true
                    guard !inReportedCycle[edge.target] else { continue }
                    let onStack = stack[stackPosition[edge.target]...]
                    let cycle = onStack.map(\.node)
                    let cycleEdges = onStack.dropLast().map { edges[$0.node][$0.next - 1] } + [edge]
                    for member in cycle { inReportedCycle[member] = true }
                    reportCycle(cycle, edges: cycleEdges)
                case .done:
                    deepest[node] = max(deepest[node], edge.depth + 1 + deepest[edge.target])
                }
            }
        }
        if !foundCycle { reportDepth(deepest) }
    }

    /// `cycle[i]` leads to the next node by `edges[i]`. Told from its template first by name, at the
    /// tag there that leads on, whatever node the walk came in by.
    private mutating func reportCycle(_ cycle: [Int], edges: [Edge]) {
        let start = cycle.indices.filter { !isBlock[cycle[$0]] }.min { labels[cycle[$0]] < labels[cycle[$1]] } ?? 0
        let order = Array(cycle[start...] + cycle[..<start])
        let path = (order + [order[0]]).map { labels[$0] }.joined(separator: " → ")
        let edge = edges[start]
        diagnostics.append(
            Diagnostic(
                .error, "template: '\(labels[order[0]])' includes itself (\(path)), which would never end",
                file: edge.file, line: edge.line, column: edge.column))
    }

    /// Each tag where nesting goes over the limit only once what it includes is counted.
    private mutating func reportDepth(_ deepest: [Int]) {
        var reported = Set<String>()
        for node in edges.indices {
            for edge in edges[node] where deepest[edge.target] <= maxNesting && edge.depth + 1 + deepest[edge.target] > maxNesting {
                guard reported.insert("\(edge.file):\(edge.line):\(edge.column)").inserted else { continue }
                let inside =
                    switch edge.kind {
                    case .partial: "the partial '\(labels[edge.target])'"
                    case .parent: "the parent '\(labels[edge.target])'"
                    case .block: "what fills the block '\(labels[edge.target].dropFirst())'"
                    }
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "template: sections and partials nested deeper than \(maxNesting) levels, "
                            + "counting those in \(inside)", file: edge.file, line: edge.line, column: edge.column))
            }
        }
    }
}
