/// An entry of an item's `fields`: a non-empty field, for generic templates.
struct CatalogFieldValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case name, value, raw
        static let byName = table()
    }

    let name: String
    /// Formatted for display, as text (lists joined by `, `).
    let value: String
    /// Plain, as in `raw.FIELD`.
    let raw: String

    func value(for key: Key) -> Any? {
        switch key {
        case .name: name
        case .value: value
        case .raw: raw
        }
    }
}
