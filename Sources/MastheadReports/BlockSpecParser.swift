import Foundation
import MastheadCharts
import MastheadContent
import MastheadSupport

/// Reads a block's YAML into a `BlockSpec`, with a diagnostic at the exact line of every
/// problem. Whether fields exist is checked later, against the source's columns.
enum BlockSpecParser {
    static let keys = [
        "type", "title", "caption", "source", "where", "x", "y", "series", "sort", "limit", "labels", "unit", "format", "currency", "row",
        "pointLabel", "aspect"
    ]
    static let xKeys = ["field", "bucket", "binWidth", "bins", "label", "values", "catalog"]
    static let measureKeys = ["count", "sum", "avg", "min", "max", "distinct", "value"]
    /// Keys only charts have.
    static let chartOnlyKeys = ["type", "row", "pointLabel", "aspect"]

    /// The keys a block of `kind` accepts.
    static func keys(for kind: BlockSpec.Kind) -> [String] {
        switch kind {
        case .chart: keys
        case .kpi: keys.filter { !chartOnlyKeys.contains($0) && $0 != "series" }
        case .table: keys.filter { !chartOnlyKeys.contains($0) }
        }
    }

    static func parse(_ node: YAMLNode, kind: BlockSpec.Kind, location: SourceLocation) -> (BlockSpec?, [Diagnostic]) {
        var reader = YAMLReader(node, context: "\(kind.rawValue) block")
        guard node.entries != nil else {
            if node.isNull { reader.error("\(kind.rawValue): the block is empty; give at least source: and y:", at: location) }
            return (nil, reader.diagnostics)
        }
        reader.warnAboutUnknownKeys(keys(for: kind), what: "\(kind.rawValue)")
        var ok = true
        var warnings: [Diagnostic] = []
        var chartType = ChartType.bar
        if kind == .chart {
            if let name = reader.string("type") {
                if let type = ChartType(rawValue: name.trimmingCharacters(in: .whitespaces)) {
                    chartType = type
                } else {
                    let names = ChartType.allCases.map(\.rawValue)
                    reader.error(
                        "type: unknown chart type '\(name)'\(Suggestion.didYouMean(name, in: names)) (one of \(names.joined(separator: ", ")))",
                        at: reader.locationOf("type"))
                    ok = false
                }
            } else {
                reader.error("missing required key 'type' (one of \(ChartType.allCases.map(\.rawValue).joined(separator: ", ")))", at: location)
                ok = false
            }
        }
        guard let source = reader.string("source", required: true) else {
            return (nil, reader.diagnostics)
        }
        var spec = BlockSpec(
            kind: kind, chartType: chartType, source: source.trimmingCharacters(in: .whitespaces), sourceLocation: reader.locationOf("source"),
            measureLocation: reader.has("y") ? reader.locationOf("y") : location, location: location)
        spec.title = reader.string("title")
        spec.caption = reader.string("caption")
        spec.unit = reader.string("unit")
        spec.filters = readFilters(&reader)
        spec.x = readX(&reader)
        if reader.has("y") {
            if let (measure, label, value) = readMeasure(&reader) {
                spec.measure = measure
                spec.yLabel = label
                spec.pointValue = value
            } else {
                ok = false
            }
        }
        if let series = reader.string("series") {
            spec.series = series
            spec.seriesLocation = reader.locationOf("series")
        }
        if let sort = reader.string("sort") {
            if let order = SortOrder(rawValue: sort.trimmingCharacters(in: .whitespaces)) {
                spec.sort = order
            } else {
                reader.error("sort: expected one of x, -x, y, -y, got \"\(sort)\"", at: reader.locationOf("sort"))
            }
        }
        spec.limit = reader.integer("limit", minimum: 1)
        if let labels = reader.node["labels"], !labels.isNull {
            if let entries = labels.entries {
                for entry in entries {
                    spec.labelOrder.append(entry.key)
                    if let text = entry.value.string {
                        spec.labels[entry.key] = text
                    } else {
                        reader.error("labels.\(entry.key): expected text, got \(entry.value.kindName)", at: entry.value.location)
                    }
                }
            } else {
                reader.error("labels: expected a mapping from value to the name to show, got \(labels.kindName)", at: labels.location)
            }
        }
        if let name = reader.string("format") {
            if let format = ValueFormat(rawValue: name.trimmingCharacters(in: .whitespaces)) {
                if kind == .chart {
                    warnings.append(
                        .warning("format: applies to kpi and table values; a chart writes plain numbers", at: reader.locationOf("format")))
                } else {
                    spec.valueFormat = format
                }
                if format == .currency {
                    let code = reader.string("currency")?.trimmingCharacters(in: .whitespaces)
                    if let code, code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }) {
                        spec.currency = code
                    } else {
                        let got = code.map { ", got \"\($0)\"" } ?? ""
                        reader.error(
                            "format: currency needs currency: with an ISO 4217 code like EUR or GBP\(got)",
                            at: code == nil ? reader.locationOf("format") : reader.locationOf("currency"))
                        ok = false
                    }
                }
            } else {
                let names = ValueFormat.allCases.map(\.rawValue)
                reader.error(
                    "format: unknown format '\(name)'\(Suggestion.didYouMean(name, in: names)) (one of \(names.joined(separator: ", ")))",
                    at: reader.locationOf("format"))
                ok = false
            }
        }
        if kind == .chart {
            if let label = reader.string("pointLabel") {
                spec.pointLabel = label.trimmingCharacters(in: .whitespaces)
                spec.pointLabelLocation = reader.locationOf("pointLabel")
            }
            if let row = reader.string("row") {
                spec.row = row.trimmingCharacters(in: .whitespaces)
                spec.rowLocation = reader.locationOf("row")
            }
            if let name = reader.string("aspect") {
                if let aspect = ChartAspect(rawValue: name.trimmingCharacters(in: .whitespaces)) {
                    spec.aspect = aspect
                } else {
                    reader.error("aspect: expected geo, got \"\(name)\"", at: reader.locationOf("aspect"))
                    ok = false
                }
            }
            ok = checkRowCharts(spec, &reader) && ok
        } else if spec.pointValue != nil {
            reader.error(
                "y.value: plots each row's own value, in a chart of type: scatter;"
                    + " a \(kind.rawValue) needs a measure (count, sum, avg, min, max or distinct)",
                at: spec.measureLocation)
            ok = false
        }
        if let x = spec.x, x.values != nil {
            switch x.rule {
            case .binWidth, .bins:
                reader.error("x.values: fixed values are groups of their own; leave out binWidth and bins", at: x.valuesLocation ?? x.location)
                ok = false
            default: break
            }
        }
        if kind == .chart {
            if spec.x == nil, reader.has("x") == false {
                reader.error("missing required key 'x' (the field along the axis, e.g. x: { field: date, bucket: month })", at: location)
                ok = false
            }
            if let x = spec.x {
                switch (chartType, x.rule) {
                case (.histogram, .binWidth), (.histogram, .bins): break
                case (.histogram, _):
                    reader.error("x: a histogram needs binWidth: or bins: (e.g. x: { field: score, binWidth: 1 })", at: x.location)
                    ok = false
                case (_, .binWidth), (_, .bins):
                    reader.error("x: binWidth and bins are for type: histogram", at: x.location)
                    ok = false
                default: break
                }
            }
            if chartType == .donut || chartType == .sparkline || chartType == .histogram, let seriesLocation = spec.seriesLocation {
                reader.error("series: a \(chartType.rawValue) chart shows one series", at: seriesLocation)
                ok = false
            }
        }
        return (ok && !reader.diagnostics.hasErrors ? spec : nil, reader.diagnostics + warnings)
    }

    /// What scatter and grid charts need, and the keys only they take.
    private static func checkRowCharts(_ spec: BlockSpec, _ reader: inout YAMLReader) -> Bool {
        var ok = true
        let type = spec.chartType
        if let x = spec.x, type == .scatter || type == .grid {
            if x.rule != .value || x.values != nil || x.catalog != nil {
                reader.error(
                    "x: a \(type.rawValue) chart places each row by the number in its field: give just the field (x: \(x.field))", at: x.location)
                ok = false
            }
        }
        switch type {
        case .scatter:
            if spec.pointValue == nil {
                reader.error("y: a scatter chart plots each row's own value: y: { value: FIELD }", at: spec.measureLocation)
                ok = false
            }
        case .grid:
            if spec.row == nil {
                reader.error("missing required key 'row' (the field giving each cell's line, e.g. row: row)", at: spec.location)
                ok = false
            }
            if reader.has("y") {
                reader.error("y: a grid chart draws one cell per row and has no y; leave it out", at: spec.measureLocation)
                ok = false
            }
        default:
            if spec.pointValue != nil {
                reader.error(
                    "y.value: plots each row's own value, for type: scatter;"
                        + " a \(type.rawValue) chart needs a measure (count, sum, avg, min, max or distinct)",
                    at: spec.measureLocation)
                ok = false
            }
            if let location = spec.rowLocation {
                reader.error("row: is for type: grid", at: location)
                ok = false
            }
            if let location = spec.pointLabelLocation {
                reader.error("pointLabel: is for type: scatter and type: grid", at: location)
                ok = false
            }
        }
        if spec.aspect != nil, type != .scatter {
            reader.error("aspect: is for type: scatter", at: reader.locationOf("aspect"))
            ok = false
        }
        return ok
    }

    private static func readFilters(_ reader: inout YAMLReader) -> [FieldFilter] {
        guard let node = reader.node["where"], !node.isNull else { return [] }
        guard let entries = node.entries else {
            reader.error("where: expected a mapping from field to a value or { in, min, max, from, to }, got \(node.kindName)", at: node.location)
            return []
        }
        var filters: [FieldFilter] = []
        for entry in entries {
            let value = entry.value
            if let text = value.string {
                filters.append(FieldFilter(field: entry.key, condition: .oneOf([text]), location: value.location))
            } else if let items = value.items {
                filters.append(FieldFilter(field: entry.key, condition: .oneOf(items.compactMap(\.string)), location: value.location))
            } else if let conditions = value.entries {
                var lower: String?
                var upper: String?
                for condition in conditions {
                    switch condition.key {
                    case "in":
                        guard
                            let items = condition.value.items
                                ?? condition.value.string.map({ [YAMLNode(kind: .scalar($0), location: condition.value.location)] })
                        else {
                            reader.error(
                                "where.\(entry.key).in: expected a list of values, got \(condition.value.kindName)", at: condition.value.location)
                            continue
                        }
                        filters.append(
                            FieldFilter(field: entry.key, condition: .oneOf(items.compactMap(\.string)), location: condition.value.location))
                    case "min", "from": lower = condition.value.string
                    case "max", "to": upper = condition.value.string
                    default:
                        reader.error(
                            "where.\(entry.key): unknown condition '\(condition.key)'"
                                + Suggestion.didYouMean(condition.key, in: ["in", "min", "max", "from", "to"])
                                + " (one of in, min, max, from, to)",
                            at: condition.keyLocation)
                    }
                }
                if lower != nil || upper != nil {
                    filters.append(FieldFilter(field: entry.key, condition: .range(lower: lower, upper: upper), location: value.location))
                }
            } else {
                reader.error("where.\(entry.key): expected a value or { in, min, max, from, to }", at: value.location)
            }
        }
        return filters
    }

    private static func readX(_ reader: inout YAMLReader) -> XSpec? {
        guard let node = reader.node["x"], !node.isNull else { return nil }
        if let field = node.string { return XSpec(field: field.trimmingCharacters(in: .whitespaces), rule: .value, location: node.location) }
        guard node.entries != nil else {
            reader.error(
                "x: expected a field name or { field, bucket | binWidth | bins | values | catalog }, got \(node.kindName)", at: node.location)
            return nil
        }
        return reader.mapping("x") { x -> XSpec? in
            x.warnAboutUnknownKeys(xKeys, what: "x")
            guard let field = x.string("field", required: true) else { return nil }
            var rule = GroupingRule.value
            if let bucket = x.string("bucket") {
                guard let value = DateBucket(rawValue: bucket.trimmingCharacters(in: .whitespaces)) else {
                    let names = DateBucket.allCases.map(\.rawValue)
                    x.error(
                        "x.bucket: expected one of \(names.joined(separator: ", ")), got \"\(bucket)\"\(Suggestion.didYouMean(bucket, in: names))",
                        at: x.locationOf("bucket"))
                    return nil
                }
                rule = .bucket(value)
            }
            if let widthNode = x.node["binWidth"], !widthNode.isNull {
                guard let width = widthNode.string.flatMap(Double.init), width > 0, width.isFinite else {
                    x.error("x.binWidth: expected a positive number, got \(widthNode.kindName)", at: widthNode.location)
                    return nil
                }
                rule = .binWidth(width)
            }
            if let binsNode = x.node["bins"], !binsNode.isNull {
                let edges = (binsNode.items ?? []).compactMap { $0.string.flatMap(Double.init) }
                guard let items = binsNode.items, edges.count == items.count, edges.count >= 2, zip(edges, edges.dropFirst()).allSatisfy({ $0 < $1 })
                else {
                    x.error(
                        "x.bins: expected at least two ascending numbers, the bin edges (e.g. [0, 100, 500, 1000]), got \(binsNode.kindName)",
                        at: binsNode.location)
                    return nil
                }
                rule = .bins(edges)
            }
            var spec = XSpec(field: field.trimmingCharacters(in: .whitespaces), rule: rule, label: x.string("label"), location: x.locationOf("field"))
            let ruleNode = x.node["binWidth"] ?? x.node["bins"] ?? x.node["bucket"]
            spec.ruleLocation = ruleNode?.location
            if let valuesNode = x.node["values"], !valuesNode.isNull {
                guard let items = valuesNode.items, !items.isEmpty, items.allSatisfy({ $0.string != nil }) else {
                    x.error(
                        "x.values: expected a list of the x values to show, in order (e.g. [0.5, 1, 1.5]), got \(valuesNode.kindName)",
                        at: valuesNode.location)
                    return nil
                }
                spec.values = items.compactMap(\.string)
                spec.valuesLocation = valuesNode.location
            }
            if let catalog = x.string("catalog") {
                spec.catalog = catalog.trimmingCharacters(in: .whitespaces)
                spec.catalogLocation = x.locationOf("catalog")
            }
            return spec
        }
    }

    /// The measure, its label, and for scatter charts the field of `value:`.
    private static func readMeasure(_ reader: inout YAMLReader) -> (Measure, String?, String?)? {
        guard let node = reader.node["y"] else { return nil }
        if node.string == "count" { return (.count, nil, nil) }
        guard let entries = node.entries else {
            reader.error(
                "y: expected { count: true } or { sum | avg | min | max | distinct | value: field }, got \(node.kindName)", at: node.location)
            return nil
        }
        var measure: Measure?
        var label: String?
        var pointValue: String?
        for entry in entries {
            let value = entry.value.string ?? ""
            let found: Measure?
            switch entry.key {
            case "label":
                label = value
                continue
            case "count": found = .count
            case "sum": found = .sum(value)
            case "avg": found = .average(value)
            case "min": found = .minimum(value)
            case "max": found = .maximum(value)
            case "distinct": found = .distinct(value)
            case "value":
                found = .count
                pointValue = value.trimmingCharacters(in: .whitespaces)
            default:
                reader.error(
                    "y: unknown measure '\(entry.key)'\(Suggestion.didYouMean(entry.key, in: measureKeys))"
                        + " (one of \(measureKeys.joined(separator: ", ")))",
                    at: entry.keyLocation)
                return nil
            }
            if entry.key != "count", value.isEmpty {
                reader.error("y.\(entry.key): expected a field name, got \(entry.value.kindName)", at: entry.value.location)
                return nil
            }
            if measure != nil {
                reader.error("y: give one measure, got '\(entry.key)' too", at: entry.keyLocation)
                return nil
            }
            measure = found
        }
        guard let measure else {
            reader.error("y: missing the measure (count, sum, avg, min, max or distinct)", at: node.location)
            return nil
        }
        return (measure, label, pointValue)
    }
}
