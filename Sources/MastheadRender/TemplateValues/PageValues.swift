import MastheadMustache

/// Everything one page's template receives: the values every page has (`site`, `page`,
/// `catalogs`, `charts`) and those of its kind (`body`: `article`, `list`, `items`, ...).
struct PageValues: TemplateValue {
    enum Key: String, TemplateKey {
        case site, page, catalogs, charts, i18n
        static let byName = table()
    }

    /// One reference: swift-mustache copies a value each time it looks a name up in it,
    /// and nearly every name is looked up here.
    private let parts: Parts

    init(source: TemplateSource, page: PageInfoValues, catalogs: CatalogsByName, body: any TemplateParent, siteWide: SiteWideValues) {
        parts = Parts(source: source, page: page, catalogs: catalogs, body: body, siteWide: siteWide)
    }

    var page: PageInfoValues { parts.page }

    /// The same page with other `page` values and other values of its kind (a member statement).
    func replacing(page: PageInfoValues, body: any TemplateParent) -> PageValues {
        PageValues(source: parts.source, page: page, catalogs: parts.catalogs, body: body, siteWide: parts.siteWide)
    }

    func child(_ name: TemplateSymbol) -> Any? {
        // The values of the page's kind first: an extra order's page has its own `catalogs`.
        // Last, the placers of the site-wide partials: no other value answers their names.
        parts.body.child(name) ?? Key.byName[name].flatMap(value(for:)) ?? parts.siteWide.html(placedAs: name.name)
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .site: SiteValues(source: parts.source)
        case .page: PageInfoReference(parts: parts)
        case .catalogs: parts.catalogs
        case .charts: parts.source.site.charts.isEmpty ? nil : NamedChartValues(charts: parts.source.site.charts)
        case .i18n: parts.source.strings
        }
    }

    /// `page` by reference: as a value, its 216 bytes would be copied into a new box at each
    /// name a template reads in it.
    private struct PageInfoReference: TemplateParent {
        let parts: Parts

        func child(_ name: TemplateSymbol) -> Any? { parts.page.child(name) }
    }

    private final class Parts {
        let source: TemplateSource
        let page: PageInfoValues
        let catalogs: CatalogsByName
        let body: any TemplateParent
        let siteWide: SiteWideValues

        init(source: TemplateSource, page: PageInfoValues, catalogs: CatalogsByName, body: any TemplateParent, siteWide: SiteWideValues) {
            self.source = source
            self.page = page
            self.catalogs = catalogs
            self.body = body
            self.siteWide = siteWide
        }
    }
}

/// `charts.NAME`: the named charts of site.yml, as HTML.
struct NamedChartValues: TemplateMap, Sendable {
    let charts: [String: String]

    func child(_ name: TemplateSymbol) -> Any? { charts[name.name] }
}
