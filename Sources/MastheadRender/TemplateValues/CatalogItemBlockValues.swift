import MastheadMustache
import MastheadSite

/// `blocks.NAME` of an item: its charts, key figures and tables, as HTML.
struct CatalogItemBlockValues: TemplateMap, Sendable {
    let blocks: [CatalogItemBlocks]
    let item: Int

    func child(_ name: TemplateSymbol) -> Any? {
        blocks.first { $0.name == name.name }?.html[item]
    }
}
