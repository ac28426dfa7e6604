extension Diagnostic {
    /// Reads back a diagnostic's `description` (`path:line:column: severity: message`), as the
    /// build cache keeps the warnings of the last build (to repeat them when nothing changed).
    /// Nil for text of another shape.
    package init?(description text: String) {
        // The first `: error: ` or `: warning: `: a message may hold the words again.
        let markers = [Severity.error, .warning].compactMap { severity in
            text.firstRange(of: ": \(severity.rawValue): ").map { (severity, $0) }
        }
        guard let (severity, marker) = markers.min(by: { $0.1.lowerBound < $1.1.lowerBound }) else { return nil }
        var place = text[..<marker.lowerBound]
        var numbers: [Int] = []
        // Up to two trailing `:number`s: the line, then the column.
        while numbers.count < 2, let colon = place.lastIndex(of: ":"), let number = Int(place[place.index(after: colon)...]), number > 0 {
            numbers.insert(number, at: 0)
            place = place[..<colon]
        }
        guard !place.isEmpty else { return nil }
        self.init(
            severity, String(text[marker.upperBound...]), file: String(place), line: numbers.first,
            column: numbers.count == 2 ? numbers[1] : nil)
    }
}
