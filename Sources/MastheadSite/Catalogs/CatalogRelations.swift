import Foundation
import MastheadContent
import MastheadSupport

/// Joins catalogs through `references:` fields: checks that every referencing value is a key
/// of the named catalog (an error at the cell otherwise, with the closest key), and records
/// the links both ways, so templates get `item.refs.FIELD` and `item.referencedBy.CATALOG`.
enum CatalogRelations {
    /// Unknown keys beyond this many in one field are reported without a suggestion: each
    /// suggestion compares the value with every key.
    static let suggestionLimit = 100

    static func link(_ catalogs: inout [Catalog], timeZone: TimeZone) -> [Diagnostic] {
        let indexByName = Dictionary(catalogs.indices.map { (catalogs[$0].config.name, $0) }, uniquingKeysWith: { first, _ in first })
        var keyIndexes: [Int: [String: Int]] = [:]
        var diagnostics: [Diagnostic] = []
        for source in catalogs.indices {
            for (fieldIndex, field) in catalogs[source].fields.enumerated() {
                // An unknown catalog is reported with site.yml; one that could not be read has its own errors.
                guard let targetName = field.references, let target = indexByName[targetName] else { continue }
                if keyIndexes[target] == nil {
                    keyIndexes[target] = Dictionary(
                        catalogs[target].items.indices.map { (catalogs[target].items[$0].key, $0) },
                        uniquingKeysWith: { first, _ in first })
                }
                let keys = keyIndexes[target] ?? [:]
                let cells = catalogs[source].referenceCells[field.name] ?? [:]
                var unknown = 0
                var linked = [[Int]](repeating: [], count: catalogs[source].items.count)
                for (itemIndex, item) in catalogs[source].items.enumerated() {
                    for value in referencedKeys(item.values[fieldIndex], timeZone: timeZone) {
                        if let found = keys[value] {
                            linked[itemIndex].append(found)
                            continue
                        }
                        // A row left out for its own error is reported once, there.
                        if catalogs[target].failedKeys.contains(value) { continue }
                        unknown += 1
                        let hint = unknown <= suggestionLimit ? Suggestion.didYouMean(value, in: catalogs[target].items.map(\.key)) : ""
                        diagnostics.append(.error("\(field.name): unknown \(targetName) key '\(value)'\(hint)", at: cells[item.key] ?? item.source))
                    }
                }
                catalogs[source].references.append(CatalogReference(field: field.name, target: target, items: linked))
            }
            catalogs[source].referenceCells = [:]
        }
        addBacklinks(&catalogs)
        return diagnostics
    }

    /// The keys a value names: each element of a list, or the value itself.
    private static func referencedKeys(_ value: DataValue, timeZone: TimeZone) -> [String] {
        if case .list(let elements) = value {
            return elements.compactMap { DataValue.trimmed($0) }
        }
        return value.plainText(timeZone).map { [$0] } ?? []
    }

    /// For every referenced item, the referencing items of each catalog, once each (even when
    /// several fields name it), in the referencing catalog's order.
    private static func addBacklinks(_ catalogs: inout [Catalog]) {
        for source in catalogs.indices {
            let targets = Set(catalogs[source].references.map(\.target)).sorted()
            for target in targets {
                let references = catalogs[source].references.filter { $0.target == target }
                var referencing = [[Int]](repeating: [], count: catalogs[target].items.count)
                for itemIndex in catalogs[source].items.indices {
                    for reference in references {
                        for referenced in reference.items[itemIndex] where referencing[referenced].last != itemIndex {
                            referencing[referenced].append(itemIndex)
                        }
                    }
                }
                catalogs[target].backlinks.append(CatalogBacklink(source: source, items: referencing))
            }
        }
    }
}
