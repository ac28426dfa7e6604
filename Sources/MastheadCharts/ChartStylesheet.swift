import Foundation

/// The one chart stylesheet (`css/charts.css`) Masthead writes into every site: the series
/// colours from `charts.palette` (light and dark), then the rules every chart needs. Sites set
/// colours only, through CSS variables in their own stylesheet: the defaults here sit in
/// `:where(:root)`, which has no specificity, so any `:root { --chart-grid: ... }` wins.
package enum ChartStylesheet {
    package static let path = "css/charts.css"

    package static func css(_ colours: ChartColours) -> String {
        var css = "/* Charts, key figures and data tables drawn by Masthead's report blocks. Written by Masthead:\n"
        css += "   set colours with charts.palette or colours.brand in site.yml, or --chart-* variables in the site's stylesheet. */\n"
        css += ":where(:root) {\n" + variables(colours.light, background: colours.lightBackground, dark: false) + "}\n\n"
        css += "@media (prefers-color-scheme: dark) {\n  :where(:root) {\n"
        css += variables(colours.dark, background: colours.darkBackground, dark: true).split(separator: "\n").map { "  " + $0 + "\n" }.joined()
        css += "  }\n}\n\n"
        return css + rules
    }

    /// `--chart-1` ... `--chart-8` (a shorter palette repeats; patterns still tell series apart) and the greys.
    private static func variables(_ palette: [String], background: String, dark: Bool) -> String {
        var lines = (0..<ChartPalette.count).map { "  --chart-\($0 + 1): \(palette.isEmpty ? "#555555" : palette[$0 % palette.count]);" }
        let greys =
            dark
            ? ["hatch: rgb(0 0 0 / .55)", "grid: #3d332c", "axis: #c9bdb2", "up: #4fd3a5", "down: #ff9d66"]
            : ["hatch: rgb(255 255 255 / .7)", "grid: #e6ddd3", "axis: #5c524b", "up: #00734f", "down: #b34700"]
        lines += greys.map { "  --chart-\($0);" }
        return lines.joined(separator: "\n") + "\n"
    }

    private static let rules = """
        .chart-c1 { fill: var(--chart-1); } .chart-s1 { stroke: var(--chart-1); } .chart-t1 { fill: var(--chart-1); }
        .chart-c2 { fill: var(--chart-2); } .chart-s2 { stroke: var(--chart-2); } .chart-t2 { fill: var(--chart-2); }
        .chart-c3 { fill: var(--chart-3); } .chart-s3 { stroke: var(--chart-3); } .chart-t3 { fill: var(--chart-3); }
        .chart-c4 { fill: var(--chart-4); } .chart-s4 { stroke: var(--chart-4); } .chart-t4 { fill: var(--chart-4); }
        .chart-c5 { fill: var(--chart-5); } .chart-s5 { stroke: var(--chart-5); } .chart-t5 { fill: var(--chart-5); }
        .chart-c6 { fill: var(--chart-6); } .chart-s6 { stroke: var(--chart-6); } .chart-t6 { fill: var(--chart-6); }
        .chart-c7 { fill: var(--chart-7); } .chart-s7 { stroke: var(--chart-7); } .chart-t7 { fill: var(--chart-7); }
        .chart-c8 { fill: var(--chart-8); } .chart-s8 { stroke: var(--chart-8); } .chart-t8 { fill: var(--chart-8); }
        .chart-hatch { stroke: var(--chart-hatch); stroke-width: 1.6; fill: none; }
        .chart-hatch-dot { fill: var(--chart-hatch); }

        .chart, .prose .chart, .kpi-row, .table-block { margin: 2rem 0; }
        .chart { padding: 1rem 1rem .75rem; background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius, 14px); }
        .chart > .chart-title, .prose .chart > .chart-title { margin: 0 0 .75rem; font: 700 1.15rem/1.3 var(--serif, serif); color: var(--text); }
        .chart-svg { display: block; width: 100%; height: auto; overflow: visible; font-family: var(--sans, sans-serif); }
        /* The narrow drawing replaces the wide one when the chart's own box (not the window) is
           under 560 px, so a chart in a side column keeps readable text too. */
        .chart-frame { container-type: inline-size; }
        .chart-narrow { display: none; }
        @container (max-width: 559px) {
          .chart-frame .chart-wide { display: none; }
          .chart-frame .chart-narrow { display: block; }
        }
        @media (max-width: 560px) {
          .chart { padding: .75rem .6rem .6rem; }
        }
        .chart-grid { stroke: var(--chart-grid); stroke-width: 1; }
        .chart-zero { stroke: var(--chart-axis); stroke-width: 1.4; }
        .chart-tick, .chart-label { fill: var(--chart-axis); }
        .chart-label-group { font-weight: 700; }
        .chart-value { fill: var(--text); font-weight: 600; }
        .chart-series-label { font-weight: 700; font-size: .92em; }
        .chart-line { stroke-width: 2.5; stroke-linejoin: round; stroke-linecap: round; fill: none; }
        .chart-marker { stroke: var(--surface); stroke-width: 1.5; }
        /* Scatter and grid charts: point outlines and labels keep a halo of the card's colour. */
        .chart-point { stroke: var(--surface); }
        .chart-point-label { fill: var(--text); font-size: .92em; }
        .chart-axis-title { fill: var(--chart-axis); font-weight: 600; }
        .chart-cell-label { fill: var(--text); stroke: var(--surface); stroke-width: 3px; paint-order: stroke; font-weight: 600; }
        .chart-slice { stroke: var(--surface); stroke-width: 2; }
        .chart-donut-total { fill: var(--text); font-size: 26px; font-weight: 700; }
        .chart-donut-label { fill: var(--chart-axis); font-size: 14px; }
        .chart-donut-layout { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem 2rem; }
        .chart-donut-svg { max-width: 240px; flex: 0 1 240px; }
        .chart-donut-layout .chart-legend { flex: 1 1 14rem; flex-direction: column; }
        .chart-sparkline-layout { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.25rem; }
        .chart-sparkline-svg { max-width: 360px; min-width: 240px; flex: 1 1 240px; }
        .chart-sparkline-value { margin: 0; font-size: .95rem; color: var(--muted); }
        .chart-sparkline-value strong { display: block; font-size: 1.6rem; color: var(--text); }

        .chart-legend { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; margin: .75rem 0 0; padding: 0; list-style: none; font-size: .92rem; }
        .chart-legend li { display: flex; align-items: center; gap: .45rem; margin: 0; }
        .chart-swatch { flex: none; }
        .chart-swatch .chart-line { stroke-width: 3; }
        .chart-legend-value { color: var(--muted); font-variant-numeric: tabular-nums; }
        .chart-caption, .table-caption, .kpi-caption { margin: .6rem 0 0; color: var(--muted); font-size: .9rem; }
        .chart-empty {
          display: grid;
          place-items: center;
          min-height: 8rem;
          border: 1px dashed var(--border);
          border-radius: 8px;
          color: var(--muted);
        }
        .chart-empty p { margin: 0; font-weight: 600; }

        .chart-data { margin-top: .75rem; font-size: .92rem; }
        .chart-data summary { cursor: pointer; color: var(--link); font-weight: 600; }
        .table-scroll { overflow-x: auto; }
        .data-table, .prose .data-table {
          display: table;
          width: 100%;
          border-collapse: collapse;
          margin: .5rem 0 0;
          font-size: .92rem;
          font-variant-numeric: tabular-nums;
        }
        .data-table caption, .prose .data-table caption {
          text-align: left;
          font: 700 1.15rem/1.3 var(--serif, serif);
          color: var(--text);
          margin: 0;
          padding-bottom: .6rem;
        }
        .chart-data .data-table caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
        .data-table th, .data-table td, .prose .data-table th, .prose .data-table td {
          padding: .35rem .6rem;
          border-bottom: 1px solid var(--border);
        }
        .data-table thead th, .prose .data-table thead th { text-align: right; border-bottom: 2px solid var(--text); background: none; }
        .data-table thead th:first-child, .data-table tbody th, .prose .data-table tbody th { text-align: left; font-weight: 500; }
        .data-table td { text-align: right; }

        .kpi-row { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); gap: 1rem; }
        .kpi {
          padding: 1rem 1.1rem;
          background: var(--surface);
          border: 1px solid var(--border);
          border-top: 4px solid var(--chart-1);
          border-radius: var(--radius, 14px);
        }
        .kpi p { margin: 0; }
        .kpi-label { color: var(--muted); font-size: .9rem; font-weight: 600; }
        .kpi-value {
          margin: .2rem 0 !important;
          font: 700 1.9rem/1.15 var(--sans, sans-serif);
          font-variant-numeric: tabular-nums;
          color: var(--text);
        }
        .kpi-unit { font-size: .95rem; font-weight: 600; color: var(--muted); }
        .kpi-period { color: var(--muted); font-size: .85rem; }
        .kpi-change { margin-top: .35rem !important; font-size: .88rem; font-weight: 600; }
        .kpi-up { color: var(--chart-up); }
        .kpi-down { color: var(--chart-down); }
        .kpi-flat { color: var(--muted); }
        """
}
