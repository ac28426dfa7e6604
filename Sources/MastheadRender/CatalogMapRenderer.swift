import Foundation
import MastheadCharts
import MastheadReports
import MastheadSite

/// A catalog's map (`map:` in site.yml): its items on a geo scatter chart, each point linked
/// to the item's page. The index shows every item; a facet value's page (a city) shows its
/// own items, each named beside its point.
struct CatalogMapRenderer {
    let config: SiteConfig
    let format: ChartFormatter
    let labels: ReportLabels

    init(config: SiteConfig) {
        self.config = config
        format = ChartFormatter(language: config.language, timeZone: config.timeZone)
        labels = ReportLabels(language: config.language)
    }

    /// The figure for `items` (indexes into the catalog's items), or nil when the catalog has
    /// no map or none of the items has coordinates.
    func figure(_ catalog: Catalog, items: [Int], subtitle: String?, id: String) -> String? {
        guard let map = catalog.config.map, let xField = catalog.fieldIndex(map.longitude), let yField = catalog.fieldIndex(map.latitude)
        else { return nil }
        let points = items.compactMap { index -> ScatterData.Point? in
            let item = catalog.items[index]
            guard let x = item.values[xField].number, let y = item.values[yField].number, x.isFinite, y.isFinite else { return nil }
            return ScatterData.Point(label: item.title, x: x, y: y, series: 0, url: config.link(forPath: item.path))
        }
        guard !points.isEmpty else { return nil }
        var data = ScatterData(
            points: points, series: [""], labelTitle: BlockView.humanise(catalog.config.titleField),
            xTitle: BlockView.humanise(map.longitude), yTitle: BlockView.humanise(map.latitude), seriesTitle: nil, geo: true,
            xFraction: ScatterData.fraction(points.map(\.x)), yFraction: ScatterData.fraction(points.map(\.y)))
        if subtitle != nil { data.labelledSeries = 0 }
        let title = subtitle.map { "\(map.title) · \($0)" } ?? map.title
        let description = ChartDescription(title: title, xTitle: data.xTitle, valueTitle: data.yTitle, id: id)
        return ChartRenderer(format: format, labels: labels).renderScatter(data, description)
    }
}
