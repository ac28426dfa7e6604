import Foundation
import MastheadCharts
import MastheadContent
import MastheadSupport

/// Reads every declared catalog: typed values, keys, URLs, sorting, facets and
/// the featured item, reporting every problem with its row or line and column.
public struct CatalogLoader: Sendable {
    package var config: SiteConfig
    package var siteFolder: SiteFolder
    /// `Content/static/...` paths, to check image fields.
    package var staticPaths: Set<String>
    /// The build date, for the weekly featured rotation.
    package var now: Date

    public init(config: SiteConfig, siteFolder: SiteFolder, staticPaths: [String], now: Date) {
        self.config = config
        self.siteFolder = siteFolder
        self.staticPaths = Set(staticPaths)
        self.now = now
    }

    public func load() -> ([Catalog], [Diagnostic]) {
        let loaded = parallelMap(config.catalogs) { load($0) }
        var catalogs = loaded.compactMap(\.catalog)
        // `references:` joins catalogs, so it is checked once all of them are read.
        let relationDiagnostics = CatalogRelations.link(&catalogs, timeZone: config.timeZone)
        return (catalogs, loaded.flatMap(\.diagnostics) + relationDiagnostics)
    }

    package func load(_ catalogConfig: CatalogConfig) -> LoadedCatalog {
        var diagnostics: [Diagnostic] = []
        var items: [CatalogItem] = []
        // Fixed once the first record arrives: the schema, or the file's own columns.
        var fields: [CatalogField] = catalogConfig.fields ?? []
        var fieldIndexes: [String: Int] = [:]
        for (index, field) in fields.enumerated() { fieldIndexes[field.name] = index }
        var firstRecordByKey: [String: String] = [:]
        var usedPaths: [String: String] = [:]
        let keyIndex = fieldIndexes[catalogConfig.key]
        let titleIndex = fieldIndexes[catalogConfig.titleField]
        let hasSchema = catalogConfig.fields != nil
        let referencingFields = (catalogConfig.fields ?? []).filter { $0.references != nil }.map(\.name)
        var referenceCells: [String: [String: SourceLocation]] = [:]
        var failedKeys: Set<String> = []
        // `visible:`: each item's window, and the starts and ends still to come.
        var hiddenKeys: Set<String> = []
        var visibilityChanges: [CatalogVisibilityChange] = []

        let output = CatalogFileReader.read(catalogConfig.file, siteFolder: siteFolder) { record in
            if !hasSchema {
                // Without a schema every field is text; JSON and YAML may add fields as they go.
                for name in record.names where fieldIndexes[name] == nil {
                    fieldIndexes[name] = fields.count
                    fields.append(CatalogField(name: name, type: .string, required: name == catalogConfig.key))
                }
            }
            var values = [DataValue](repeating: .null, count: fields.count)
            for (index, field) in fields.enumerated() {
                let given = Self.translated(record, field: field.name, suffix: catalogConfig.translatedColumnSuffix) ?? record.cells[field.name]
                let location = given?.location ?? record.location
                let value: DataValue
                switch given?.cell {
                case nil:
                    value = .null
                case .unsupported(let what):
                    diagnostics.append(.error("\(field.name): expected \(field.type.expectation), got \(what)", at: location))
                    continue
                case .list(let elements):
                    guard field.type == .list else {
                        diagnostics.append(.error("\(field.name): expected \(field.type.expectation), got a list", at: location))
                        continue
                    }
                    value = .list(elements)
                case .text(let text):
                    switch DataValue.parse(text, as: field.type, timeZone: config.timeZone) {
                    case .success(let parsed): value = parsed
                    case .failure(let error):
                        diagnostics.append(.error("\(field.name): \(error.message)", at: location))
                        continue
                    }
                }
                // Money too large to write with exact cents is an error at its cell, not `NaN €` on the page.
                if field.currency != nil, let number = value.reportNumber, let problem = ChartFormatter.currencyProblem(number) {
                    diagnostics.append(.error("\(field.name): \(problem)", at: location))
                    continue
                }
                if value.isNull || value == .list([]) {
                    if field.required || field.name == catalogConfig.key {
                        diagnostics.append(.error("\(field.name): missing required value", at: location))
                    }
                    continue
                }
                if field.type == .image, case .string(let src) = value, let problem = checkImage(src) {
                    diagnostics.append(.error("\(field.name): \(problem)", at: location))
                }
                values[index] = value
            }
            guard let keyPosition = keyIndex ?? fieldIndexes[catalogConfig.key],
                let key = values[keyPosition].plainText(config.timeZone)
            else {
                // A key of the wrong type is still the key links name.
                if case .text(let text) = record.cells[catalogConfig.key]?.cell, let written = DataValue.trimmed(text) {
                    failedKeys.insert(written)
                }
                return
            }
            let keyLocation = record.cells[catalogConfig.key]?.location ?? record.location
            if let first = firstRecordByKey[key] {
                diagnostics.append(.error("\(catalogConfig.key): duplicate key '\(key)' (also on \(first))", at: keyLocation))
                return
            }
            firstRecordByKey[key] = record.name
            let title = (titleIndex ?? fieldIndexes[catalogConfig.titleField]).flatMap { values[$0].plainText(config.timeZone) } ?? key
            let keySlug = Self.slug(key)
            guard !keySlug.isEmpty else {
                failedKeys.insert(key)
                diagnostics.append(.error("\(catalogConfig.key): the key '\(key)' has no letters or digits to make a URL from", at: keyLocation))
                return
            }
            // An empty title slug would leave `/films//`: the catalog's own page, overwritten.
            if catalogConfig.permalink.contains(":slug"), Slug.make(title).isEmpty {
                let titleLocation = record.cells[catalogConfig.titleField]?.location ?? keyLocation
                failedKeys.insert(key)
                diagnostics.append(
                    .error(
                        "\(catalogConfig.titleField): the title '\(title)' has no letters or digits to make a URL from "
                            + "(permalink: \(catalogConfig.permalink))", at: titleLocation))
                return
            }
            let path = Self.expand(catalogConfig.permalink, key: keySlug, title: title)
            if let other = usedPaths[path] {
                failedKeys.insert(key)
                diagnostics.append(.error("\(catalogConfig.key): '\(key)' gives the URL \(path), like \(other)", at: keyLocation))
                return
            }
            usedPaths[path] = record.name
            if let visibility = catalogConfig.visibility {
                let window = visibilityWindow(visibility, values: values, fieldIndexes: fieldIndexes)
                if let start = window.start, let end = window.end, end <= start, let until = visibility.until {
                    let from = visibility.from ?? ""
                    diagnostics.append(
                        .error(
                            "\(until): ends before it starts (\(from) \(values[fieldIndexes[from] ?? 0].plainText(config.timeZone) ?? ""), "
                                + "\(until) \(values[fieldIndexes[until] ?? 0].plainText(config.timeZone) ?? ""))",
                            at: record.cells[until]?.location ?? record.location))
                }
                for (moment, kind) in [(window.start, CatalogVisibilityChange.Kind.start), (window.end, .end)] {
                    guard let moment, moment > now else { continue }
                    visibilityChanges.append(
                        CatalogVisibilityChange(
                            catalog: catalogConfig.name, key: key, title: title, kind: kind, date: moment, location: record.location))
                }
                // Out of its window the item is left out of every page; links to it go to the index.
                guard window.contains(now) else {
                    hiddenKeys.insert(key)
                    return
                }
            }
            for name in referencingFields { referenceCells[name, default: [:]][key] = record.cells[name]?.location ?? record.location }
            items.append(CatalogItem(key: key, title: title, path: path, values: values, source: record.location))
        }
        diagnostics += output.diagnostics
        // Without a schema, JSON and YAML items may name fields later items add: give every item them all.
        for index in items.indices where items[index].values.count < fields.count {
            items[index].values += [DataValue](repeating: .null, count: fields.count - items[index].values.count)
        }
        guard output.readable else { return LoadedCatalog(catalog: nil, diagnostics: diagnostics) }
        diagnostics += checkColumns(catalogConfig, output: output)

        var catalog = Catalog(config: catalogConfig, fields: fields, items: items, facets: [], featured: nil)
        catalog.referenceCells = referenceCells
        catalog.failedKeys = failedKeys.union(hiddenKeys).subtracting(items.map(\.key))
        catalog.visibilityChanges = visibilityChanges
        let sortIndex = catalog.fieldIndex(catalogConfig.sort.field)
        catalog.items.sort { Self.precedes($0, $1, sortIndex: sortIndex, descending: catalogConfig.sort.descending) }
        // Extra orders are permutations of the sorted items, so ties keep going by key.
        catalog.orders = catalogConfig.orders.map { order in
            let index = catalog.fieldIndex(order.sort.field)
            return catalog.items.indices.sorted {
                Self.precedes(catalog.items[$0], catalog.items[$1], sortIndex: index, descending: order.sort.descending)
            }
        }
        catalog.facets = CatalogFacets.make(
            catalog, format: SiteFormatter(language: config.language, timeZone: config.timeZone),
            words: CatalogWords(language: config.language))
        switch catalogConfig.featured {
        case .key(let key, let location):
            if let index = catalog.item(withKey: key) {
                catalog.featured = index
            } else {
                let hint = Suggestion.didYouMean(key, in: catalog.items.map(\.key))
                diagnostics.append(.error("featured: no \(catalogConfig.linkScheme) with the key '\(key)'\(hint)", at: location))
            }
        case .weekly:
            catalog.featured = FeaturedRotation.index(count: catalog.items.count, date: now, timeZone: config.timeZone)
        case nil:
            break
        }
        return LoadedCatalog(catalog: catalog, diagnostics: diagnostics)
    }

    private func visibilityWindow(
        _ visibility: CatalogVisibilityConfig, values: [DataValue], fieldIndexes: [String: Int]
    ) -> CatalogVisibilityWindow {
        func date(_ field: String?) -> Date? {
            guard let field, let index = fieldIndexes[field], case .date(let date) = values[index] else { return nil }
            return date
        }
        return CatalogVisibilityWindow(from: date(visibility.from), until: date(visibility.until), timeZone: config.timeZone)
    }

    /// Sort order of items: by the field (empty values last whatever the direction), ties by key;
    /// by key alone when the field is unknown.
    static func precedes(_ a: CatalogItem, _ b: CatalogItem, sortIndex: Int?, descending: Bool) -> Bool {
        guard let sortIndex else { return a.key < b.key }
        let first = a.values[sortIndex]
        let second = b.values[sortIndex]
        if first.isNull != second.isNull { return second.isNull }
        switch first.compare(to: second) {
        case .orderedAscending: return !descending
        case .orderedDescending: return descending
        case .orderedSame: return a.key < b.key
        }
    }

    /// Columns the schema does not know are warnings (the column is ignored);
    /// required ones the file lacks are errors.
    private func checkColumns(_ catalogConfig: CatalogConfig, output: CatalogFileReader.Output) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let fileStart = SourceLocation(file: catalogConfig.file, line: 1, column: 1)
        guard let fields = catalogConfig.fields else {
            for name in [catalogConfig.key, catalogConfig.titleField, catalogConfig.sort.field] + catalogConfig.facets.map(\.field)
            where !output.columns.contains(name) {
                let hint = Suggestion.didYouMean(name, in: output.columns)
                diagnostics.append(.error("the file has no field '\(name)', named in site.yml\(hint)", at: fileStart))
            }
            return diagnostics
        }
        let names = fields.map(\.name)
        // `title_en`: a field's translation (docs/translating.md), not a field of its own.
        // The language as written in any case (`title_EN`), as site.yml's codes are.
        let codes = Set(config.translationLanguages.map(\.code))
        let fieldNames = Set(names)
        func isTranslation(_ column: String) -> Bool {
            guard let split = Self.splitTranslated(column) else { return false }
            return fieldNames.contains(split.field) && codes.contains(split.code)
        }
        for column in output.columns where !names.contains(column) && !isTranslation(column) {
            let location = output.columnLocations[column] ?? fileStart
            let hint = Suggestion.didYouMean(column, in: names)
            diagnostics.append(.warning("unknown field '\(column)' (not in the schema, ignored)\(hint)", at: location))
        }
        // CSV has a header: a required column missing from it is one error, not one per row.
        if catalogConfig.file.lowercasedPathExtension == "csv" {
            for field in fields where (field.required || field.name == catalogConfig.key) && !output.columns.contains(field.name) {
                let hint = Suggestion.didYouMean(field.name, in: output.columns)
                diagnostics.append(.error("missing column '\(field.name)', required by the schema\(hint)", at: fileStart))
            }
        }
        return diagnostics
    }

    /// In another language's view, the field's `_en` cell when it is not empty (an empty one falls back to the original).
    private static func translated(
        _ record: CatalogRecord, field: String, suffix: String?
    ) -> (cell: CatalogRecord.Cell, location: SourceLocation)? {
        guard let suffix else { return nil }
        // Exact first (`title_en`, the usual case); then the code in another case (`title_EN`).
        let exact = record.cells[field + suffix]
        guard
            let given = exact
                ?? record.cells.first(where: { column, _ in
                    column.count == field.count + suffix.count && splitTranslated(column).map { $0.field == field && "_" + $0.code == suffix } == true
                })?.value
        else { return nil }
        if case .text(let text) = given.cell, DataValue.trimmed(text) == nil { return nil }
        return given
    }

    /// `title_pt-BR` read as the field `title` in `pt-BR`, its code in `LanguageTag`'s normal form;
    /// nil when nothing after the last `_` is a language tag.
    static func splitTranslated(_ column: String) -> (field: String, code: String)? {
        guard let underscore = column.lastIndex(of: "_"), let tag = LanguageTag(column[column.index(after: underscore)...]) else { return nil }
        return (String(column[..<underscore]), tag.description)
    }

    private func checkImage(_ src: String) -> String? {
        if src.contains("://") || src.hasPrefix("//") || src.hasPrefix("data:") { return nil }
        let path = SiteFolders.staticFiles + (src.hasPrefix("/") ? src : "/" + src)
        return staticPaths.contains(path) ? nil : "no image at \(path)"
    }

    /// Keys are usually slugs already; only others go through `Slug.make` (slower: it transliterates).
    package static func slug(_ key: String) -> String {
        let isSlug =
            !key.isEmpty && key.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
            && !key.hasPrefix("-") && !key.hasSuffix("-")
        return isSlug ? key : Slug.make(key)
    }

    static func expand(_ pattern: String, key: String, title: String) -> String {
        var path = pattern.replacingOccurrences(of: ":key", with: key)
        if path.contains(":slug") { path = path.replacingOccurrences(of: ":slug", with: Slug.make(title)) }
        return path.hasPrefix("/") ? path : "/" + path
    }
}

package struct LoadedCatalog: Sendable {
    package var catalog: Catalog?
    package var diagnostics: [Diagnostic]
}

extension DataValue {
    /// The value as plain text: keys, titles, facet values. Nil when empty.
    package var displayKey: String? { plainText(TimeZone(identifier: "UTC") ?? .current) }

    /// The value as plain text; dates as `2026-03-14` in `timeZone`.
    package func plainText(_ timeZone: TimeZone) -> String? {
        switch self {
        case .null: nil
        case .string(let text): Self.trimmed(text)
        case .integer(let value): String(value)
        case .decimal(let value): FacetLabels.plain(value)
        case .boolean(let value): value ? "true" : "false"
        case .date(let date): Self.day(date, timeZone: timeZone)
        case .list(let items): items.isEmpty ? nil : items.joined(separator: ", ")
        }
    }

    /// Text without surrounding white space, nil when nothing is left. Most cells have none to trim.
    static func trimmed(_ text: String) -> String? {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return nil }
        let spaces = CharacterSet.whitespacesAndNewlines
        if !spaces.contains(first) && !spaces.contains(last) { return text }
        let result = text.trimmingCharacters(in: spaces)
        return result.isEmpty ? nil : result
    }

    /// `2027-03-31`: the calendar day of `date` in `timeZone` (`CivilDate`: a date
    /// formatter per value is slow at 100,000 rows).
    static func day(_ date: Date, timeZone: TimeZone) -> String {
        let seconds = Int((date.timeIntervalSince1970).rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let civil = CivilDate(daysSince1970: days)
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(civil.year, 4))-\(padded(civil.month, 2))-\(padded(civil.day, 2))"
    }

    /// Sort order: numbers, dates and booleans by value, text ignoring case and accents.
    /// Empty values go last whatever the direction, so callers sort them separately.
    func compare(to other: DataValue) -> ComparisonResult {
        switch (self, other) {
        case (.null, .null): return .orderedSame
        case (.null, _): return .orderedDescending
        case (_, .null): return .orderedAscending
        case (.date(let a), .date(let b)): return a == b ? .orderedSame : (a < b ? .orderedAscending : .orderedDescending)
        case (.boolean(let a), .boolean(let b)): return a == b ? .orderedSame : (!a ? .orderedAscending : .orderedDescending)
        default:
            if let a = number, let b = other.number { return a == b ? .orderedSame : (a < b ? .orderedAscending : .orderedDescending) }
            let a = displayKey ?? ""
            let b = other.displayKey ?? ""
            return a.compare(b, options: [.caseInsensitive, .diacriticInsensitive])
        }
    }
}
