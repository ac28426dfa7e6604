import MastheadMustache
import MastheadSupport

/// What is the same on every page of a language: `site`, `catalogs`, `charts` and `i18n`, no
/// `page`; and the partials under `Templates/site-wide/` (the footer, the menu), each rendered
/// once from these values and then placed on every page that includes it, as a card is: on a
/// large site that is thousands of pages (docs/templates.md, "Site-wide partials"). What the
/// card's template and the site-wide partials see.
final class SiteWideValues: TemplateMap, Sendable {
    private let source: TemplateSource
    private let catalogs: CatalogsByName
    private let templates: TemplateSet
    private let rendered = OnceCache<String, String>()

    init(source: TemplateSource, catalogs: CatalogsByName, templates: TemplateSet) {
        self.source = source
        self.catalogs = catalogs
        self.templates = templates
    }

    func child(_ name: TemplateSymbol) -> Any? {
        let charts = source.site.charts
        return switch PageValues.Key.byName[name] {
        case .site: SiteValues(source: source)
        case .catalogs: catalogs
        case .charts: charts.isEmpty ? nil : NamedChartValues(charts: charts)
        case .i18n: source.strings
        case .page: nil
        case nil: html(placedAs: name.name)
        }
    }

    /// The HTML a placer's name (`TemplateSet.siteWidePartials`) stands for; nil for any other name.
    func html(placedAs name: String) -> String? {
        guard let template = templates.siteWidePartials[name] else { return nil }
        return rendered.value(for: name) { templates.render(self, template: template) ?? "" }
    }
}
