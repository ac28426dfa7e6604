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

/// A value's names (`TemplateKey`) by their symbols' numbers.
package struct TemplateKeyTable<Key: Sendable>: Sendable {
    private let keys: [Key?]

    package init(_ named: [(String, Key)]) {
        let numbered = named.map { (TemplateSymbol($0.0).number, $0.1) }
        var keys = [Key?](repeating: nil, count: (numbered.map(\.0).max() ?? -1) + 1)
        for (number, key) in numbered { keys[number] = key }
        self.keys = keys
    }

    /// A number past the table is a name numbered after it was made: never one of its keys.
    package subscript(symbol: TemplateSymbol) -> Key? {
        symbol.number < keys.count ? keys[symbol.number] : nil
    }
}
