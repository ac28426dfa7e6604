import MastheadSupport

/// One part of a name a template looks up (`title` in `article.title`), numbered once when
/// the template is read. Values find their own names by that number in an array
/// (`TemplateKeyTable`), not by hashing the text: a page looks up hundreds of names, each
/// in several values from the innermost section outwards, and hashing them was a tenth of
/// rendering. Names from a site's data (catalog fields, charts) are still looked up by text.
package struct TemplateSymbol: Sendable {
    package let name: String
    /// The same for the same text, in every template and every value.
    package let number: Int

    package init(_ name: String) {
        self.name = name
        number = Self.numbers.withLock { numbers in
            if let known = numbers[name] { return known }
            numbers[name] = numbers.count
            return numbers.count - 1
        }
    }

    /// Every name numbered so far: the templates' names and the values' keys, a few hundred.
    private static let numbers = Locked<[String: Int]>([:])
}

/// A value's names (`TemplateKey`) by their symbols' numbers. The keys are looked up through
/// a table of places, not stored as `[Key?]`: most lookups run in generic code
/// (`TemplateValue.child`), where reading a `[Key?]` asked the runtime for its metadata on
/// every name a page looked up (7% of a build).
package struct TemplateKeyTable<Key: Sendable>: Sendable {
    /// By symbol number: the key's place in `keys`, or -1.
    @usableFromInline let places: [Int32]
    @usableFromInline let keys: [Key]

    package init(_ named: [(String, Key)]) {
        let numbered = named.map { TemplateSymbol($0.0).number }
        var places = [Int32](repeating: -1, count: (numbered.max() ?? -1) + 1)
        for (place, number) in numbered.enumerated() { places[number] = Int32(place) }
        self.places = places
        keys = named.map(\.1)
    }

    /// A number past the table is a name numbered after it was made: never one of its keys.
    @inlinable package subscript(symbol: TemplateSymbol) -> Key? {
        guard symbol.number < places.count else { return nil }
        let place = places[symbol.number]
        return place < 0 ? nil : keys[Int(place)]
    }
}
