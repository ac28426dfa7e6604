/// Series colours and fill patterns. Colours come from CSS custom properties
/// (`--chart-1` ... `--chart-8` in charts.css, Okabe-Ito, light and dark); the
/// attribute colour is the fallback when the stylesheet is missing (feed readers).
/// Series after the first also get a pattern, so colour is never the only cue.
package enum ChartPalette {
    static let fallback = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#8C6D00", "#555555"]
    package static var count: Int { fallback.count }

    static func slot(_ index: Int) -> Int { index % count + 1 }
    static func colour(_ index: Int) -> String { fallback[index % count] }

    /// Dash patterns for lines, by series.
    static let dashes = ["", "7 4", "2 3", "10 3 2 3", "4 4", "1 2"]
    static func dash(_ index: Int) -> String {
        let pattern = dashes[index % dashes.count]
        return pattern.isEmpty ? "" : " stroke-dasharray=\"\(pattern)\""
    }

    /// The `<pattern>` of series `index` (nil for the first: a plain fill).
    static func patternDefinition(_ index: Int, id: String) -> String? {
        let marks: String
        switch index % 7 {
        case 0: return nil
        case 1: marks = "<path d=\"M-1,1 l2,-2 M0,8 l8,-8 M7,9 l2,-2\" class=\"chart-hatch\"/>"
        case 2: marks = "<circle cx=\"4\" cy=\"4\" r=\"1.4\" class=\"chart-hatch-dot\"/>"
        case 3: marks = "<path d=\"M0,4 h8\" class=\"chart-hatch\"/>"
        case 4: marks = "<path d=\"M-1,1 l2,-2 M0,8 l8,-8 M7,9 l2,-2 M-1,7 l2,2 M0,0 l8,8 M7,-1 l2,2\" class=\"chart-hatch\"/>"
        case 5: marks = "<path d=\"M4,0 v8\" class=\"chart-hatch\"/>"
        default: marks = "<path d=\"M-1,7 l2,2 M0,0 l8,8 M7,-1 l2,2\" class=\"chart-hatch\"/>"
        }
        return
            "<pattern id=\"\(id)\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\">"
            + "<rect width=\"8\" height=\"8\" class=\"chart-c\(slot(index))\" fill=\"\(colour(index))\"/>\(marks)</pattern>"
    }

    /// Attributes that fill a shape with series `index`'s colour and pattern.
    static func fill(_ index: Int, patternPrefix: String, className: String? = nil) -> String {
        let extra = className.map { " " + $0 } ?? ""
        if index % 7 == 0 { return "class=\"chart-c\(slot(index))\(extra)\" fill=\"\(colour(index))\"" }
        return (className.map { "class=\"\($0)\" " } ?? "") + "fill=\"url(#\(patternPrefix)\(index))\""
    }
}
