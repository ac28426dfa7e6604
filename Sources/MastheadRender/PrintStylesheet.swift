import Foundation
import MastheadCharts

/// The print stylesheet (`css/print.css`) Masthead writes into every site: articles and
/// reports as printed for a meeting. Templates link it with `media="print"`, so it only adds
/// to the site's stylesheet and charts.css on paper. The chart colours are the site's light
/// palette: paper is light even when the screen is dark.
enum PrintStylesheet {
    static let path = "css/print.css"

    static func css(_ colours: ChartColours) -> String {
        let palette = colours.light.isEmpty ? ChartColours.standard.light : colours.light
        let series = (0..<ChartPalette.count).map { "--chart-\($0 + 1): \(palette[$0 % palette.count]);" }
        var css = "/* Paper: articles and reports as printed for a meeting. Written by Masthead; linked with media=\"print\", so it\n"
        css += "   only adds to the site's stylesheet and charts.css there. No navigation or buttons, charts and tables\n"
        css += "   kept whole, links followed by their URL, the page's URL and date at the foot of each sheet. */\n"
        css += "@page { margin: 16mm 15mm 20mm; }\n\n"
        css += ":root {\n  color-scheme: light;\n"
        css += "  --bg: #fff; --surface: #fff; --surface-2: #f4f4f4; --text: #000; --muted: #333; --border: #999; --link: #000;\n"
        css += "  " + series[0..<4].joined(separator: " ") + "\n"
        css += "  " + series[4...].joined(separator: " ") + "\n"
        css += "  --chart-hatch: rgb(255 255 255 / .7); --chart-grid: #ddd; --chart-axis: #333; --chart-up: #00734f; --chart-down: #b34700;\n"
        css += "}\n"
        return css + rules
    }

    private static let rules = """
        html, body { background: #fff; color: #000; }
        body { font-size: 11pt; line-height: 1.45; }
        * { box-shadow: none !important; }

        /* Nothing to click on paper. */
        .skip-link, .site-nav, .site-menu, .site-footer, .share, [data-share], .related, .article-nav, .pagination, .feed-link,
        .archive-nav, .facet-nav, .gallery-viewer, .play-button, .heading-anchor, .chart-data, button, form, video, iframe {
          display: none !important;
        }
        .site-header { position: static; border-bottom: 1px solid #999; padding: 0 0 3mm; margin-bottom: 5mm; background: none; }
        .wrap { max-width: none; padding-left: 0; padding-right: 0; }
        .article-media img { max-height: 90mm; width: auto; }

        /* A link's URL after its text; same-page anchors and cards' titles are left alone. */
        a { color: #000; text-decoration: underline; }
        main a[href^="http"]::after, main a[href^="/"]::after, main a[href^="mailto:"]::after {
          content: " <" attr(href) ">"; font-size: 85%; overflow-wrap: anywhere;
        }
        .card-title a::after, .category-label::after, .tag-list a::after, .catalog-breadcrumb a::after, .brand::after { content: none !important; }

        /* Keep a chart, a key figure, a table, a figure whole on one sheet. */
        figure, .chart, .kpi, .table-block, table, pre, blockquote, img, svg, li { break-inside: avoid; }
        h1, h2, h3, h4, caption, .chart-title { break-after: avoid; }
        thead { display: table-header-group; }
        .chart { border-color: #999; }

        /* The page's URL and date, repeated at the foot of every sheet. */
        .print-footer {
          display: block !important; position: fixed; bottom: 0; left: 0; right: 0;
          margin: 0; padding-top: 1.5mm; border-top: 1px solid #999; background: #fff;
          font: 8pt/1.3 var(--sans, sans-serif); color: #333;
        }
        main { padding-bottom: 10mm; }

        """
}
