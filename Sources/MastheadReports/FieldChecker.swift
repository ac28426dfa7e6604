import Foundation
import MastheadContent
import MastheadSupport

/// Checks a block's fields against its source's columns and types, with did-you-mean.
struct FieldChecker {
    let source: StatsSource
    let timeZone: TimeZone

    func check(_ spec: BlockSpec) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func column(_ field: String, _ key: String, at location: SourceLocation) -> StatsColumn? {
            if let index = source.column(field) { return source.columns[index] }
            diagnostics.append(
                .error(
                    "\(key): unknown field '\(field)' in \(source.name)\(Suggestion.didYouMean(field, in: source.columnNames))"
                        + " (fields: \(source.columnNames.joined(separator: ", ")))",
                    at: location))
            return nil
        }
        if let x = spec.x, let column = column(x.field, "x.field", at: x.location) {
            switch x.rule {
            case .bucket(let bucket) where column.type != .date:
                diagnostics.append(
                    .error(
                        "x.bucket: '\(x.field)' holds \(column.type.rawValue) values; bucket: \(bucket.rawValue) needs a date field", at: x.location))
            case .binWidth, .bins:
                if column.type != .integer && column.type != .decimal {
                    diagnostics.append(
                        .error("x: '\(x.field)' holds \(column.type.rawValue) values; a histogram needs a number field", at: x.location))
                }
            default: break
            }
            if spec.drawsRows, column.type != .integer, column.type != .decimal {
                diagnostics.append(
                    .error(
                        "x: '\(x.field)' holds \(column.type.rawValue) values; a \(spec.chartType.rawValue) chart places rows by a number field",
                        at: x.location))
            }
        }
        if let field = spec.pointValue, let column = column(field, "y.value", at: spec.measureLocation),
            column.type != .integer, column.type != .decimal
        {
            diagnostics.append(
                .error("y.value: '\(field)' holds \(column.type.rawValue) values; a scatter chart plots numbers", at: spec.measureLocation))
        }
        if let field = spec.pointLabel { _ = column(field, "pointLabel", at: spec.pointLabelLocation ?? spec.location) }
        if let field = spec.row { _ = column(field, "row", at: spec.rowLocation ?? spec.location) }
        if let field = spec.measure.field, let column = column(field, "y.\(spec.measure.keyword)", at: spec.measureLocation) {
            if case .distinct = spec.measure {
            } else if column.type != .integer && column.type != .decimal {
                diagnostics.append(
                    .error(
                        "y.\(spec.measure.keyword): cannot \(verb(spec.measure)) '\(field)':"
                            + " it holds \(column.type.rawValue) values, not numbers (use count or distinct)",
                        at: spec.measureLocation))
            }
        }
        if let series = spec.series {
            _ = column(series, "series", at: spec.seriesLocation ?? spec.location)
        }
        if spec.kind == .kpi, let x = spec.x, !x.rule.isDateBucket {
            diagnostics.append(
                .error(
                    "x: a kpi compares periods: give a date field with a bucket (x: { field: date, bucket: month }), got '\(x.field)'", at: x.location
                ))
        }
        return diagnostics
    }

    /// `x.values` typed as the x field; a value that does not fit is an error at the list.
    func resolveFixedValues(_ spec: BlockSpec, diagnostics: inout [Diagnostic]) -> [DataValue]? {
        guard let x = spec.x, let values = x.values, let index = source.column(x.field) else { return nil }
        // A list field groups by its elements: they are text.
        let type = source.columns[index].type == .list ? FieldType.string : source.columns[index].type
        var typed: [DataValue] = []
        for text in values {
            // Groups of numbers compare as numbers: 0.5 may be listed for a field that so far holds whole numbers.
            let parsed = DataValue.parse(text, as: type, timeZone: timeZone)
            switch (parsed, type) {
            case (.success(let value), _): typed.append(value)
            case (.failure, .integer) where Double(text.trimmingCharacters(in: .whitespaces))?.isFinite == true:
                typed.append(.decimal(Double(text.trimmingCharacters(in: .whitespaces)) ?? 0))
            case (.failure(let problem), _):
                diagnostics.append(
                    .error("x.values: \(problem.message) (the field '\(x.field)' holds \(type.rawValue) values)", at: x.valuesLocation ?? x.location))
            }
        }
        return typed
    }

    private func verb(_ measure: Measure) -> String {
        switch measure {
        case .sum: "sum"
        case .average: "average"
        case .minimum: "take the minimum of"
        case .maximum: "take the maximum of"
        default: "count"
        }
    }

    /// Filter values typed as their fields; a value that does not fit is an error at its line.
    func resolveFilters(_ filters: [FieldFilter], diagnostics: inout [Diagnostic]) -> [(Int, Aggregator.ResolvedFilter)] {
        var resolved: [(Int, Aggregator.ResolvedFilter)] = []
        for filter in filters {
            guard let index = source.column(filter.field) else {
                diagnostics.append(
                    .error(
                        "where: unknown field '\(filter.field)' in \(source.name)\(Suggestion.didYouMean(filter.field, in: source.columnNames))"
                            + " (fields: \(source.columnNames.joined(separator: ", ")))",
                        at: filter.location))
                continue
            }
            // The elements of a list field are text: `where: { genres: Drama }`.
            let type = source.columns[index].type == .list ? FieldType.string : source.columns[index].type
            func typed(_ text: String?) -> DataValue? {
                guard let text else { return nil }
                switch DataValue.parse(text, as: type, timeZone: timeZone) {
                case .success(let value): return value
                case .failure(let problem):
                    diagnostics.append(
                        .error("where.\(filter.field): \(problem.message) (the field holds \(type.rawValue) values)", at: filter.location))
                    return nil
                }
            }
            switch filter.condition {
            case .oneOf(let values):
                resolved.append((index, .oneOf(Set(values.compactMap(typed)))))
            case .range(let lower, let upper):
                if type != .integer, type != .decimal, type != .date {
                    diagnostics.append(
                        .error(
                            "where.\(filter.field): min, max, from and to need a number or date field;"
                                + " '\(filter.field)' holds \(type.rawValue) values",
                            at: filter.location))
                    continue
                }
                resolved.append((index, .range(lower: typed(lower), upper: typed(upper))))
            }
        }
        return resolved
    }
}
