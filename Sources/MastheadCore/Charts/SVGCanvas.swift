import Foundation

/// The drawing size of one SVG variant. Charts are drawn twice, wide and narrow, each
/// laid out for its size, so text keeps a readable size on a desktop and on a phone.
struct SVGCanvas: Sendable {
    var width: Double
    var height: Double
    var font: Double
    var narrow: Bool
    var name: String { narrow ? "narrow" : "wide" }

    static let wide = SVGCanvas(width: 640, height: 320, font: 12, narrow: false)
    static let narrow = SVGCanvas(width: 360, height: 320, font: 13, narrow: true)

    /// An estimate of a text's width: SVG has no text metrics at build time.
    func textWidth(_ text: String, size: Double? = nil) -> Double {
        Double(text.count) * (size ?? font) * 0.56
    }

    /// `text` cut to fit `width`, with an ellipsis, and whether it was cut.
    func fit(_ text: String, width: Double, size: Double? = nil) -> (String, Bool) {
        let capacity = max(3, Int(width / ((size ?? font) * 0.56)))
        guard text.count > capacity else { return (text, false) }
        return (String(text.prefix(capacity - 1)).trimmingCharacters(in: .whitespaces) + "…", true)
    }
}

/// Numbers written into SVG: short, locale-free, stable.
func svgNumber(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(rounded)
}

/// A `<text>` element; a shortened label keeps its full text in a `<title>`.
func svgText(_ text: String, x: Double, y: Double, anchor: String = "middle", className: String, full: String? = nil, extra: String = "") -> String {
    let title = full.map { "<title>\(XML.escape($0))</title>" } ?? ""
    return "<text x=\"\(svgNumber(x))\" y=\"\(svgNumber(y))\" text-anchor=\"\(anchor)\" class=\"\(className)\"\(extra)>\(title)\(XML.escape(text))</text>"
}
