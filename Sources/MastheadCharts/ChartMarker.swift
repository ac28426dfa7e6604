import Foundation
import MastheadSupport

/// Point shapes of scatter charts, one per series, so colour is never the only cue:
/// circle, square, triangle, diamond, downward triangle, cross, star, plus.
enum ChartMarker {
    static let names = ["circle", "square", "triangle", "diamond", "triangle-down", "cross", "star", "plus"]

    static func name(_ index: Int) -> String { names[index % names.count] }

    /// The mark of series `index` centred on (x, y), with `attributes` (fill, data, ...) and
    /// an optional inner `<title>`. Circles keep `cx`/`cy`; other shapes are paths.
    static func element(_ index: Int, x: Double, y: Double, size r: Double, attributes: String, title: String? = nil) -> String {
        let inner = title.map { "<title>\(XML.escape($0))</title>" } ?? ""
        let shape = index % names.count
        if shape == 0 {
            return "<circle cx=\"\(svgNumber(x))\" cy=\"\(svgNumber(y))\" r=\"\(svgNumber(r))\" \(attributes)>\(inner)</circle>"
        }
        return "<path d=\"\(path(shape, x: x, y: y, r: r))\" \(attributes)>\(inner)</path>"
    }

    /// Shapes drawn to look about as large as a circle of radius `r`.
    static func path(_ shape: Int, x: Double, y: Double, r: Double) -> String {
        func p(_ dx: Double, _ dy: Double) -> String { "\(svgNumber(x + dx)),\(svgNumber(y + dy))" }
        switch shape {
        case 1:
            let s = r * 0.9
            return "M\(p(-s, -s)) L\(p(s, -s)) L\(p(s, s)) L\(p(-s, s)) Z"
        case 2:
            let s = r * 1.2
            return "M\(p(0, -s)) L\(p(s * 0.95, s * 0.7)) L\(p(-s * 0.95, s * 0.7)) Z"
        case 3:
            let s = r * 1.25
            return "M\(p(0, -s)) L\(p(s, 0)) L\(p(0, s)) L\(p(-s, 0)) Z"
        case 4:
            let s = r * 1.2
            return "M\(p(0, s)) L\(p(s * 0.95, -s * 0.7)) L\(p(-s * 0.95, -s * 0.7)) Z"
        case 5:
            // An X of two thick bars.
            let a = r * 1.1
            let b = r * 0.4
            return
                "M\(p(-a, -a + b)) L\(p(-a + b, -a)) L\(p(0, -b)) L\(p(a - b, -a)) L\(p(a, -a + b)) L\(p(b, 0))"
                + " L\(p(a, a - b)) L\(p(a - b, a)) L\(p(0, b)) L\(p(-a + b, a)) L\(p(-a, a - b)) L\(p(-b, 0)) Z"
        case 6:
            var points: [String] = []
            for step in 0..<10 {
                let angle = Double(step) * .pi / 5 - .pi / 2
                let radius = step % 2 == 0 ? r * 1.35 : r * 0.6
                points.append(p(radius * cos(angle), radius * sin(angle)))
            }
            return "M" + points.joined(separator: " L") + " Z"
        default:
            let a = r * 1.15
            let b = r * 0.38
            return
                "M\(p(-b, -a)) L\(p(b, -a)) L\(p(b, -b)) L\(p(a, -b)) L\(p(a, b)) L\(p(b, b))"
                + " L\(p(b, a)) L\(p(-b, a)) L\(p(-b, b)) L\(p(-a, b)) L\(p(-a, -b)) L\(p(-b, -b)) Z"
        }
    }
}
