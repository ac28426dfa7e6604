import Foundation
import MastheadSupport

/// The drawing size of one SVG variant. Charts are drawn twice, wide and narrow, each
/// laid out for its size, so text keeps a readable size on a desktop and on a phone.
struct SVGCanvas: Sendable {
    var width: Double
    var height: Double
    var font: Double
    var narrow: Bool
    var name: String { narrow ? "narrow" : "wide" }

    static let wide = SVGCanvas(width: 640, height: 320, font: 14, narrow: false)
    static let narrow = SVGCanvas(width: 360, height: 320, font: 14, narrow: true)

    /// An estimate of a text's width: SVG has no text metrics at build time.
    func textWidth(_ text: String, size: Double? = nil) -> Double {
        Double(text.count) * (size ?? font) * 0.56
    }

    /// `text` cut to fit `width`, with an ellipsis, and whether it was cut.
    func fit(_ text: String, width: Double, size: Double? = nil) -> (String, Bool) {
        let capacity = max(3, (width / ((size ?? font) * 0.56)).roundedInt(.towardZero) ?? 3)
        guard text.count > capacity else { return (text, false) }
        return (String(text.prefix(capacity - 1)).trimmingCharacters(in: .whitespaces) + "…", true)
    }
}

/// Numbers written into SVG: short, locale-free, stable. Coordinates come from checked
/// values (`ChartLimits.magnitude`); one that is still not finite is written as 0, never `nan`.
func svgNumber(_ value: Double) -> String {
    svgNumber(value, decimals: 1)
}

/// `value` with at most `decimals` decimals, whole numbers without a point.
func svgNumber(_ value: Double, decimals: Int) -> String {
    let factor = pow(10, Double(decimals))
    let rounded = (value * factor).rounded() / factor
    guard rounded.isFinite else { return "0" }
    if let whole = Int(exactly: rounded) { return String(whole) }
    return String(rounded)
}

/// A `<text>` element; a shortened label keeps its full text in a `<title>`.
func svgText(_ text: String, x: Double, y: Double, anchor: String = "middle", className: String, full: String? = nil, extra: String = "") -> String {
    let title = full.map { "<title>\(XML.escape($0))</title>" } ?? ""
    return
        "<text x=\"\(svgNumber(x))\" y=\"\(svgNumber(y))\" text-anchor=\"\(anchor)\" class=\"\(className)\"\(extra)>"
        + "\(title)\(XML.escape(text))</text>"
}
