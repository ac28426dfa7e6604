import MastheadMustache
import MastheadSupport

/// Each article's card, rendered once through the card's template and then placed by the
/// `card` partial wherever the card appears: lists, home sections, related articles.
/// The card's template sees the card's values and what is the same on every page (`site`,
/// `catalogs`, `charts`), never the page it is placed on (docs/templates.md, under *card*).
/// Every card is kept until the last page: past `spill`'s budget, in its file (about 1.5 KB
/// a card, 1.5 GB at a million articles), read back each time a page places it.
final class CardHTML: Sendable {
    private let templates: TemplateSet
    private let siteWide: SiteWideValues
    private let spill: TextSpill?
    /// By article and by whether the card leads the home page (its cover is then the prominent image).
    private let rendered = OnceCache<Variant, SpillableText>()

    private struct Variant: Hashable, Sendable {
        let index: Int
        let leads: Bool
    }

    init(templates: TemplateSet, siteWide: SiteWideValues, spill: TextSpill?) {
        self.templates = templates
        self.siteWide = siteWide
        self.spill = spill
    }

    func html(of card: CardValues) -> String {
        rendered.value(for: Variant(index: card.index, leads: card.leads)) {
            var html = SpillableText(templates.render(CardPageValues(card: card, siteWide: siteWide), template: TemplateSet.cardTemplate) ?? "")
            if let spill { html.spill(into: spill) }
            return html
        }.text
    }
}

/// What the card's template sees: the card first, then the values every page has.
private struct CardPageValues: TemplateMap {
    let card: CardValues
    let siteWide: SiteWideValues

    func child(_ name: TemplateSymbol) -> Any? {
        card.child(name) ?? siteWide.child(name)
    }
}
