import MastheadMustache

/// A standalone page's or report's values: its document's, and `content`.
struct DocumentPageValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case content
        static let byName = table()
    }

    let document: DocumentValues

    func child(_ name: TemplateSymbol) -> Any? {
        // The page's cover is its first, largest image.
        if name.name == "cover" { return document.formatted.cover?.prominent }
        return Key.byName[name].flatMap(value(for:)) ?? document.child(name)
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .content: document.formatted.source.bodyHTML(document.formatted.document)
        }
    }

    static var keys: [String] { Key.allCases.map(\.rawValue) + DocumentValues.keys }
}
