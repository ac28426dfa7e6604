import Foundation
import MastheadSite
import MastheadSupport

/// Catalog `blocks:`: a chart, key figure or table drawn for every item of a catalog, its
/// `where:` values, title and caption filled in with the item's `{key}`, `{title}` and `{FIELD}`.
extension ReportEngine {
    /// The catalogs with each item's blocks drawn (`Catalog.itemBlocks`). Each block is parsed
    /// once, and a problem with it is reported once, at its line in site.yml, however many
    /// items it has. Catalogs without blocks are returned as they are.
    package func withItemBlocks(_ catalogs: [Catalog], diagnostics: inout [Diagnostic]) -> [Catalog] {
        var result = catalogs
        for index in result.indices where !result[index].config.blocks.isEmpty {
            let catalog = result[index]
            for block in catalog.config.blocks {
                let (spec, problems) = BlockSpecParser.parse(block.node, kind: block.kind, location: block.location)
                diagnostics += problems.map { Self.naming(block, $0) }
                guard let spec, !catalog.items.isEmpty else { continue }
                let rendered = renderForEveryItem(spec, block: block, catalog: catalog)
                diagnostics += rendered.problems.map { Self.naming(block, $0) }
                if let html = rendered.html { result[index].itemBlocks.append(CatalogItemBlocks(name: block.name, html: html)) }
            }
        }
        return result
    }

    /// Every item's HTML, or nil when the block fails for the first item (the problem is then the
    /// block's, not an item's). Problems met with later items are those of the first such item.
    private func renderForEveryItem(_ spec: BlockSpec, block: CatalogBlockConfig, catalog: Catalog) -> (html: [String]?, problems: [Diagnostic]) {
        let render = { @Sendable (itemIndex: Int) -> (html: String, diagnostics: [Diagnostic]) in
            let item = catalog.items[itemIndex]
            let itemSpec = ItemPlaceholders(item: item, catalog: catalog, timeZone: self.store.timeZone).fill(spec)
            return self.render(itemSpec, id: Self.itemBlockID(catalog: catalog.config.name, key: item.key, block: block.name))
        }
        let first = render(0)
        if first.diagnostics.hasErrors { return (nil, first.diagnostics) }
        let rest = parallelMap(Array(catalog.items.indices.dropFirst())) { render($0) }
        let problems = first.diagnostics + (rest.first { !$0.diagnostics.isEmpty }?.diagnostics ?? [])
        var seen = Set<String>()
        return ([first.html] + rest.map(\.html), problems.filter { seen.insert($0.description).inserted })
    }

    /// `films-the-thing-ratings`: unique per catalog, item and block, so a page showing the
    /// blocks of several items has no duplicate ids.
    static func itemBlockID(catalog: String, key: String, block: String) -> String {
        [Slug.make(catalog), CatalogLoader.slug(key), Slug.make(block)].joined(separator: "-")
    }

    /// "blocks.ratings: ..." so the message says which block it is about.
    private static func naming(_ block: CatalogBlockConfig, _ diagnostic: Diagnostic) -> Diagnostic {
        var named = diagnostic
        named.message = "blocks.\(block.name): \(diagnostic.message)"
        return named
    }
}

/// `{key}`, `{title}` and `{FIELD}` (the field's raw value) in a block's filter values, title
/// and caption. Other text in braces is left as written.
struct ItemPlaceholders {
    let item: CatalogItem
    let catalog: Catalog
    let timeZone: TimeZone

    func fill(_ spec: BlockSpec) -> BlockSpec {
        var filled = spec
        filled.title = spec.title.map(fill)
        filled.caption = spec.caption.map(fill)
        filled.filters = spec.filters.map { filter in
            var copy = filter
            switch filter.condition {
            case .oneOf(let values): copy.condition = .oneOf(values.map(fill))
            case .range(let lower, let upper): copy.condition = .range(lower: lower.map(fill), upper: upper.map(fill))
            }
            return copy
        }
        return filled
    }

    func fill(_ text: String) -> String {
        guard text.contains("{") else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            let name = String(rest[afterOpen..<close])
            if let value = value(of: name) {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private func value(of name: String) -> String? {
        switch name {
        case "key": return item.key
        case "title": return item.title
        default: return catalog.fieldIndex(name).map { item.values[$0].rawText(timeZone) }
        }
    }
}
