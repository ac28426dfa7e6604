import Foundation
import MastheadContent
import MastheadSite
import MastheadSupport

/// A dataset's `join:` checked against its catalog: for each catalog key, the values of
/// the joined fields (with `defaults:` where the item's field is empty).
struct ResolvedJoin: Sendable {
    var catalog: String
    /// The row's field holding the key, and its position among the file's columns.
    var onField: String
    var onColumn: Int
    /// Added values by key, parallel to the joined columns.
    var values: [String: [DataValue]]
    /// For rows whose key is empty: the defaults, else nothing.
    var empty: [DataValue]
    /// Every key, sorted, for did-you-mean.
    var keys: [String]

    /// Checks the declaration against the file's columns and the catalog; every problem
    /// is at its line in site.yml.
    static func resolve(_ join: DatasetJoin, dataset: String, fileColumns: [String], catalogs: [Catalog], declared: [String], timeZone: TimeZone)
        -> Result<(ResolvedJoin, [StatsColumn]), Diagnostic>
    {
        guard let catalog = catalogs.first(where: { $0.config.name == join.catalog }) else {
            if declared.contains(join.catalog) {
                return .failure(
                    .error(
                        "datasets.\(dataset).join.catalog: the catalog '\(join.catalog)' has errors, so it cannot be joined", at: join.catalogLocation
                    ))
            }
            return .failure(
                .error(
                    "datasets.\(dataset).join.catalog: unknown catalog '\(join.catalog)'\(Suggestion.didYouMean(join.catalog, in: declared))"
                        + " (catalogs: \(declared.isEmpty ? "none" : declared.joined(separator: ", ")))",
                    at: join.catalogLocation))
        }
        guard let onColumn = fileColumns.firstIndex(of: join.on) else {
            return .failure(
                .error(
                    "datasets.\(dataset).join.on: the field '\(join.on)' is not in the data file\(Suggestion.didYouMean(join.on, in: fileColumns))"
                        + " (fields: \(fileColumns.joined(separator: ", ")))",
                    at: join.onLocation))
        }
        var indexes: [Int] = []
        var columns: [StatsColumn] = []
        for field in join.fields {
            guard let index = catalog.fieldIndex(field) else {
                let names = catalog.fields.map(\.name)
                return .failure(
                    .error(
                        "datasets.\(dataset).join.fields: '\(field)' is not a field of the catalog \(catalog.config.name)"
                            + "\(Suggestion.didYouMean(field, in: names)) (fields: \(names.joined(separator: ", ")))",
                        at: join.fieldsLocation))
            }
            if fileColumns.contains(field) {
                return .failure(
                    .error(
                        "datasets.\(dataset).join.fields: '\(field)' is already a column of the data file; rename one of them",
                        at: join.fieldsLocation))
            }
            indexes.append(index)
            columns.append(StatsColumn(name: field, type: catalog.fields[index].type))
        }
        var defaults = [DataValue](repeating: .null, count: indexes.count)
        for (field, written) in join.defaults.sorted(by: { $0.key < $1.key }) {
            guard let position = join.fields.firstIndex(of: field) else {
                return .failure(
                    .error(
                        "datasets.\(dataset).join.defaults: '\(field)' is not one of the joined fields (\(join.fields.joined(separator: ", ")))",
                        at: written.location))
            }
            switch DataValue.parse(written.text, as: columns[position].type, timeZone: timeZone) {
            case .success(let value): defaults[position] = value
            case .failure(let problem):
                return .failure(
                    .error(
                        "datasets.\(dataset).join.defaults.\(field): \(problem.message)"
                            + " (the catalog field holds \(columns[position].type.rawValue) values)",
                        at: written.location))
            }
        }
        var values: [String: [DataValue]] = [:]
        for item in catalog.items where values[item.key] == nil {
            values[item.key] = indexes.enumerated().map { position, index in
                let value = item.values[index]
                return value.isNull || value == .list([]) ? defaults[position] : value
            }
        }
        let resolved = ResolvedJoin(
            catalog: catalog.config.name, onField: join.on, onColumn: onColumn, values: values, empty: defaults,
            keys: catalog.items.map(\.key).sorted())
        return .success((resolved, columns))
    }

    /// The joined values for a row's key text; nil when the key is not in the catalog.
    func values(forKey text: String) -> [DataValue]? {
        if text.isEmpty { return empty }
        if let found = values[text] { return found }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? empty : values[trimmed]
    }

    /// "film: unknown films key 'breking-bad'; did you mean 'breaking-bad'?"
    func unknownKeyMessage(_ text: String) -> String {
        "\(onField): unknown \(catalog) key '\(text)'\(Suggestion.didYouMean(text, in: keys))"
    }
}
