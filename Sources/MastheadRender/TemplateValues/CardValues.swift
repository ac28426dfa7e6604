import MastheadMustache

/// A card: what a list shows of an article (its document's values and its category).
/// Built once per article and kept (`PageContext`).
struct CardValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case category
        static let byName = table()
    }

    let source: TemplateSource
    /// Into `site.articles`.
    let index: Int
    let document: DocumentValues
    /// The card rendered once, which the `card` partial places (`TemplateSet.rendersCardsOnce`).
    let rendered: CardHTML?

    /// The name the `card` partial reads the rendered card by; not one for templates.
    static let renderedKey = "masthead-rendered-card"

    func child(_ name: TemplateSymbol) -> Any? {
        if name.name == Self.renderedKey { return rendered?.html(of: self) }
        if leads, name.name == "cover" { return document.formatted.cover?.prominent }
        return Key.byName[name].flatMap(value(for:)) ?? document.child(name)
    }

    /// The home page's lead story: its cover is the page's first, largest image.
    var leads = false

    /// The same card as the page's lead story.
    var leading: CardValues {
        var copy = self
        copy.leads = true
        return copy
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .category: source.articleCategory[index].map { source.categories[$0] }
        }
    }

    static var keys: [String] { Key.allCases.map(\.rawValue) + DocumentValues.keys }
}
