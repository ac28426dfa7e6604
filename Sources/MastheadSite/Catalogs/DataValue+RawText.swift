import Foundation
import MastheadContent

extension DataValue {
    /// For `data-` attributes, scripts and block filters: numbers unformatted, dates `2026-03-14`,
    /// lists joined by `;`.
    package func rawText(_ timeZone: TimeZone) -> String {
        if case .list(let elements) = self { return elements.joined(separator: ";") }
        return plainText(timeZone) ?? ""
    }
}
