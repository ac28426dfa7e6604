import Foundation

/// How band bounds read on pages and in URLs.
package enum FacetLabels {
    /// `500` for whole numbers, `2.5` otherwise (for messages and slugs, not for display).
    package static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// "500–999" (integers: the upper bound is the next band's minus one), "5.000+" for
    /// the last band; numbers in the site's language.
    package static func band(lower: Double, upper: Double?, isInteger: Bool, format: SiteFormatter) -> String {
        let from = number(lower, format: format)
        guard let upper else { return "\(from)+" }
        return "\(from)–\(number(isInteger ? upper - 1 : upper, format: format))"
    }

    /// `500-999`, `5000-plus`.
    package static func bandSlug(lower: Double, upper: Double?, isInteger: Bool) -> String {
        let from = Slug.make(plain(lower).replacingOccurrences(of: "-", with: "minus-"))
        guard let upper else { return "\(from)-plus" }
        return "\(from)-\(Slug.make(plain(isInteger ? upper - 1 : upper).replacingOccurrences(of: "-", with: "minus-")))"
    }

    package static func number(_ value: Double, format: SiteFormatter) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return format.number(Int(value)) }
        return value.formatted(FloatingPointFormatStyle<Double>(locale: format.locale))
    }
}
