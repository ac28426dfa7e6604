import MastheadMustache

/// The one style of every value a template reads (docs/templates.md): a struct whose `Key`
/// lists the names it answers and whose `value(for:)` is a hand-written switch over them.
/// No dictionaries and no reflection. A value that is absent answers nil, so Mustache looks
/// the name up in the enclosing sections.
protocol TemplateValue: TemplateParent {
    associatedtype Key: TemplateKey
    func value(for key: Key) -> Any?
    /// Every name the value can answer: `Key`'s, and those of a value it extends.
    /// `TemplateValuesContractTests` checks each is documented.
    static var keys: [String] { get }
}

extension TemplateValue {
    func child(_ name: TemplateSymbol) -> Any? {
        Key.byName[name].flatMap(value(for:))
    }

    static var keys: [String] { Key.allCases.map(\.rawValue) }
}

/// The names a value answers, looked up by `byName`: Swift's own `init(rawValue:)` compares
/// the name with each case in turn, building a string for each, and cost a thousand
/// instructions for each name a page looked up (2% of a build, measured with callgrind).
protocol TemplateKey: RawRepresentable<String>, CaseIterable, Sendable {
    /// `table()`, kept: `static let byName = table()`.
    static var byName: TemplateKeyTable<Self> { get }
}

extension TemplateKey {
    static func table() -> TemplateKeyTable<Self> {
        TemplateKeyTable(allCases.map { ($0.rawValue, $0) })
    }
}

/// A value whose names come from the site's data, not from Masthead: a catalog's fields
/// (`raw.FIELD`), catalogs and charts by name (`catalogs.NAME`, `charts.NAME`).
protocol TemplateMap: TemplateParent {}

/// The values of a page kind that adds nothing to what every page receives (404).
struct NoPageValues: TemplateMap {
    func child(_ name: TemplateSymbol) -> Any? { nil }
}
