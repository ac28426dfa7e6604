import Mustache

/// Everything one page's template receives: the values every page has (`site`, `page`,
/// `catalogs`, `charts`) and those of its kind (`body`: `article`, `list`, `items`, ...).
struct PageValues: TemplateValue {
    enum Key: String, CaseIterable {
        case site, page, catalogs, charts
    }

    let source: TemplateSource
    var page: PageInfoValues
    let catalogs: CatalogsByName
    /// The values of the page's kind, looked at first: an extra order's page has its own `catalogs`.
    var body: any MustacheParent

    func child(named name: String) -> Any? {
        body.child(named: name) ?? Key(rawValue: name).flatMap(value(for:))
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .site: SiteValues(source: source)
        case .page: page
        case .catalogs: catalogs
        case .charts: source.site.charts.isEmpty ? nil : NamedChartValues(charts: source.site.charts)
        }
    }
}

/// `charts.NAME`: the named charts of site.yml, as HTML.
struct NamedChartValues: TemplateMap, Sendable {
    let charts: [String: String]

    func child(named name: String) -> Any? { charts[name] }
}
